// The store side of the feed on a real SQLite file: a batch is one transaction, the same message
// twice writes nothing, an older updated_at never overwrites a newer one, a removal only takes
// the item from the list named in its topic, and the outbox cursor never moves back.
@testable import KioskStore
import TestSupport
import XCTest

final class FeedStoreTests: XCTestCase {
    private func item(_ id: String, title: String, at time: Int64, list: String = "inbox") -> FeedChange {
        .upsert(ItemRecord(id: ItemID(id), listID: list, title: title, sortKey: 1, updatedAt: time))
    }

    func testFeedChangesAreIdempotentAndNeverGoBackInTime() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("k.sqlite3"))
        XCTAssertEqual(try store.applyFeed([item("a", title: "v2", at: 20), item("b", title: "b", at: 1)]), 2)
        XCTAssertEqual(try store.applyFeed([item("a", title: "v2", at: 20)]), 0, "the same message again writes nothing")
        XCTAssertEqual(try store.applyFeed([item("a", title: "v1", at: 10)]), 0, "an older version is skipped")
        XCTAssertEqual(try store.item(id: "a")?.title, "v2")
        XCTAssertEqual(try store.applyFeed([item("a", title: "v3", at: 30)]), 1)
        XCTAssertEqual(try store.item(id: "a")?.title, "v3")
        XCTAssertEqual(try store.applyFeed([.remove(id: "b", listID: "news")]), 0, "b is not in news")
        XCTAssertEqual(try store.applyFeed([.remove(id: "b", listID: "inbox")]), 1)
        XCTAssertNil(try store.item(id: "b"))
        XCTAssertEqual(try store.applyFeed([.remove(id: "b", listID: "inbox")]), 0, "removing twice is fine")
    }

    func testABatchIsAppliedWholeOrNotAtAll() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("k.sqlite3"))
        // The 40th insert of the batch fails (a trigger stands in for a full disk or a constraint).
        try store.db.execute("CREATE TRIGGER refuse BEFORE INSERT ON items WHEN NEW.id = 'i40' BEGIN SELECT RAISE(ABORT, 'refused'); END;",
                             operation: "test")
        let batch = (1...50).map { item("i\($0)", title: "t", at: 1) }
        XCTAssertThrowsError(try store.applyFeed(batch))
        XCTAssertEqual(try store.visibleItemCount(listID: "inbox"), 0, "nothing half-applied")
        try store.db.execute("DROP TRIGGER refuse", operation: "test")
        XCTAssertEqual(try store.applyFeed(batch), 50)
        XCTAssertEqual(try store.visibleItemCount(listID: "inbox"), 50)
    }

    func testOutboxCursorNeverMovesBack() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("k.sqlite3"))
        XCTAssertEqual(try store.outboxCursor("actions"), 0)
        try store.advanceOutboxCursor("actions", to: 7)
        try store.advanceOutboxCursor("actions", to: 5)
        XCTAssertEqual(try store.outboxCursor("actions"), 7)
    }
}
