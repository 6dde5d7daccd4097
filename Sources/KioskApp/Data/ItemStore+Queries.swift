// Reading and writing items for a virtualised list: a count and offset/limit windows served
// by the `items_window` index (list, archived, deleted, order), so a page of a 100,000-item
// list costs an index walk, never a sort; plus inserts for importers, demo data and tests.

extension ItemStore {
    static let itemColumns = """
        id, list_id, title, subtitle, body, avatar, icon, badge, unread, flagged, archived, deleted_at, sort_key, updated_at
        """

    /// The filter shared by `count` and `items`: parameters ?1 list, ?2 archived, ?3 flagged, ?4 unread.
    static let queryFilter = """
        list_id = ?1 AND archived = ?2 AND deleted_at IS NULL
        AND (?3 IS NULL OR flagged = ?3) AND (?4 IS NULL OR unread = ?4)
        """

    static let countSQL = "SELECT count(*) FROM items WHERE \(queryFilter)"
    static let windowSQL = "SELECT \(itemColumns) FROM items WHERE \(queryFilter) ORDER BY sort_key, id LIMIT ?5 OFFSET ?6"
    static let itemSQL = "SELECT \(itemColumns) FROM items WHERE id = ?1"
    static let insertSQL = """
        INSERT INTO items (\(itemColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
        ON CONFLICT (id) DO UPDATE SET list_id = ?2, title = ?3, subtitle = ?4, body = ?5, avatar = ?6, icon = ?7,
            badge = ?8, unread = ?9, flagged = ?10, archived = ?11, deleted_at = ?12, sort_key = ?13, updated_at = ?14
        """

    /// How many items `query` shows.
    public func count(_ query: ItemQuery) throws(StoreError) -> Int {
        try db.withStatement(Self.countSQL, operation: "count items of \(query.listID)") { s throws(StoreError) in
            try bind(query, to: s)
            return try s.step() ? Int(s.int64(0)) : 0
        }
    }

    /// Up to `limit` items of `query` starting at position `offset`, in list order.
    public func items(_ query: ItemQuery, offset: Int = 0, limit: Int) throws(StoreError) -> [ItemRecord] {
        try db.withStatement(Self.windowSQL, operation: "read items of \(query.listID)") { s throws(StoreError) in
            try bind(query, to: s)
            try s.bind(5, Int64(max(0, limit)))
            try s.bind(6, Int64(max(0, offset)))
            var items: [ItemRecord] = []
            items.reserveCapacity(max(0, min(limit, 256)))
            while try s.step() { items.append(Self.record(from: s)) }
            return items
        }
    }

    /// The item with `id`, including archived and soft-deleted ones; nil when there is none.
    public func item(id: String) throws(StoreError) -> ItemRecord? {
        try db.withStatement(Self.itemSQL, operation: "read item \(id)") { s throws(StoreError) in
            try s.bind(1, id)
            return try s.step() ? Self.record(from: s) : nil
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
            try s.bind(1, item.id)
            try s.bind(2, item.listID)
            try s.bind(3, item.title)
            try s.bind(4, item.subtitle)
            try s.bind(5, item.body)
            try s.bind(6, item.avatar)
            try s.bind(7, item.icon)
            try s.bind(8, Int64(item.badge))
            try s.bind(9, item.unread)
            try s.bind(10, item.flagged)
            try s.bind(11, item.archived)
            try s.bind(12, item.deletedAt)
            try s.bind(13, item.sortKey)
            try s.bind(14, item.updatedAt)
            try s.run()
        }
    }

    /// The query plan SQLite picks for a window of `query` (one line per plan step), so tests
    /// can check that paging walks the index instead of sorting.
    func windowQueryPlan(_ query: ItemQuery) throws(StoreError) -> [String] {
        try db.withStatement("EXPLAIN QUERY PLAN " + Self.windowSQL, operation: "explain window query") { s throws(StoreError) in
            try bind(query, to: s)
            try s.bind(5, Int64(50))
            try s.bind(6, Int64(0))
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

    /// The item in the current row of a statement selecting `itemColumns`.
    static func record(from s: SQLiteStatement) -> ItemRecord {
        ItemRecord(
            id: s.text(0), listID: s.text(1), title: s.text(2), subtitle: s.text(3), body: s.text(4),
            avatar: s.optionalText(5), icon: s.optionalText(6), badge: Int(s.int64(7)), unread: s.bool(8),
            flagged: s.bool(9), archived: s.bool(10), deletedAt: s.optionalInt64(11), sortKey: s.int64(12),
            updatedAt: s.int64(13))
    }
}
