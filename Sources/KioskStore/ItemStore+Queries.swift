// Reading and writing items for a virtualised list: its sections with their counts and
// offset/limit windows, both served by the `items_section_window` index (list, archived,
// deleted, section, order), so a page of a 100,000-item list costs an index walk, never a
// sort; plus inserts for importers, demo data and tests.
//
// List order: sections holding a pinned item first, then in the order of their first item
// (smallest sort_key, then title); within a section pinned items first, then by sort_key, id.
// Sections therefore never split, and an importer that numbers sort_key in display order
// (dates, say) sees exactly that order below the pinned items.

extension ItemStore {
    /// `items`' columns in `ItemRecord.columns`' order: what a write names and binds as ?1…?N.
    static let itemColumns = ItemRecord.columns.map(\.name).joined(separator: ", ")

    /// The characters of a title or subtitle read for the screen, and of a body: a row shows
    /// one line and the detail page a few screens, so a 10 MB title another program wrote costs
    /// what a short one does (SQLite cuts it before it is copied and decoded). The database
    /// keeps the whole text.
    static let maximumTitleCharacters = 1024
    static let maximumBodyCharacters = 65536

    /// `itemColumns` as the app reads them, with the text cut to what can be shown.
    static let readColumns = ItemRecord.columns.map(\.readExpression).joined(separator: ", ")

    /// `?1, ?2, …` for every column, in `itemColumns`' order.
    static let itemParameters = ItemRecord.columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")

    /// Whether an item is pinned, as its row reads `pinned` (`ItemEffect.pin`, the index of
    /// migration 6 holds exactly this expression, so the window's order walks it): text, reals
    /// blobs and NULL (a nullable column another program declared) count as the row shows them.
    static let pinnedSQL = "(ifnull(CAST(pinned AS INTEGER), 0) != 0)"

    /// The filter shared by `count`, `sections` and `items`: parameters ?1 list, ?2 archived, ?3 flagged, ?4 unread.
    static let queryFilter = """
        list_id = ?1 AND archived = ?2 AND deleted_at IS NULL
        AND (?3 IS NULL OR flagged = ?3) AND (?4 IS NULL OR unread = ?4)
        """

    static let countSQL = "SELECT count(*) FROM items WHERE \(queryFilter)"
    /// Sections in list order: ?1…?4 as in `queryFilter`.
    static let sectionsSQL = """
        SELECT section, count(*), min(sort_key), max(\(pinnedSQL)) FROM items WHERE \(queryFilter) GROUP BY section ORDER BY 4 DESC, 3, 1
        """
    /// A window of one section: ?5 limit, ?6 offset within the section, ?7 the section.
    static let windowSQL = """
        SELECT \(readColumns) FROM items WHERE \(queryFilter) AND section = ?7 ORDER BY \(pinnedSQL) DESC, sort_key, id LIMIT ?5 OFFSET ?6
        """
    static let itemSQL = "SELECT \(readColumns) FROM items WHERE id = ?1"
    /// The text fields' bytes, at most ?2 of each, of item ?1.
    static let storedTextSQL = """
        SELECT substr(CAST(title AS BLOB), 1, ?2), substr(CAST(subtitle AS BLOB), 1, ?2), substr(CAST(list_id AS BLOB), 1, ?2)
        FROM items WHERE id = ?1
        """
    /// Whether item ?5 is in the result of the query ?1…?4: the list's own filter, so the app
    /// and SQLite never disagree on it, whatever storage class another program wrote.
    static let memberSQL = "SELECT 1 FROM items WHERE \(queryFilter) AND id = ?5"
    /// Inserts an item or replaces every column of the one with its id.
    static let insertSQL = """
        INSERT INTO items (\(itemColumns)) VALUES (\(itemParameters))
        ON CONFLICT (id) DO UPDATE SET \(ItemRecord.columns.indices.dropFirst().map { "\(ItemRecord.columns[$0].name) = ?\($0 + 1)" }.joined(separator: ", "))
        """

    /// How many items `query` shows.
    public func count(_ query: ItemQuery) throws(StoreError) -> Int {
        try db.withStatement(Self.countSQL, operation: "count items of \(query.listID)") { s throws(StoreError) in
            try bind(query, to: s)
            return try s.step() ? Int(s.int64(0)) : 0
        }
    }

    /// The sections of `query`'s items in list order, with their counts (one index walk).
    public func sections(_ query: ItemQuery) throws(StoreError) -> [ItemSection] {
        try db.withStatement(Self.sectionsSQL, operation: "count sections of \(query.listID)") { s throws(StoreError) in
            try bind(query, to: s)
            var sections: [ItemSection] = []
            while try s.step() {
                // The value first: reading a blob as text converts it in place.
                let key = s.value(0)
                sections.append(ItemSection(title: s.text(0), count: Int(s.int64(1)), key: key))
            }
            return sections
        }
    }

    /// Up to `limit` items of `query` starting at position `offset`, in list order.
    public func items(_ query: ItemQuery, offset: Int = 0, limit: Int) throws(StoreError) -> [ItemRecord] {
        try items(query, sections: sections(query), offset: offset, limit: limit)
    }

