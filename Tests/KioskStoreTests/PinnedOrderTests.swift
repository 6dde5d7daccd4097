// The pin effect's list order (ItemEffect.pin, migration 6): pinned items first in their section
// and sections holding one first, checked against a model of the order over random lists and
// windows; the window still walks the index without sorting; and a database of the version
// before gains the column with every item keeping every field.
import Foundation
import TestSupport
import XCTest
@testable import KioskStore

final class PinnedOrderTests: XCTestCase {
    func testRandomListsReadInTheModelsOrderInEveryWindow() throws {
        var random = SplitMix64(state: 0x9199_ED)
        for round in 0..<20 {
            let dir = try TemporaryDirectory()
            let store = try ItemStore(path: dir.file("items.sqlite3"))
            let items = (0..<Int.random(in: 1...60, using: &random)).map { n in
                ItemRecord(
                    id: ItemID("i\(Int.random(in: 0...9999, using: &random))-\(n)"), listID: "inbox", title: "\(n)",
                    section: ["", "A", "B", "C"].randomElement(using: &random)!, sortKey: Int64.random(in: 0...20, using: &random),
                    updatedAt: 1, pinned: Int.random(in: 0..<4, using: &random) == 0)
            }
            try store.insert(items)
            let query = ItemQuery(listID: "inbox")
            let expected = Self.modelOrder(items).map(\.id)
            XCTAssertEqual(try store.items(query, offset: 0, limit: 1000).map(\.id), expected, "round \(round)")
            let sections = try store.sections(query)
            for _ in 0..<5 {
                let offset = Int.random(in: 0...items.count, using: &random), limit = Int.random(in: 1...15, using: &random)
                XCTAssertEqual(try store.items(query, sections: sections, offset: offset, limit: limit).map(\.id),
                               Array(expected.dropFirst(offset).prefix(limit)), "round \(round) window \(offset)+\(limit)")
            }
        }
    }

    /// The list order docs/INTEGRATION.md describes, computed in Swift.
    static func modelOrder(_ items: [ItemRecord]) -> [ItemRecord] {
        let bySection = Dictionary(grouping: items, by: \.section)
        let sections = bySection.keys.sorted { a, b in
            let pa = bySection[a]!.contains(where: \.pinned), pb = bySection[b]!.contains(where: \.pinned)
            if pa != pb { return pa }
            let ka = bySection[a]!.map(\.sortKey).min()!, kb = bySection[b]!.map(\.sortKey).min()!
            return ka != kb ? ka < kb : Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }
        return sections.flatMap { section in
            bySection[section]!.sorted { a, b in
                if a.pinned != b.pinned { return a.pinned }
                return a.sortKey != b.sortKey ? a.sortKey < b.sortKey : Array(a.id.key.utf8).lexicographicallyPrecedes(Array(b.id.key.utf8))
            }
        }
    }

