// The item store on real SQLite files in a temporary directory: opening, WAL and
// durability settings, schema migrations, typed errors for bad files, demo data, and paging
// a 100,000-item list through its index. Also holds the temporary-directory helper the
// other store tests use.
import CSQLite
import Foundation
import XCTest
@testable import KioskApp

/// A fresh directory under the system temp dir, removed when the test ends.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "swipekiosk-store-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }
}

/// `count` items of `listID` with sort keys 1…count.
func sampleItems(_ count: Int, listID: String = "inbox", time: StoreTime = 1_000) -> [ItemRecord] {
    (1...count).map { n in
        ItemRecord(id: "\(listID)-\(n)", listID: listID, title: "Item \(n)", subtitle: "Subtitle \(n)",
                   sortKey: Int64(n), updatedAt: time)
    }
}

final class ItemStoreTests: XCTestCase {
    func testNewDatabaseHasTheLatestSchemaInWALModeWithNormalSync() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("items.sqlite3"))
        XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion)
        XCTAssertEqual(ItemStore.latestSchemaVersion, 2)
        XCTAssertEqual(try store.db.text("PRAGMA journal_mode", operation: "test"), "wal")
        XCTAssertEqual(try store.db.integer("PRAGMA synchronous", operation: "test"), 1)
        XCTAssertEqual(try store.db.integer("PRAGMA busy_timeout", operation: "test"), 5000)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("items.sqlite3-wal")))
        XCTAssertEqual(try store.integrityProblems(), [])

        let full = try ItemStore(path: dir.file("full.sqlite3"), synchronous: .full)
        XCTAssertEqual(try full.db.integer("PRAGMA synchronous", operation: "test"), 2)
    }

    func testVersion1DatabaseIsMigratedKeepingItsItems() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("old.sqlite3")
        do {
            let old = try ItemStore(path: path, synchronous: .normal, busyTimeout: 1000, schemaVersion: 1)
            XCTAssertEqual(try old.schemaVersion(), 1)
            XCTAssertEqual(try old.db.integer(
                "SELECT count(*) FROM sqlite_master WHERE name = 'items_window'", operation: "test"), 0)
            try old.insert(sampleItems(3))
        }
        let store = try ItemStore(path: path)
        XCTAssertEqual(try store.schemaVersion(), 2)
        XCTAssertEqual(try store.db.integer(
            "SELECT count(*) FROM sqlite_master WHERE name IN ('items_window', 'items_deleted', 'actions_log_item', 'store_meta')",
            operation: "test"), 4)
        XCTAssertEqual(try store.items(ItemQuery(listID: "inbox"), limit: 10).map(\.id), ["inbox-1", "inbox-2", "inbox-3"])
        // Opening again applies nothing.
        XCTAssertEqual(try ItemStore(path: path).schemaVersion(), 2)
    }

    func testDatabaseFromANewerBuildIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("new.sqlite3")
        try ItemStore(path: path).db.execute("PRAGMA user_version=99", operation: "test")
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .newerSchema(path: path, found: 99, supported: 2))
        }
    }

    func testMissingDirectoryIsATypedError() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("no/such/dir/items.sqlite3")
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .directoryMissing(path: path))
            XCTAssertEqual("\(error)", "cannot open database \(path): its directory does not exist")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testCorruptFileIsATypedErrorNotATrap() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("garbage.sqlite3")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        try garbage.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            guard case .corrupt(let file, let code, _, _)? = error as? StoreError else {
                return XCTFail("expected .corrupt, got \(error)")
            }
            XCTAssertEqual(file, path)
            XCTAssertEqual(code & 0xFF, SQLITE_NOTADB)
            XCTAssertTrue("\(error)".contains("is not a valid SQLite database"), "\(error)")
        }
    }

    func testDemoDataIsSeededOnceIncludingRightToLeftItems() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("demo.sqlite3"))
        let lists = [ItemStore.DemoList(listID: "inbox", rightToLeft: false),
                     ItemStore.DemoList(listID: "rtl", rightToLeft: true)]
        XCTAssertTrue(try store.seedDemoDataIfNeeded(lists, at: 5_000))
        let inbox = try store.count(ItemQuery(listID: "inbox"))
        XCTAssertGreaterThan(inbox, 15)
        let rtl = try store.items(ItemQuery(listID: "rtl"), limit: 100)
        XCTAssertTrue(rtl.contains { $0.title.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) } }, "Hebrew")
        XCTAssertTrue(rtl.contains { $0.title.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } }, "Arabic")
        XCTAssertGreaterThan(try store.count(ItemQuery(listID: "inbox", archived: true)), 0)
        XCTAssertGreaterThan(try store.count(ItemQuery(listID: "inbox", flagged: true)), 0)

        // Deleting everything does not bring the demo back.
        try store.db.execute("DELETE FROM items", operation: "test")
        XCTAssertFalse(try store.seedDemoDataIfNeeded(lists, at: 6_000))
        XCTAssertEqual(try store.count(ItemQuery(listID: "inbox")), 0)
    }

    func testDemoListsFollowTheConfiguredSources() throws {
        let configuration = try KioskConfiguration.parse("""
            [[lists]]
            id = "mail"
            [[lists]]
            id = "archive"
            filter = { source = "mail", archived = true }
            [[lists]]
            id = "rtl"
            title = "דואר"
            direction = "auto"
            """, file: "t.toml")
        XCTAssertEqual(ItemStore.demoLists(for: configuration), [
            ItemStore.DemoList(listID: "mail", rightToLeft: false),
            ItemStore.DemoList(listID: "rtl", rightToLeft: true),
        ])
    }

    func testPagingOverAHundredThousandItemsWalksTheIndex() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("big.sqlite3"))
        // Inserted in reverse so that order comes from sort_key, not from insertion.
        try store.insert(sampleItems(100_000).reversed() + sampleItems(10, listID: "other"))
        let query = ItemQuery(listID: "inbox")
        XCTAssertEqual(try store.count(query), 100_000)
        XCTAssertEqual(try store.items(query, offset: 0, limit: 3).map(\.sortKey), [1, 2, 3])
        XCTAssertEqual(try store.items(query, offset: 50_000, limit: 20).map(\.sortKey), Array(50_001...50_020))
        XCTAssertEqual(try store.items(query, offset: 99_995, limit: 20).map(\.sortKey), Array(99_996...100_000))
        XCTAssertEqual(try store.items(query, offset: 100_000, limit: 20), [])
        let plan = try store.windowQueryPlan(query).joined(separator: "\n")
        XCTAssertTrue(plan.contains("items_window"), plan)
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }

    func testFiltersSelectFlaggedUnreadAndArchivedItems() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("filters.sqlite3"))
        var items = sampleItems(6)
        items[0].flagged = true
        items[1].unread = false
        items[2].archived = true
        items[3].deletedAt = 10
        try store.insert(items)
        XCTAssertEqual(try store.items(ItemQuery(listID: "inbox"), limit: 10).map(\.id),
                       ["inbox-1", "inbox-2", "inbox-5", "inbox-6"])
        XCTAssertEqual(try store.items(ItemQuery(listID: "inbox", flagged: true), limit: 10).map(\.id), ["inbox-1"])
        XCTAssertEqual(try store.items(ItemQuery(listID: "inbox", unread: false), limit: 10).map(\.id), ["inbox-2"])
        XCTAssertEqual(try store.items(ItemQuery(listID: "inbox", archived: true), limit: 10).map(\.id), ["inbox-3"])
        XCTAssertEqual(try store.count(ItemQuery(listID: "inbox", unread: true)), 3)
        XCTAssertEqual(try store.item(id: "inbox-4")?.flags, ["unread", "deleted"])
        XCTAssertNil(try store.item(id: "nope"))
    }
}
