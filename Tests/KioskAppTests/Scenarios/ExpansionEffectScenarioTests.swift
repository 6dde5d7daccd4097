// A full swipe with a destructive expansion (`destructive`, `destructiveAfterFill`) does what the
// expanding action does, through `replay` on a database file: a "Flag" or "Sheet" action flags or
// opens the sheet and the row comes back with its item; only delete deletes and archive archives.
// (Before, the fill deleted the item whatever the action: the log showed `flag` then `delete`.)
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ExpansionEffectScenarioTests: XCTestCase {
    static func config(expansion: String, effect: String) -> String {
        """
        [[lists]]
        id = "inbox"
        title = "Inbox"
        [lists.trailing]
        expansion = "\(expansion)"
        [[lists.trailing.actions]]
        id = "first"
        title = "First"
        color = "#FF9500"
        effect = "\(effect)"
        [[lists.trailing.actions]]
        id = "delete"
        title = "Delete"
        color = "#FF3B30"
        effect = "delete"
        """
    }

    /// Full-swipes the row at y = 330 and returns its id, the state after, and the store's log.
    func fullSwipe(expansion: String, effect: String) throws -> (id: String, after: [String: Any], store: ItemStore) {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        var script = TimedScript(size: "1280x800")
        script.at(0, "state before.json")
        script.drag(0, from: (1250, 330), to: (150, 330), at: 10, ms: 400)
        script.at(420, "up 0")
        script.at(2000, "state after.json")
        script.at(2100, "end")
        let s = try Scenario(script.text, config: Self.config(expansion: expansion, effect: effect), database: path)
        let before = try s.state("before")
        let id = try XCTUnwrap(before.rows.first { ($0["frame"] as? [Double]).map { 330 >= $0[1] && 330 < $0[1] + $0[3] } ?? false }?["id"] as? String)
        return (id, try s.state("after"), try ItemStore(path: path))
    }

    func testDestructiveExpansionOnFlagFlagsAndKeepsTheItem() throws {
        for expansion in ["destructive", "destructiveAfterFill"] {
            let (id, after, store) = try fullSwipe(expansion: expansion, effect: "flag")
            XCTAssertEqual(after.logActions, ["first"], expansion)
            let item = try XCTUnwrap(try store.item(id: ItemID(id)), expansion)
            XCTAssertNil(item.deletedAt, "\(expansion): the flagged item was deleted")
            XCTAssertTrue(item.flagged, expansion)
            XCTAssertEqual(try store.actionLog().map(\.action).filter { $0 != "seed" }, ["flag"], expansion)
            XCTAssertNotNil(after.row(id), "\(expansion): the row did not come back")
            XCTAssertEqual(after.swipeState(id), "idle", expansion)
        }
    }

    func testDestructiveExpansionOnASheetActionOpensTheSheetAndKeepsTheItem() throws {
        let (id, after, store) = try fullSwipe(expansion: "destructive", effect: "sheet")
        XCTAssertNil(try XCTUnwrap(try store.item(id: ItemID(id))).deletedAt, "the item was deleted")
        XCTAssertFalse(try store.actionLog().map(\.action).contains("delete"))
        XCTAssertNotNil(after.sheet, "the action sheet did not open")
    }

    func testDestructiveExpansionOnArchiveArchivesWithoutDeleting() throws {
        let (id, after, store) = try fullSwipe(expansion: "destructive", effect: "archive")
        let item = try XCTUnwrap(try store.item(id: ItemID(id)))
        XCTAssertNil(item.deletedAt, "the archived item was deleted as well")
        XCTAssertTrue(item.archived)
        XCTAssertEqual(try store.actionLog().map(\.action).filter { $0 != "seed" }, ["archive"])
        XCTAssertNil(after.row(id), "the archived row is still in the list")
    }

    func testDestructiveExpansionOnDeleteStillDeletes() throws {
        let (id, after, store) = try fullSwipe(expansion: "destructive", effect: "delete")
        XCTAssertNotNil(try XCTUnwrap(try store.item(id: ItemID(id))).deletedAt)
        XCTAssertNil(after.row(id))
    }

    func testCheckConfigWarnsAboutADestructiveExpansionOnFlag() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file("kiosk.toml")
        try Self.config(expansion: "destructive", effect: "flag").write(toFile: file, atomically: true, encoding: .utf8)
        let run = try KioskProcess(["check-config", file])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardError.contains("\(file):5:13: warning: lists[0].trailing.expansion"), run.standardError)
        try Self.config(expansion: "destructive", effect: "delete").write(toFile: file, atomically: true, encoding: .utf8)
        let quiet = try KioskProcess(["check-config", file])
        XCTAssertEqual(quiet.status, 0, quiet.standardError)
        XCTAssertEqual(quiet.standardError, "")
    }
}
