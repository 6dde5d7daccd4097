// The table definitions an importer may rely on (`swipe-kiosk schema`, docs/INTEGRATION.md),
// read back from a database the store's own migrations just built, so the printed schema can
// never differ from the one the app creates; each column carries its meaning from
// `columnMeanings` (the items table's from `ItemRecord.columns`), and a test fails when a
// migration adds a column without one.

/// One column of a table as SQLite reports it, with what it means to an importer.
public struct SchemaColumn: Hashable, Sendable {
    public var name: String
    /// The declared type (`TEXT`, `INTEGER`).
    public var type: String
    /// Whether an INSERT must give it (NOT NULL without a default).
    public var required: Bool
    /// Whether it may hold NULL.
    public var nullable: Bool
    /// The default as SQL text (`''`, `0`), nil when none.
    public var defaultValue: String?
    public var meaning: String
}

/// One table or index of the kiosk's schema.
public struct SchemaObject: Hashable, Sendable {
    public enum Kind: String, Sendable { case table, index }
    public var kind: Kind
    public var name: String
    /// The CREATE statement as SQLite keeps it (migrations that add a column extend it).
    public var sql: String
    /// The table's columns in order; empty for an index.
    public var columns: [SchemaColumn]
}

extension ItemStore {
    /// What each column means, by table. Every column the migrations create needs an entry.
    static let columnMeanings: [String: [String: String]] = [
        "items": Dictionary(uniqueKeysWithValues: ItemRecord.columns.map { ($0.name, $0.meaning) }),
        "actions_log": [
            "id": "row id, increasing: the only safe read position (cursor) for export-actions --since",
            "time": "ms since 1970 on the kiosk's clock (replay writes its virtual clock from 2026-01-01)",
            "action": "what happened: a change (delete, archive, flag, read, …), a log-only action's id, purge, <action>-done/-failed",
            "item_id": "the item's id exactly as stored in items.id; NULL for purge",
            "list_id": "the item's list; NULL for purge",
            "detail": "the configured action id for a change; the effect for a log-only action; a count or message otherwise",
        ],
        "store_meta": [
            "key": "the kiosk's own bookkeeping (e.g. demo_seeded); importers do not write it",
            "value": "the value for key",
        ],
        "feed_outbox": [
            "name": "an outbox of `swipe-kiosk feed` (actions: the actions_log rows published to the broker)",
            "log_id": "the last actions_log id the broker acknowledged, in order; rows above it are (re)published",
        ],
    ]

    /// The tables (with their columns) and indexes of a database at the latest schema version,
    /// tables first, each in the order the migrations created them.
    public static func schemaObjects() throws(StoreError) -> [SchemaObject] {
        let store = try ItemStore(path: inMemoryPath)
        let sql = """
            SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND type IN ('table', 'index')
            ORDER BY type = 'index', rowid
            """
        let objects = try store.db.withStatement(sql, operation: "read the schema") { s throws(StoreError) in
            var found: [(Bool, String, String)] = []
            while try s.step() { found.append((s.text(0) == "table", s.text(1), s.text(2))) }
            return found
        }
        var result: [SchemaObject] = []
        for (isTable, name, text) in objects {
            let columns = isTable ? try store.columns(of: name) : []
            result.append(SchemaObject(kind: isTable ? .table : .index, name: name, sql: text, columns: columns))
        }
        return result
    }

    /// `PRAGMA table_info` of `table` with the meanings of its columns.
    private func columns(of table: String) throws(StoreError) -> [SchemaColumn] {
        try db.withStatement("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?1)",
                             operation: "read the columns of \(table)") { s throws(StoreError) in
            try s.bind(1, table)
            var columns: [SchemaColumn] = []
            while try s.step() {
                let name = s.text(0)
                let notNull = s.bool(2)
                let defaultValue = s.optionalText(3)
                // An INTEGER PRIMARY KEY is the row id: SQLite assigns it when an INSERT leaves it out.
                let rowID = s.bool(4) && s.text(1).uppercased() == "INTEGER"
                columns.append(SchemaColumn(
                    name: name, type: s.text(1), required: notNull && defaultValue == nil && !rowID,
                    nullable: !notNull && !rowID, defaultValue: defaultValue,
                    meaning: Self.columnMeanings[table]?[name] ?? ""))
            }
            return columns
        }
    }
}