    /// The same window given the query's `sections` (as `sections(_:)` returned them and a
    /// caller keeps them): one indexed query per section the window meets.
    public func items(_ query: ItemQuery, sections: [ItemSection], offset: Int, limit: Int) throws(StoreError) -> [ItemRecord] {
        let wanted = max(0, offset)..<max(0, offset) + max(0, limit)
        var items: [ItemRecord] = []
        var start = 0
        for section in sections {
            let end = start + section.count
            let from = max(start, wanted.lowerBound), to = min(end, wanted.upperBound)
            if from < to { items += try window(query, section: section.key, offset: from - start, limit: to - from) }
            if end >= wanted.upperBound { break }
            start = end
        }
        return items
    }

    private func window(_ query: ItemQuery, section: SQLiteValue, offset: Int, limit: Int) throws(StoreError) -> [ItemRecord] {
        try db.withStatement(Self.windowSQL, operation: "read items of \(query.listID)") { s throws(StoreError) in
            try bind(query, to: s)
            try s.bind(5, Int64(limit))
            try s.bind(6, Int64(offset))
            try s.bind(7, section)
            var items: [ItemRecord] = []
            items.reserveCapacity(min(limit, 256))
            while try s.step() { items.append(Self.record(from: s)) }
            return items
        }
    }

    /// The item with `id`, including archived and soft-deleted ones; nil when there is none.
    public func item(id: ItemID) throws(StoreError) -> ItemRecord? {
        try db.withStatement(Self.itemSQL, operation: "read item \(id)") { s throws(StoreError) in
            try s.bind(1, id.value)
            return try s.step() ? Self.record(from: s) : nil
        }
    }

    /// The item's title, subtitle and list exactly as stored, for a command's argv rather than
    /// the screen (`readColumns` cuts them): each is read as its bytes, cut only after
    /// `maximumBytes + 1`, so a longer value still reads as longer than `maximumBytes`, and a
    /// NUL inside stays; a field whose bytes are not UTF-8 is nil (decoding would change it).
    /// Nil when there is no such item.
    public func storedText(of id: ItemID, maximumBytes: Int) throws(StoreError) -> StoredItemText? {
        try db.withStatement(Self.storedTextSQL, operation: "read the stored text of item \(id)") { s throws(StoreError) in
            try s.bind(1, id.value)
            try s.bind(2, Int64(maximumBytes) + 1)
            guard try s.step() else { return nil }
            func exact(_ column: Int32) -> String? {
                let bytes = s.value(column).bytes
                // A value past the limit is refused for its length; its cut end may split a character.
                return bytes.count > maximumBytes ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
            }
            return StoredItemText(title: exact(0), subtitle: exact(1), listID: exact(2))
        }
    }

    /// True when the item with `id` is one of `query`'s items (false when there is none).
    public func contains(_ id: ItemID, in query: ItemQuery) throws(StoreError) -> Bool {
        try db.withStatement(Self.memberSQL, operation: "look for item \(id) in \(query.listID)") { s throws(StoreError) in
            try bind(query, to: s)
            try s.bind(5, id.value)
            return try s.step()
        }
    }

    /// Inserts `items` (replacing items with the same id) in one transaction.
    public func insert(_ items: [ItemRecord]) throws(StoreError) {
        try write("insert \(items.count) items") { () throws(StoreError) in
            for item in items { try insertRow(item) }
        }
    }

    /// Inserts or replaces one item inside the caller's transaction.
    func insertRow(_ item: ItemRecord) throws(StoreError) {
        try db.withStatement(Self.insertSQL, operation: "insert item \(item.id)") { s throws(StoreError) in
            try Self.bind(item, to: s)
            try s.run()
        }
    }

    /// The columns' fields alone: what a bind or a read walks (no names or meanings copied per row).
    static let itemFields = ItemRecord.columns.map(\.field)

    /// Binds `item` as ?1…?N in `itemColumns`' order (`insertSQL`, `feedUpsertSQL`).
    static func bind(_ item: ItemRecord, to s: SQLiteStatement) throws(StoreError) {
        for (index, field) in itemFields.enumerated() { try field.bind(item, to: s, at: Int32(index + 1)) }
    }

    /// The query plan SQLite picks for `sql` (`windowSQL`, `sectionsSQL`) on `query`, one line
    /// per plan step, so tests can check that paging and counting walk the index instead of sorting.
    func queryPlan(_ sql: String, _ query: ItemQuery) throws(StoreError) -> [String] {
        try db.withStatement("EXPLAIN QUERY PLAN " + sql, operation: "explain query") { s throws(StoreError) in
            try bind(query, to: s)
            var lines: [String] = []
            while try s.step() { lines.append(s.text(3)) }
            return lines
        }
    }

    private func bind(_ query: ItemQuery, to s: SQLiteStatement) throws(StoreError) {
        try s.bind(1, query.listID)
        try s.bind(2, query.archived)
        try s.bind(3, query.flagged)
        try s.bind(4, query.unread)
    }

    /// The item in the current row of a statement selecting `readColumns`.
    static func record(from s: SQLiteStatement) -> ItemRecord {
        var item = ItemRecord(id: "", listID: "", title: "", sortKey: 0, updatedAt: 0)
        for (index, field) in itemFields.enumerated() { field.read(s, at: Int32(index), into: &item) }
        return item
    }
}

/// An item's text fields as stored (`ItemStore.storedText(of:maximumBytes:)`); nil: the stored
/// bytes are not UTF-8 text.
public struct StoredItemText: Hashable, Sendable {
    public var title: String?
    public var subtitle: String?
    public var listID: String?
}
