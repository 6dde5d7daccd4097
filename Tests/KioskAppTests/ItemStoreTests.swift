// The item store on real SQLite files in a temporary directory: opening, WAL and
// durability settings, schema migrations, typed errors for bad files, demo data, and paging
// a 100,000-item list through its index. Also names the temporary-directory helper the
// other store tests use.
import CSQLite
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskConfig
import TestSupport

/// The shared helper (TestSupport), by the name every file of this target uses without importing it.
typealias TemporaryDirectory = TestSupport.TemporaryDirectory

/// `count` items of `listID` with sort keys 1…count.
func sampleItems(_ count: Int, listID: String = "inbox", time: StoreTime = 1_000) -> [ItemRecord] {
    (1...count).map { n in
        ItemRecord(id: ItemID("\(listID)-\(n)"), listID: listID, title: "Item \(n)", subtitle: "Subtitle \(n)",
                   sortKey: Int64(n), updatedAt: time)
    }
}

final class ItemStoreTests: XCTestCase {
    func testNewDatabaseHasTheLatestSchemaInWALModeWithNormalSync() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("items.sqlite3"))
        XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion)
        XCTAssertEqual(ItemStore.latestSchemaVersion, 7)
        XCTAssertEqual(try store.db.text("PRAGMA journal_mode", operation: "test"), "wal")
        XCTAssertEqual(try store.db.integer("PRAGMA synchronous", operation: "test"), 1)
        XCTAssertEqual(try store.db.integer("PRAGMA busy_timeout", operation: "test"), 5000)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("items.sqlite3-wal")))
        XCTAssertEqual(try store.integrityProblems(), [])

        let full = try ItemStore(path: dir.file("full.sqlite3"), synchronous: .full)
        XCTAssertEqual(try full.db.integer("PRAGMA synchronous", operation: "test"), 2)
    }

    /// Rows written the way a build of schema version 1 or 2 wrote them (no `section` column).
    static let oldSchemaRows = """
        INSERT INTO items (id, list_id, title, subtitle, badge, unread, flagged, archived, deleted_at, sort_key, updated_at)
        VALUES ('inbox-1', 'inbox', 'Item 1', 'First', 2, 1, 0, 0, NULL, 30, 7),
               ('inbox-2', 'inbox', 'Item 2', 'Second', 0, 0, 1, 0, NULL, 10, 8),
               ('inbox-3', 'inbox', 'Item 3', 'Third', 0, 1, 0, 1, NULL, 20, 9),
               ('inbox-4', 'inbox', 'Item 4', 'Fourth', 0, 1, 0, 0, 5, 40, 9);
        INSERT INTO actions_log (time, action, item_id, list_id, detail) VALUES (5, 'delete', 'inbox-4', 'inbox', 'delete');
        """

    func testVersion1DatabaseIsMigratedKeepingItsItems() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("old.sqlite3")
        do {
            let old = try ItemStore(path: path, synchronous: .normal, busyTimeout: 1000, schemaVersion: 1)
            XCTAssertEqual(try old.schemaVersion(), 1)
            XCTAssertEqual(try old.db.integer(
                "SELECT count(*) FROM sqlite_master WHERE name = 'items_window'", operation: "test"), 0)
            try old.db.execute(Self.oldSchemaRows, operation: "test")
        }
        let store = try ItemStore(path: path)
        XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion)
        XCTAssertEqual(try store.db.integer(
            "SELECT count(*) FROM sqlite_master WHERE name IN ('items_section_window', 'items_deleted', 'actions_log_item', 'store_meta')",
            operation: "test"), 4)
        XCTAssertEqual(try store.items(ItemQuery(listID: "inbox"), limit: 10).map(\.id), ["inbox-2", "inbox-1"])
        // Opening again applies nothing.
        XCTAssertEqual(try ItemStore(path: path).schemaVersion(), ItemStore.latestSchemaVersion)
    }

    func testVersion2DatabaseGainsSectionsWithoutLosingData() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("v2.sqlite3")
        do {
            let old = try ItemStore(path: path, synchronous: .normal, busyTimeout: 1000, schemaVersion: 2)
            try old.db.execute(Self.oldSchemaRows, operation: "test")
            try old.db.execute("INSERT INTO store_meta (key, value) VALUES ('demo_seeded', '1')", operation: "test")
        }
        let store = try ItemStore(path: path)
        XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion)
        XCTAssertEqual(try store.integrityProblems(), [])
        // Every item keeps every field; all of them are under no section.
        XCTAssertEqual(try store.item(id: "inbox-1"), ItemRecord(
            id: "inbox-1", listID: "inbox", title: "Item 1", subtitle: "First", badge: 2, unread: true, sortKey: 30, updatedAt: 7))
        XCTAssertEqual(try store.item(id: "inbox-2")?.flagged, true)
        XCTAssertEqual(try store.item(id: "inbox-3")?.archived, true)
        XCTAssertEqual(try store.item(id: "inbox-4")?.deletedAt, 5)
        XCTAssertEqual(try store.db.integer("SELECT count(*) FROM items WHERE section = ''", operation: "test"), 4)
        XCTAssertEqual(try store.actionLog().map(\.action), ["delete"])
        XCTAssertFalse(try store.seedDemoDataIfNeeded([ItemStore.DemoList(listID: "inbox", rightToLeft: false)], at: 10))
        // The list reads as before: one section without a title, in sort_key order.
        let query = ItemQuery(listID: "inbox")
        XCTAssertEqual(try store.sections(query), [ItemSection(title: "", count: 2)])
        XCTAssertEqual(try store.items(query, limit: 10).map(\.id), ["inbox-2", "inbox-1"])
        XCTAssertEqual(try store.db.integer(
            "SELECT count(*) FROM sqlite_master WHERE name = 'items_window'", operation: "test"), 0, "the old index is gone")
        // New items may have sections.
        try store.insert([ItemRecord(id: "inbox-5", listID: "inbox", title: "Item 5", section: "Today", sortKey: 1, updatedAt: 11)])
        XCTAssertEqual(try store.item(id: "inbox-5")?.section, "Today")
        XCTAssertEqual(try store.sections(query), [ItemSection(title: "Today", count: 1), ItemSection(title: "", count: 2)])
    }

    func testTextLongerThanTheScreenCanShowIsCutWhenReadAndKeptInTheFile() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("long.sqlite3"))
        let huge = String(repeating: "é", count: 5_000_000)  // 10 MB of UTF-8, as a hostile importer writes
        try store.insert([ItemRecord(id: "long", listID: "inbox", title: huge, subtitle: huge, body: huge, sortKey: 1, updatedAt: 1)])
        for item in [try store.item(id: "long"), try store.items(ItemQuery(listID: "inbox"), limit: 1).first] {
            XCTAssertEqual(item?.title.count, ItemStore.maximumTitleCharacters)
            XCTAssertEqual(item?.subtitle.count, ItemStore.maximumTitleCharacters)
            XCTAssertEqual(item?.body.count, ItemStore.maximumBodyCharacters)
            XCTAssertEqual(item?.title.first, "é", "cut at characters, not bytes")
        }
        var stored = 0
        try store.forEachItemText(pageSize: 10) { item in stored = item.title.count; return true }
        XCTAssertEqual(stored, huge.count, "the database keeps the whole text")
    }

    func testSectionsAreOrderedByTheirFirstItemAndNeverSplit() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("sections.sqlite3"))
        func item(_ id: String, _ section: String, _ sortKey: Int64) -> ItemRecord {
            ItemRecord(id: ItemID(id), listID: "inbox", title: id, section: section, sortKey: sortKey, updatedAt: 1)
        }
        try store.insert([
            item("e1", "Earlier", 6), item("t2", "Today", 2), item("y1", "Yesterday", 4), item("t1", "Today", 1),
            item("p", "", 0), item("e2", "Earlier", 7), item("y2", "Yesterday", 5),
            item("late", "Today", 100),  // out of sort_key order: still listed with its section
        ])
        let query = ItemQuery(listID: "inbox")
        XCTAssertEqual(try store.sections(query), [
            ItemSection(title: "", count: 1), ItemSection(title: "Today", count: 3),
            ItemSection(title: "Yesterday", count: 2), ItemSection(title: "Earlier", count: 2),
        ])
        XCTAssertEqual(try store.items(query, limit: 20).map(\.id), ["p", "t1", "t2", "late", "y1", "y2", "e1", "e2"])
        // Windows across section boundaries.
        XCTAssertEqual(try store.items(query, offset: 3, limit: 3).map(\.id), ["late", "y1", "y2"])
        XCTAssertEqual(try store.items(query, offset: 7, limit: 5).map(\.id), ["e2"])
        XCTAssertEqual(try store.items(query, offset: 8, limit: 5).map(\.id), [])
        // Filters apply per section: a section without matching items is not listed.
        try store.apply(.archive, to: "p", at: 2)
        XCTAssertEqual(try store.sections(query).first, ItemSection(title: "Today", count: 3))
    }

    /// Another program wrote the table: a blob or number where text belongs, a section that is
    /// not UTF-8 or holds a NUL. Every item is still listed in its section, none twice or lost.
    func testValuesTypedWrongByAnotherProgramStillListEveryItem() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("typed.sqlite3"))
        try store.db.execute("""
            INSERT INTO items (id, list_id, title, subtitle, section, sort_key) VALUES
              ('n', 'inbox', 'Normal', '', 'Today', 1),
              ('t1', 'inbox', x'00ff41', 42, 7, 'abc'),
              ('t2', 'inbox', 'Blob section', '', x'c3', 1e308),
              ('t3', 'inbox', 'NUL section', '', CAST(x'410042' AS TEXT), 2),
              ('t4', 'inbox', 'Cut section', '', 'A', 3)
            """, operation: "test")
        let query = ItemQuery(listID: "inbox")
        let sections = try store.sections(query)
        XCTAssertEqual(sections.map(\.title), ["Today", "A\0B", "A", "\u{FFFD}", "7"])
        XCTAssertEqual(sections.map(\.count), [1, 1, 1, 1, 1])
        let items = try store.items(query, limit: 10)
        XCTAssertEqual(items.map(\.id), ["n", "t3", "t4", "t2", "t1"], "each in its own section, in list order")
        XCTAssertEqual(items.last?.title, "\0\u{FFFD}A", "a blob reads as its bytes, NUL included")
        XCTAssertEqual(items.last?.subtitle, "42")
        XCTAssertEqual(try store.items(query, offset: 3, limit: 1).map(\.id), ["t2"])
    }

    func testDatabaseFromANewerBuildIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("new.sqlite3")
        try ItemStore(path: path).db.execute("PRAGMA user_version=99", operation: "test")
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .newerSchema(path: path, found: 99, supported: ItemStore.latestSchemaVersion))
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

    /// SQLite would take a device for a database file and write its schema into it.
    func testADirectoryDeviceOrFIFOIsRefusedBeforeSQLiteOpensIt() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.file("items.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let link = dir.file("link.sqlite3")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        for (path, what) in [(dir.path, "is a directory"), ("/dev/zero", "is a character device, not a regular file"),
                             (fifo, "is a FIFO, not a regular file"), (link, "is a character device, not a regular file")] {
            XCTAssertThrowsError(try ItemStore(path: path)) { error in
                XCTAssertEqual("\(error)", "cannot open database \(path): it \(what)")
            }
        }
        var info = stat()
        XCTAssertEqual(stat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "left as it was")
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
        // 1,000 sections of 100 ("Day 0" … "Day 999": their titles do not sort like their days),
        // inserted in reverse so that order comes from sort_key, not from insertion.
        let items = sampleItems(100_000).map { item -> ItemRecord in
            var item = item
            item.section = "Day \((item.sortKey - 1) / 100)"
            return item
        }
        try store.insert(items.reversed() + sampleItems(10, listID: "other"))
        let query = ItemQuery(listID: "inbox")
        XCTAssertEqual(try store.count(query), 100_000)
        let sections = try store.sections(query)
        XCTAssertEqual(sections.count, 1000)
        XCTAssertEqual(sections.prefix(3), [ItemSection(title: "Day 0", count: 100), ItemSection(title: "Day 1", count: 100),
                                            ItemSection(title: "Day 2", count: 100)])
        XCTAssertEqual(sections.last, ItemSection(title: "Day 999", count: 100))
        XCTAssertEqual(try store.items(query, offset: 0, limit: 3).map(\.sortKey), [1, 2, 3])
        XCTAssertEqual(try store.items(query, sections: sections, offset: 49_990, limit: 20).map(\.sortKey), Array(49_991...50_010))
        XCTAssertEqual(try store.items(query, sections: sections, offset: 99_995, limit: 20).map(\.sortKey), Array(99_996...100_000))
        XCTAssertEqual(try store.items(query, sections: sections, offset: 100_000, limit: 20), [])
        let window = try store.queryPlan(ItemStore.windowSQL, query).joined(separator: "\n")
        XCTAssertTrue(window.contains("items_section_window"), window)
        XCTAssertFalse(window.contains("TEMP B-TREE"), window)
        // Counting sections walks the same index in section order: only the sections are sorted.
        let counting = try store.queryPlan(ItemStore.sectionsSQL, query).joined(separator: "\n")
        XCTAssertTrue(counting.contains("items_section_window"), counting)
        XCTAssertFalse(counting.contains("GROUP BY"), counting)
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
