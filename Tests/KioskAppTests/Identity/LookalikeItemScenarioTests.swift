// Through `replay`, as a person: the second row's item has a blob id whose bytes spell the
// first row's text id. Long-pressing it and choosing "Cancel order" (a delete) must delete that
// row and no other, and Undo must bring back that row; before, the first row's item was deleted.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore

final class LookalikeItemScenarioTests: XCTestCase {
    func testDeleteAndUndoActOnTheRowThatWasTouched() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        do {
            let store = try ItemStore(path: path)
            try store.db.execute(ItemIdentityTests.lookalikes, operation: "test")
        }
        let config = ActionIdentityScenarioTests.config + "\n[data]\ndemo_data = false\n"
        // The row at y = 178 is the second (the blob); "Cancel order" is the sheet's first row.
        let s = try Scenario("""
            size 1280x800
            at 0    down 1 400 178
            at 700  up 1
            at 1000 state sheet.json
            at 1100 tap 640 588
            at 2000 state deleted.json
            at 2100 tap 836 752
            at 3000 state undone.json
            at 3100 end
            """, config: config, database: path)
        XCTAssertEqual(try s.state("sheet").sheet?["id"] as? String, "actions:\u{FFFE}b647570")
        let deleted = try s.state("deleted")
        XCTAssertEqual(deleted.items.compactMap { $0["title"] as? String }, ["Text dup", "Bad FF", "Bad FE", "Escape-like"])
        let store = try ItemStore(path: path)
        XCTAssertEqual(try store.db.integer("SELECT count(*) FROM items WHERE deleted_at IS NOT NULL", operation: "t"), 0,
                       "Undo brought back the deleted row")
        XCTAssertEqual(try store.db.text("SELECT group_concat(typeof(item_id) || ':' || action, ' ') FROM actions_log WHERE action != 'seed'",
                                         operation: "t"), "blob:delete blob:undo-delete")
        XCTAssertEqual(try s.state("undone").items.count, 5)
    }
}
