// A delete happens once and is purged once, whatever happens around it: a second Delete while
// the row collapses writes no second delete row, and a kiosk restarted inside the undo window
// still purges what it deleted before (the purge is the kiosk's own deletes in actions_log,
// not only what this process remembers). Through `replay` on a database file.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore

final class DeleteLifecycleScenarioTests: XCTestCase {
    static let demo = "[data]\ndemo_data = true\n"

    func deletes(_ path: String) throws -> [String] {
        try ItemStore(path: path).actionLog().filter { $0.action == "delete" || $0.action == "purge" }
            .map { "\($0.action) \($0.itemID?.key ?? $0.detail ?? "")" }
    }

    func testASecondDeleteDuringTheCollapseDeletesNothing() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        _ = try Scenario("""
            size 1280x800
            at 0    key DOWN
            at 100  key DOWN
            at 200  key DOWN
            at 1000 key DELETE
            at 1051 key DELETE
            at 2000 end
            """, config: Self.demo, database: path)
        XCTAssertEqual(try deletes(path), ["delete inbox-3"])
    }

    func testWhatTheKioskDeletedBeforeARestartIsPurgedAfterIt() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        _ = try Scenario("size 1280x800\nat 0 key DOWN\nat 100 key DELETE\nat 2000 end", config: Self.demo, database: path)
        XCTAssertEqual(try deletes(path), ["delete inbox-1"])
        // The next run remembers no delete of its own; the undo window (30 s) passes in it.
        _ = try Scenario("size 1280x800\nat 40000 end", config: Self.demo, database: path)
        XCTAssertEqual(try deletes(path), ["delete inbox-1", "purge 1 items"])
        XCTAssertNil(try ItemStore(path: path).item(id: "inbox-1"))
    }
}