    func testTheWindowWalksTheIndexWithoutSorting() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("items.sqlite3"))
        try store.insert((1...500).map { ItemRecord(id: ItemID("\($0)"), listID: "inbox", title: "", sortKey: Int64($0), updatedAt: 1, pinned: $0 % 7 == 0) })
        let plan = try store.queryPlan(ItemStore.windowSQL, ItemQuery(listID: "inbox")).joined(separator: "\n")
        XCTAssertTrue(plan.contains("items_section_window"), plan)
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }

    func testAVersion5DatabaseGainsPinnedAndKeepsEveryField() throws {
        try checkMigrationKeepsEveryField(from: 5)
    }

    /// Version 6 gains `image_alt` (a picture's text alternative) the same way.
    func testAVersion6DatabaseGainsImageAltAndKeepsEveryField() throws {
        try checkMigrationKeepsEveryField(from: 6)
    }

    /// A database of schema `version`, written as that version's build would (without the
    /// columns later migrations add), migrates with every item keeping every field, and the pin
    /// then orders it.
    private func checkMigrationKeepsEveryField(from version: Int) throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("v\(version).sqlite3")
        var random = SplitMix64(state: UInt64(version))
        let later = Set(ItemStore.columnsAdded(after: version).filter { $0.table == "items" }.map(\.column))
        XCTAssertFalse(later.isEmpty)
        let items = (0..<50).map { n -> ItemRecord in
            var item = ItemColumnTests.randomItem(&random, id: "v\(version)-\(n)")
            item.pinned = false  // the pin below then moves it first
            if later.contains("image_alt") { item.imageAlt = nil }
            return item
        }
        do {
            let old = try ItemStore(path: path, synchronous: .normal, busyTimeout: 1000, schemaVersion: version)
            let columns = ItemRecord.columns.filter { !later.contains($0.name) }
            let sql = "INSERT INTO items (\(columns.map(\.name).joined(separator: ", "))) VALUES ("
                + columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ") + ")"
            for item in items {
                try old.db.withStatement(sql, operation: "test") { s throws(StoreError) in
                    for (i, column) in columns.enumerated() { try column.field.bind(item, to: s, at: Int32(i + 1)) }
                    try s.run()
                }
            }
        }
        let store = try ItemStore(path: path)
        XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion)
        XCTAssertEqual(try store.integrityProblems(), [])
        for item in items { XCTAssertEqual(try store.item(id: item.id), ItemColumnTests.asRead(item)) }
        // Pinning one moves it to the front of its section.
        let query = ItemQuery(listID: items[9].listID, archived: items[9].archived)
        let target = try XCTUnwrap(try store.items(query, offset: 0, limit: 100).last { $0.section == items[9].section && $0.deletedAt == nil })
        try store.apply(ItemChange(.pin, on: true), to: target.id, at: 10)
        let after = try store.items(query, offset: 0, limit: 100)
        XCTAssertEqual(after.first?.id, target.id)
    }

    /// A file may already have a column a migration still to run adds (other programs add
    /// columns): it is refused naming the column, in any case of its name, before anything is
    /// written (no WAL, no copy, the same bytes), and the start's checks that doctor runs say
    /// the same. A version-5 file whose windowing index was dropped migrates.
    func testAColumnInTheWayOfAMigrationIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try TemporaryDirectory()
        func version5(_ name: String, _ sql: String) throws -> String {
            let path = dir.file(name)
            let old = try ItemStore(path: path, synchronous: .normal, busyTimeout: 1000, schemaVersion: 5)
            try old.db.execute("INSERT INTO items (id, list_id, sort_key) VALUES ('a', 'inbox', 2), ('b', 'inbox', 1); " + sql, operation: "test")
            try old.db.execute("PRAGMA journal_mode=DELETE", operation: "test")
            return path
        }
        for (name, column) in [("same", "pinned INTEGER NOT NULL DEFAULT 0"), ("text", "pinned TEXT"), ("upper", "PINNED INTEGER")] {
            let path = try version5(name + ".sqlite3", "ALTER TABLE items ADD COLUMN \(column)")
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            for open in [{ () throws -> Void in _ = try ItemStore(path: path) }, { _ = try ItemStore.check(path: path) }] {
                XCTAssertThrowsError(try open()) { error in
                    guard case .notKioskDatabase(_, .columnInTheWay(let table, let found, let version))? = error as? StoreError else {
                        return XCTFail("\(name): \(error)")
                    }
                    XCTAssertEqual([table, found.lowercased(), "\(version)"], ["items", "pinned", "6"], name)
                }
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(name): the file is as it was")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(name) }
            XCTAssertEqual(left, [name + ".sqlite3"], "\(name): no WAL, no copy")
        }
        let noIndex = try version5("noindex.sqlite3", "DROP INDEX items_section_window")
        XCTAssertEqual(try ItemStore(path: noIndex).schemaVersion(), ItemStore.latestSchemaVersion)
    }
}
