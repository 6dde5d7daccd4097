// Other programs write the items table in whatever storage class they like: a flag may be 'yes',
// 0.5, x'01', -1, '1', or NULL where another program declared the column nullable. A toggle must go the other way than the row shows it (the record reads
// a flag as sqlite3_column_int64 != 0), never the same way; and pinned items are ordered as
// their rows show them. Every data effect and every such value, on a real database.
import Foundation
import TestSupport
import XCTest
@testable import KioskStore

final class HostileFlagValueTests: XCTestCase {
    /// Values another program may store in a flag column, as SQL literals.
    static let values = ["0", "1", "2", "-1", "'yes'", "'no'", "'1'", "'0'", "0.5", "1.0", "-0.5", "x'01'", "x''", "''",
                         "9223372036854775807", "NULL", "' 1abc'", "'0x10'", "x'31'"]

    /// A store at the latest schema whose flag columns another program declared nullable (the
    /// start accepts that: it checks types and keys, not NOT NULL).
    static func nullableStore(_ dir: TemporaryDirectory) throws -> ItemStore {
        let path = dir.file("items.sqlite3")
        let setup = try SQLiteConnection(path: path)
        for migration in ItemStore.migrations {
            var sql = migration
            for column in ["unread", "flagged", "archived", "pinned"] {
                sql = sql.replacingOccurrences(of: "\(column) INTEGER NOT NULL DEFAULT", with: "\(column) INTEGER DEFAULT")
            }
            try setup.execute(sql, operation: "test")
        }
        try setup.execute("PRAGMA user_version=\(ItemStore.latestSchemaVersion)", operation: "test")
        return try ItemStore(path: path)
    }

    /// What the row shows for `effect` of `item`: on or off.
    static func shown(_ effect: ItemEffect, _ item: ItemRecord) -> Bool {
        switch effect {
        case .delete: return item.deletedAt != nil
        case .archive: return item.archived
        case .flag: return item.flagged
        case .read: return !item.unread
        case .pin: return item.pinned
        default: XCTFail("an effect this test does not know: \(effect)"); return false
        }
    }

    static let columns: [ItemEffect: String] = [.archive: "archived", .flag: "flagged", .read: "unread", .pin: "pinned"]

    func testATogglesDirectionIsTheOppositeOfWhatTheRowShows() throws {
        let dir = try TemporaryDirectory()
        let store = try Self.nullableStore(dir)
        for effect in ItemEffect.all where effect.toggles {
            let column = try XCTUnwrap(Self.columns[effect], "a toggle without its column here: \(effect)")
            for (n, value) in Self.values.enumerated() {
                let id = ItemID("\(effect)-\(n)")
                try store.insert([ItemRecord(id: id, listID: "inbox", title: "", sortKey: 0, updatedAt: 0)])
                try store.db.execute("UPDATE items SET \(column) = \(value) WHERE id = '\(id.key)'", operation: "test")
                let before = Self.shown(effect, try XCTUnwrap(try store.item(id: id)))
                let change = try store.perform(actionID: "a", on: id, effect: effect, logDetail: "", at: 1)
                XCTAssertEqual(change?.on, !before, "\(effect) on \(column) = \(value)")
                XCTAssertEqual(Self.shown(effect, try XCTUnwrap(try store.item(id: id))), !before, "\(effect) on \(column) = \(value)")
            }
        }
    }

    func testPinnedItemsAreOrderedAsTheirRowsShowThem() throws {
        let dir = try TemporaryDirectory()
        let store = try Self.nullableStore(dir)
        var random = SplitMix64(state: 77)
        var items: [ItemRecord] = []
        for n in 0..<120 {
            let id = ItemID("i\(n)")
            try store.insert([ItemRecord(id: id, listID: "inbox", title: "", section: ["", "A", "B", "C", "D"].randomElement(using: &random)!,
                                         sortKey: Int64.random(in: 0...30, using: &random), updatedAt: 0)])
            try store.db.execute("UPDATE items SET pinned = \(Self.values.randomElement(using: &random)!) WHERE id = 'i\(n)'", operation: "test")
            items.append(try XCTUnwrap(try store.item(id: id)))
        }
        XCTAssertEqual(try store.items(ItemQuery(listID: "inbox"), offset: 0, limit: 1000).map(\.id),
                       PinnedOrderTests.modelOrder(items).map(\.id))
        let plan = try store.queryPlan(ItemStore.windowSQL, ItemQuery(listID: "inbox")).joined(separator: "\n")
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }
}
