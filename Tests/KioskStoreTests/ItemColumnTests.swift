// The items table declared once (ItemRecord.columns): the table is exactly the schema's
// columns, and every column survives a write and a read by each path the store has (insert,
// the feed's upsert, a window read, a single read) with random values of its type, so a column
// bound in one place and read in another, or left out of one SQL list, fails here.
import TestSupport
import XCTest
@testable import KioskStore

final class ItemColumnTests: XCTestCase {
    func testTheColumnTableIsTheItemsTableOfTheLatestSchema() throws {
        let items = try XCTUnwrap(try ItemStore.schemaObjects().first { $0.name == "items" })
        XCTAssertEqual(ItemRecord.columns.map(\.name), items.columns.map(\.name))
        for column in ItemRecord.columns { XCTAssertFalse(column.meaning.isEmpty, column.name) }
    }

    func testRandomItemsReadBackAsWrittenThroughEveryWritePath() throws {
        var random = SplitMix64(state: 0x5EED_C01)
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("items.sqlite3"))
        for round in 0..<200 {
            let item = Self.randomItem(&random, id: "item-\(round)")
            if round % 2 == 0 {
                try store.insert([item])
            } else {
                XCTAssertEqual(try store.applyFeed([.upsert(item)]), 1)
            }
            XCTAssertEqual(try store.item(id: item.id), Self.asRead(item), "round \(round)")
            // The list's window reads the same columns (when the item is in it).
            let query = ItemQuery(listID: item.listID, archived: item.archived)
            if item.deletedAt == nil {
                XCTAssertTrue(try store.items(query, offset: 0, limit: 1000).contains(Self.asRead(item)), "round \(round)")
            }
            // Written again with every other value: every column is replaced, none kept.
            var other = Self.randomItem(&random, id: "item-\(round)")
            other.updatedAt = item.updatedAt + 1
            try store.insert([other])
            XCTAssertEqual(try store.item(id: item.id), Self.asRead(other), "round \(round)")
        }
    }

    /// `item` as the screen reads it: a column read cut to its length (title, subtitle, body)
    /// ends at its first NUL, as SQLite's substr() does; the database keeps the whole text.
    static func asRead(_ item: ItemRecord) -> ItemRecord {
        var read = item
        func upToNUL(_ text: String) -> String { String(String.UnicodeScalarView(text.unicodeScalars.prefix { $0 != "\0" })) }
        for column in ItemRecord.columns where column.readLimit != nil {
            switch column.field {
            case .text(let get, let set): set(&read, upToNUL(get(read)))
            case .optionalText(let get, let set): set(&read, get(read).map(upToNUL))
            default: continue
            }
        }
        return read
    }

    /// An item with a random value in every field, within what a read returns whole.
    static func randomItem(_ random: inout SplitMix64, id: String) -> ItemRecord {
        func text(_ maximum: Int = 12) -> String {
            let alphabet = Array("abcxyzÄéß中文 \u{0}\u{301}🙂")
            return String((0..<Int.random(in: 0...maximum, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        func optionalText() -> String? { Bool.random(using: &random) ? nil : text() }
        func flag() -> Bool { Bool.random(using: &random) }
        return ItemRecord(
            id: ItemID(id), listID: ["inbox", "todo", "a b"].randomElement(using: &random)!, title: text(), subtitle: text(),
            body: text(40), avatar: optionalText(), icon: optionalText(), badge: Int.random(in: 0...5000, using: &random),
            unread: flag(), flagged: flag(), archived: flag(),
            deletedAt: flag() ? nil : Int64.random(in: 0...Int64(1) << 42, using: &random),
            section: ["", "A", "Zürich"].randomElement(using: &random)!, sortKey: Int64.random(in: -1000...1000, using: &random),
            updatedAt: Int64.random(in: 0...Int64(1) << 42, using: &random), image: optionalText(), pinned: flag(),
            imageAlt: optionalText())
    }
}
