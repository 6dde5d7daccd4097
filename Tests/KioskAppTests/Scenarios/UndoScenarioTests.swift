// Every action that changes data offers Undo the same way, as configured (issue 27): archive
// ("done", the ward's full swipe) offers it by default like delete, a flag or read toggle when
// its action says `undo = true`, and `undo = false` takes it away (a delete is still purged
// when its window closes). The toast says what happened; Undo takes back the change made and
// is logged `undo-<change>`. Played through the real binary's replay over a database file.
import Foundation
import XCTest
@testable import KioskStore

final class UndoScenarioTests: XCTestCase {
    /// Row 1's item on an 800x480 screen, swiped fully to the left (its trailing actions).
    static let fullSwipe = "at 0 swipe 0 780 100 20 100 250\n"
    /// The toast's Undo button on an 800x480 screen.
    static let undoTap = "tap 596 432"

    struct Outcome {
        var items: [String]
        var log: [String]
        var toast: String?
        var stored: [(id: String, archived: Int64, flagged: Int64, deleted: Bool)]
    }

    /// Replays `script` over three items with `action` as the trailing action of list "tasks".
    func play(_ script: String, action: String, at stateMs: Int) throws -> Outcome {
        let dir = try TemporaryDirectory()
        let path = dir.file("k.sqlite3")
        let store = try ItemStore(path: path)
        for i in 1...3 {
            try store.db.execute("INSERT INTO items (id, list_id, title, sort_key) VALUES ('t\(i)', 'tasks', 'Task \(i)', \(i))",
                                 operation: "test")
        }
        try """
            [data]
            undo_window_s = 4
            [[lists]]
            id = "tasks"
            title = "Tasks"
            [lists.filter]
            archived = false
            [lists.trailing]
            expansion = "destructive"
            [[lists.trailing.actions]]
            id = "done"
            title = "Done"
            \(action)
            """.write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        try ("size 800x480\n" + Self.fullSwipe + script + "\nat \(stateMs) state s.json\nat \(stateMs + 100) end\n")
            .write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", dir.file("s.touch"), "--config", dir.file("k.toml"), "--database", path,
                                    "--out", dir.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file("s.json")))) as? [String: Any]
        let reader = try ItemStore(readingOnly: path)
        var stored: [(String, Int64, Int64, Bool)] = []
        try reader.db.withStatement("SELECT id, archived, flagged, deleted_at IS NOT NULL FROM items ORDER BY id", operation: "test") { s throws(StoreError) in
            while try s.step() { stored.append((s.text(0), s.int64(1), s.int64(2), s.int64(3) != 0)) }
        }
        return Outcome(
            items: (state?["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String },
            log: (state?["log"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String },
            toast: state?["toast"] as? String, stored: stored)
    }

    func testArchivingOffersUndoByDefaultAndUndoBringsTheItemBack() throws {
        let shown = try play("", action: "effect = \"archive\"", at: 1000)
        XCTAssertEqual(shown.items, ["t2", "t3"], "done: archived out of the list")
        XCTAssertEqual(shown.toast, "Archived", "the toast says what happened (and offers Undo)")

        let undone = try play("at 1000 \(Self.undoTap)", action: "effect = \"archive\"", at: 2000)
        XCTAssertEqual(undone.log, ["done", "undo-archive"])
        XCTAssertEqual(undone.items, ["t1", "t2", "t3"], "Undo brings it back")
        XCTAssertEqual(undone.stored.first?.archived, 0)

        let late = try play("at 5000 \(Self.undoTap)", action: "effect = \"archive\"", at: 6000)
        XCTAssertEqual(late.log, ["done"], "after the undo window the tap does nothing")
        XCTAssertEqual(late.stored.first?.archived, 1)
    }

    func testAFlagOffersUndoOnlyWhenConfiguredSo() throws {
        let plain = try play("at 1000 \(Self.undoTap)", action: "effect = \"flag\"", at: 2000)
        XCTAssertNil(plain.toast, "a toggle shows its result on the row")
        XCTAssertEqual(plain.log, ["done"])
        XCTAssertEqual(plain.stored.first?.flagged, 1)

        let offered = try play("at 1000 \(Self.undoTap)", action: "effect = \"flag\"\nundo = true", at: 2000)
        XCTAssertEqual(offered.log, ["done", "undo-flag"])
        XCTAssertEqual(offered.stored.first?.flagged, 0)
    }

    func testUndoFalseOnADeleteShowsNoUndoAndStillPurges() throws {
        let outcome = try play("at 1000 \(Self.undoTap)", action: "effect = \"delete\"\nundo = false", at: 6000)
        XCTAssertEqual(outcome.log, ["done"], "no Undo to tap")
        XCTAssertEqual(outcome.stored.map(\.id), ["t2", "t3"], "purged when the window closed")
    }
}
