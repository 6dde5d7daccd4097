// Changes made by another process (simulated by a second connection to the same file) are
// seen by polling data_version, and the diff helper turns two orderings into the removals,
// insertions, moves and updates the list animates.
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ItemStoreChangeTests: XCTestCase {
    func testSecondConnectionsInsertUpdateAndDeleteAreDetected() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("shared.sqlite3")
        let kiosk = try ItemStore(path: path)
        let other = try ItemStore(path: path)
        let query = ItemQuery(listID: "inbox")
        XCTAssertFalse(try kiosk.pollForChanges())
        let start = kiosk.changeGeneration

        try other.insert(sampleItems(3))
        XCTAssertTrue(try kiosk.pollForChanges())
        XCTAssertEqual(kiosk.changeGeneration, start + 1)
        XCTAssertEqual(try kiosk.count(query), 3)
        XCTAssertFalse(try kiosk.pollForChanges(), "reported once")

        try other.db.execute("UPDATE items SET title = 'Renamed', updated_at = 2000 WHERE id = 'inbox-2'", operation: "test")
        XCTAssertTrue(try kiosk.pollForChanges())
        XCTAssertEqual(try kiosk.item(id: "inbox-2")?.title, "Renamed")

        try other.db.execute("DELETE FROM items WHERE id = 'inbox-1'", operation: "test")
        XCTAssertTrue(try kiosk.pollForChanges())
        XCTAssertEqual(kiosk.changeGeneration, start + 3)
        XCTAssertEqual(try kiosk.items(query, limit: 10).map(\.id), ["inbox-2", "inbox-3"])

        // The kiosk's own writes count as changes at once, and do not show up again when polling.
        try kiosk.apply(.flag, to: "inbox-3", at: 3000)
        XCTAssertEqual(kiosk.changeGeneration, start + 4)
        XCTAssertFalse(try kiosk.pollForChanges())
        XCTAssertTrue(try other.pollForChanges(), "the other connection sees the kiosk's write")
        XCTAssertEqual(try kiosk.purgeDeleted(before: 10_000, at: 10_000), 0)
        XCTAssertEqual(kiosk.changeGeneration, start + 4, "a write that changed no row is not a change")
    }

    func testReadsSeeCommittedWritesOfTheOtherConnectionWhileTheyWait() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("lock.sqlite3")
        let kiosk = try ItemStore(path: path)
        let other = try ItemStore(path: path, busyTimeout: 0)
        try kiosk.insert(sampleItems(2))
        // While another connection holds the write lock, a write without busy time fails typed.
        try kiosk.db.execute("BEGIN IMMEDIATE", operation: "test")
        XCTAssertThrowsError(try other.apply(.flag, to: "inbox-1", at: 1)) { error in
            XCTAssertEqual((error as? StoreError)?.resultCode.map { $0 & 0xFF }, 5, "SQLITE_BUSY: \(error)")
        }
        XCTAssertEqual(try other.count(ItemQuery(listID: "inbox")), 2, "WAL readers are not blocked by the writer")
        try kiosk.db.execute("COMMIT", operation: "test")
        XCTAssertEqual(try other.apply(.flag, to: "inbox-1", at: 2).flagged, true)
    }

    private func entries(_ ids: String, version: [String: StoreTime] = [:]) -> [ListDiff.Entry] {
        ids.split(separator: " ").map { ListDiff.Entry(id: String($0), updatedAt: version[String($0)] ?? 1) }
    }

    func testDiffOfIdenticalOrderingsIsEmpty() {
        XCTAssertTrue(ListDiff(old: entries("a b c"), new: entries("a b c")).isEmpty)
        XCTAssertTrue(ListDiff(old: [], new: []).isEmpty)
    }

    func testDiffFindsRemovalsAndInsertions() {
        let diff = ListDiff(old: entries("a b c d"), new: entries("a c x d y"))
        XCTAssertEqual(diff.removals, [1])
        XCTAssertEqual(diff.insertions, [2, 4])
        XCTAssertEqual(diff.moves, [])
        XCTAssertEqual(diff.updates, [])
    }

    func testDiffFindsUpdatesByVersion() {
        let diff = ListDiff(old: entries("a b c"), new: entries("a b c", version: ["b": 5]))
        XCTAssertEqual(diff.updates, [1])
        XCTAssertEqual(diff.removals + diff.insertions, [])
        XCTAssertFalse(diff.isEmpty)
    }

    func testDiffReportsOnlyTheItemsThatLeftTheirOrderAsMoves() {
        // "e" jumps to the front: one move, not four.
        let diff = ListDiff(old: entries("a b c d e"), new: entries("e a b c d"))
        XCTAssertEqual(diff.moves, [ListDiff.Move(from: 4, to: 0)])
        XCTAssertEqual(diff.removals + diff.insertions + diff.updates, [])

        let swap = ListDiff(old: entries("a b c"), new: entries("c b a"))
        XCTAssertEqual(swap.moves.count, 2)
    }

    func testDiffAppliedToTheOldOrderingGivesTheNewOne() {
        let old = entries("a b c d e f g")
        let new = entries("g b h a e i c", version: ["e": 9])
        let diff = ListDiff(old: old, new: new)
        // Rebuild: kept items in new order from the old list, inserted ones from the new list.
        let removed = Set(diff.removals.map { old[$0].id })
        let inserted = Set(diff.insertions.map { new[$0].id })
        XCTAssertEqual(removed, ["d", "f"])
        XCTAssertEqual(inserted, ["h", "i"])
        XCTAssertEqual(diff.updates.map { new[$0].id }, ["e"])
        let keptOld = old.map(\.id).filter { !removed.contains($0) }
        let keptNew = new.map(\.id).filter { !inserted.contains($0) }
        let moved = Set(diff.moves.map { old[$0.from].id })
        XCTAssertEqual(keptOld.filter { !moved.contains($0) }, keptNew.filter { !moved.contains($0) },
                       "items that did not move keep their relative order")
        XCTAssertEqual(diff.moves.count, 3, "old positions of the kept items are 6 1 0 4 2: two of five stay")
    }
}
