// Items are written by other programs in whatever SQLite storage class they like: an id stored
// as a blob and a text id of the same bytes, or two texts that are not UTF-8 (both read as
// U+FFFD), are different items. The store keeps each id byte for byte (`ItemID`), the UI names
// each by an injective key, and every action, undo and log row goes to exactly the row it came
// from; the purge removes only what the kiosk itself deleted.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ItemIdentityTests: XCTestCase {
    /// Rows whose ids read alike as Swift strings but are distinct in SQLite.
    static let lookalikes = """
        INSERT INTO items (id, list_id, title, sort_key, updated_at) VALUES
            ('dup', 'inbox', 'Text dup', 1, 1),
            (x'647570', 'inbox', 'Blob dup', 2, 1),
            (CAST(x'ff' AS TEXT), 'inbox', 'Bad FF', 3, 1),
            (CAST(x'fe' AS TEXT), 'inbox', 'Bad FE', 4, 1),
            ('\u{FFFE}t64', 'inbox', 'Escape-like', 5, 1);
        """

    func lookalikeStore() throws -> (ItemStore, TemporaryDirectory) {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("items.sqlite3"))
        try store.db.execute(Self.lookalikes, operation: "test")
        return (store, dir)
    }

    func testEveryStoredIdHasItsOwnKeyAndComesBackExactly() throws {
        let (store, _dir) = try lookalikeStore()
        _ = _dir
        let items = try store.items(ItemQuery(listID: "inbox"), limit: 10)
        XCTAssertEqual(items.map(\.title), ["Text dup", "Blob dup", "Bad FF", "Bad FE", "Escape-like"])
        XCTAssertEqual(Set(items.map(\.id.key)).count, 5, "keys: \(items.map(\.id.key))")
        for item in items {
            let id = try XCTUnwrap(ItemID(key: item.id.key), item.title)
            XCTAssertEqual(id, item.id, item.title)
            XCTAssertEqual(try store.item(id: id)?.title, item.title, "the key reads back the row it names")
        }
        XCTAssertEqual(items[0].id.key, "dup", "plain text ids are their own key")
        XCTAssertNil(ItemID(key: ItemID.placeholderKey(3)), "a placeholder names no item")
        XCTAssertNil(ItemID(key: "\u{FFFE}t647570"), "plain text has one key only")
    }

    func testAnActionOnTheBlobIdChangesAndLogsTheBlobRowOnly() throws {
        let (store, _dir) = try lookalikeStore()
        _ = _dir
        let blob = try XCTUnwrap(try store.items(ItemQuery(listID: "inbox"), limit: 10).first { $0.title == "Blob dup" }).id
        try store.apply(.delete, to: blob, at: 50)
        XCTAssertNil(try store.item(id: "dup")?.deletedAt, "the text 'dup' is untouched")
        XCTAssertEqual(try store.item(id: blob)?.deletedAt, 50)
        XCTAssertEqual(try store.db.text("SELECT typeof(item_id) FROM actions_log WHERE action = 'delete'", operation: "test"), "blob")
        XCTAssertEqual(try store.actionLog().last?.itemID, blob, "the log names the blob row")
        try store.apply(.undoDelete, to: blob, at: 60)
        XCTAssertNil(try store.item(id: blob)?.deletedAt)
    }

    func testTheTextScanPagesThroughBlobAndNonUTF8IdsOnce() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("items.sqlite3"))
        try store.db.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
            INSERT INTO items (id, list_id, title, sort_key, updated_at)
                SELECT CAST(printf('%04d', i) AS BLOB), 'inbox', 'blob ' || i, i, 1 FROM n;
            """, operation: "test")
        var seen = 0
        // A page of 8 ends on a blob id: paging by the id's text would start over for ever.
        try store.forEachItemText(pageSize: 8) { _ in
            seen += 1
            return seen < 1000
        }
        XCTAssertEqual(seen, 40)
    }

    func testThePurgeRemovesOnlyWhatTheKioskDeleted() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("items.sqlite3"))
        try store.insert(["mine", "theirs", "redeleted"].map { ItemRecord(id: ItemID($0), listID: "inbox", title: $0, sortKey: 1, updatedAt: 1) })
        try store.apply(.delete, to: "mine", at: 10)
        try store.apply(.delete, to: "redeleted", at: 10)
        // Another program marks one item deleted itself, and re-dates one the kiosk deleted.
        try store.db.execute("UPDATE items SET deleted_at = 5 WHERE id = 'theirs'", operation: "test")
        try store.db.execute("UPDATE items SET deleted_at = 7 WHERE id = 'redeleted'", operation: "test")
        XCTAssertEqual(try store.purgeDeleted(before: 100, at: 100), 1)
        XCTAssertNil(try store.item(id: "mine"))
        XCTAssertNotNil(try store.item(id: "theirs"), "marked deleted by another program: not the kiosk's to purge")
        XCTAssertNotNil(try store.item(id: "redeleted"), "deleted again by another program")
    }

    /// A file with the kiosk's tables but `items.id` declared without TEXT (an importer's own
    /// CREATE TABLE) would keep 42 and '42' as two items and log both as the text '42': refused
    /// before anything is written, naming the column and pointing to `swipe-kiosk schema`.
    func testAnItemsTableWhoseIdIsNotTextIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        do {
            let db = try SQLiteConnection(path: path)
            for migration in ItemStore.migrations {
                try db.execute(migration.replacingOccurrences(of: "id TEXT PRIMARY KEY NOT NULL", with: "id PRIMARY KEY NOT NULL"),
                               operation: "test")
            }
            try db.execute("PRAGMA user_version=\(ItemStore.latestSchemaVersion)", operation: "test")
            try db.execute("INSERT INTO items (id, list_id, title) VALUES (42, 'inbox', 'integer'), ('42', 'inbox', 'text')",
                           operation: "test")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            guard case StoreError.notKioskDatabase(_, .wrongColumn("items", "id", "TEXT PRIMARY KEY", "(no type) PRIMARY KEY")) = error else {
                return XCTFail("\(error)")
            }
        }
        let run = try KioskProcess(["screenshot", "--database", path, "--output", dir.file("s.png")])
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.standardError.contains("items.id"), run.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the refused file was written")
    }
}
