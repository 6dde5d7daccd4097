// What swipe actions do to stored items, and that each change and its actions_log row are
// one transaction: soft delete, undo, purge, archive, the toggles, log-only effects, and a
// log insert that fails taking its change down with it.
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ItemStoreActionTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var store: ItemStore!
    private let inbox = ItemQuery(listID: "inbox")

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        store = try ItemStore(path: directory.file("actions.sqlite3"))
        try store.insert(sampleItems(5))
    }

    override func tearDown() {
        store = nil
        directory = nil
    }

    func testSoftDeleteUndoAndPurgeAfterTheUndoWindow() throws {
        let deleted = try store.apply(.delete, to: "inbox-2", at: 10_000)
        XCTAssertEqual(deleted.deletedAt, 10_000)
        XCTAssertEqual(try store.count(inbox), 4)
        XCTAssertFalse(try store.items(inbox, limit: 10).map(\.id).contains("inbox-2"))

        let restored = try store.apply(.undoDelete, to: "inbox-2", at: 11_000)
        XCTAssertNil(restored.deletedAt)
        XCTAssertEqual(restored.updatedAt, 11_000)
        XCTAssertEqual(try store.items(inbox, limit: 10).map(\.id), ["inbox-1", "inbox-2", "inbox-3", "inbox-4", "inbox-5"])

        try store.apply(.delete, to: "inbox-2", at: 20_000)
        try store.apply(.delete, to: "inbox-2", at: 25_000)  // deleting twice keeps the first time
        XCTAssertEqual(try store.item(id: "inbox-2")?.deletedAt, 20_000)
        XCTAssertEqual(try store.purgeDeleted(before: 20_000, at: 21_000), 0, "still inside the undo window")
        XCTAssertNotNil(try store.item(id: "inbox-2"))
        XCTAssertEqual(try store.purgeDeleted(before: 20_001, at: 30_000), 1)
        XCTAssertNil(try store.item(id: "inbox-2"))
        XCTAssertThrowsError(try store.apply(.undoDelete, to: "inbox-2", at: 31_000)) { error in
            XCTAssertEqual(error as? StoreError, .itemNotFound(id: "inbox-2"))
        }
        let log = try store.actionLog()
        XCTAssertEqual(log.map(\.action), ["delete", "undo-delete", "delete", "delete", "purge"])
        XCTAssertEqual(log.last?.detail, "1 items")
        XCTAssertEqual(log.first?.itemID, "inbox-2")
        XCTAssertEqual(log.first?.listID, "inbox")
        XCTAssertEqual(log.first?.time, 10_000)
    }

    func testArchiveEffectTogglesBetweenTheActiveAndArchivedLists() throws {
        XCTAssertEqual(try store.perform(.archive, on: "inbox-1", actionID: "archive", at: 100), .archive)
        XCTAssertEqual(try store.count(inbox), 4)
        XCTAssertEqual(try store.items(ItemQuery(listID: "inbox", archived: true), limit: 10).map(\.id), ["inbox-1"])
        XCTAssertEqual(try store.perform(.archive, on: "inbox-1", actionID: "archive", at: 200), .unarchive)
        XCTAssertEqual(try store.count(inbox), 5)
        XCTAssertEqual(try store.actionLog().map(\.action), ["archive", "unarchive"])
    }

    func testFlagAndReadEffectsToggle() throws {
        XCTAssertEqual(try store.perform(.flag, on: "inbox-3", actionID: "flag", at: 1), .flag)
        XCTAssertEqual(try store.item(id: "inbox-3")?.flagged, true)
        XCTAssertEqual(try store.perform(.flag, on: "inbox-3", actionID: "flag", at: 2), .unflag)
        XCTAssertEqual(try store.item(id: "inbox-3")?.flagged, false)
        XCTAssertEqual(try store.perform(.read, on: "inbox-3", actionID: "read", at: 3), .markRead)
        XCTAssertEqual(try store.item(id: "inbox-3")?.unread, false)
        XCTAssertEqual(try store.perform(.read, on: "inbox-3", actionID: "toggle-read", at: 4), .markUnread)
        let item = try XCTUnwrap(try store.item(id: "inbox-3"))
        XCTAssertTrue(item.unread)
        XCTAssertEqual(item.updatedAt, 4)
        let log = try store.actionLog()
        XCTAssertEqual(log.map(\.action), ["flag", "unflag", "read", "unread"])
        XCTAssertEqual(log.map(\.detail), ["flag", "flag", "read", "toggle-read"], "the configured action id")
    }

    func testEffectsWithoutDataChangeAreOnlyLogged() throws {
        let before = try store.item(id: "inbox-4")
        XCTAssertNil(try store.perform(.command, on: "inbox-4", actionID: "print", at: 7))
        XCTAssertNil(try store.perform(.sheet, on: "inbox-4", actionID: "more", at: 8))
        XCTAssertEqual(try store.item(id: "inbox-4"), before)
        let log = try store.actionLog()
        XCTAssertEqual(log.map(\.action), ["print", "more"])
        XCTAssertEqual(log.map(\.detail), ["command", "sheet"])
        try store.log(action: "open-detail", itemID: "inbox-4", listID: "inbox", at: 9)
        XCTAssertEqual(try store.actionLog(after: log[1].id).map(\.action), ["open-detail"])
    }

    func testUnknownItemWritesNothing() throws {
        XCTAssertThrowsError(try store.perform(.flag, on: "missing", actionID: "flag", at: 1)) { error in
            XCTAssertEqual(error as? StoreError, .itemNotFound(id: "missing"))
        }
        XCTAssertThrowsError(try store.apply(.archive, to: "missing", at: 1))
        XCTAssertEqual(try store.actionLog(), [])
    }

    func testAChangeIsRolledBackWhenItsLogRowCannotBeWritten() throws {
        try store.db.execute("""
            CREATE TRIGGER log_full BEFORE INSERT ON actions_log BEGIN SELECT RAISE(ABORT, 'log is full'); END;
            """, operation: "test")
        XCTAssertThrowsError(try store.perform(.flag, on: "inbox-1", actionID: "flag", at: 50)) { error in
            guard case .sqlite(_, let message, let operation)? = error as? StoreError else {
                return XCTFail("expected an SQLite error, got \(error)")
            }
            XCTAssertEqual(message, "log is full")
            XCTAssertEqual(operation, "log flag")
        }
        XCTAssertEqual(try store.item(id: "inbox-1")?.flagged, false, "the change went with its log row")
        XCTAssertEqual(try store.item(id: "inbox-1")?.updatedAt, 1_000)

        try store.db.execute("DROP TRIGGER log_full", operation: "test")
        try store.perform(.flag, on: "inbox-1", actionID: "flag", at: 60)
        XCTAssertEqual(try store.item(id: "inbox-1")?.flagged, true, "the connection is usable after the rollback")
        XCTAssertEqual(try store.actionLog().count, 1)
    }
}
