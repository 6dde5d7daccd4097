// The pin effect as a person uses it (issue 23: an effect declared once, ItemEffect.pin): a full
// swipe on the third row pins its item, which moves to the top of the list, is marked on its
// row and in the state dump, and is logged `pin`; the same swipe on it, now first, unpins it
// and the list reads as before; with speech on, the row the arrow keys reach says "Pinned".
// Played through the real binary's replay over a database file.
import Foundation
import XCTest
@testable import KioskStore

final class PinScenarioTests: XCTestCase {
    /// Plays `script` (800x480) over items t1…t3 of list "tasks" whose trailing action pins;
    /// returns the directory (database `k.sqlite3`, the script's outputs).
    func play(_ script: String, speech: Bool = false) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let path = dir.file("k.sqlite3")
        let store = try ItemStore(path: path)
        try store.insert((1...3).map { ItemRecord(id: ItemID("t\($0)"), listID: "tasks", title: "Task \($0)", sortKey: Int64($0), updatedAt: 1) })
        try """
            [[lists]]
            id = "tasks"
            title = "Tasks"
            [lists.trailing]
            expansion = "selection"
            [[lists.trailing.actions]]
            id = "top"
            title = "Pin"
            icon = "pin"
            effect = "pin"
            \(speech ? "[accessibility]\nspeech = \"on\"" : "")
            """.write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        try ("size 800x480\n" + script).write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", dir.file("s.touch"), "--config", dir.file("k.toml"), "--database", path,
                                    "--out", dir.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        return dir
    }

    func testAFullSwipePinsAnItemToTheTopAndASecondUnpinsIt() throws {
        // Rows are 76 px high under a 64 px bar at 800x480: row 3 is centred at y 254, row 1 at 102.
        let dir = try play("""
            at 0 swipe 0 780 254 20 254 250
            at 1000 state pinned.json
            at 1100 swipe 0 780 102 20 102 250
            at 2200 state unpinned.json
            at 2300 end
            """)

        func items(_ name: String) throws -> [(id: String, flags: [String])] {
            let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file(name)))) as? [String: Any]
            return (state?["items"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0["flags"] as? [String] ?? []) }
        }
        let pinned = try items("pinned.json")
        XCTAssertEqual(pinned.map(\.id), ["t3", "t1", "t2"], "the pinned item comes first")
        XCTAssertEqual(pinned.first?.flags.contains("pinned"), true)
        let unpinned = try items("unpinned.json")
        XCTAssertEqual(unpinned.map(\.id), ["t1", "t2", "t3"], "unpinned, it goes back to its place")
        XCTAssertFalse(unpinned.contains { $0.flags.contains("pinned") })

        let log = try ItemStore(readingOnly: dir.file("k.sqlite3")).actionLog()
        XCTAssertEqual(log.map(\.action), ["pin", "unpin"])
        XCTAssertEqual(log.map(\.detail), ["top", "top"], "the configured action's id")
        XCTAssertEqual(log.map { $0.itemID?.key }, ["t3", "t3"])
    }

    func testThePinnedRowSaysSo() throws {
        let dir = try play("at 0 swipe 0 780 254 20 254 250\nat 1000 key Down\nat 1500 state s.json\nat 1600 end\n", speech: true)
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file("s.json")))) as? [String: Any]
        let said = (state?["speech"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        XCTAssertEqual(said.last, "Task 3. Unread. Pinned. 1 of 3. Actions: Pin.")
    }
}
