// The schema's history: each migration takes a file one version up, in its own transaction, and
// only adds (an older build's data keeps every field). Shipped migrations are never edited; a
// file that already has a column a migration would add, or any other change another program
// made that a migration cannot go through, is refused before anything is written: the pending
// migrations run first on a copy of the file's schema in memory.

extension ItemStore {
    /// Migration `i` takes the schema from version `i` to `i + 1`; never edit a shipped one.
    static let migrations: [String] = [
        // 1: items and the action log.
        """
        CREATE TABLE items (
            id TEXT PRIMARY KEY NOT NULL,
            list_id TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            subtitle TEXT NOT NULL DEFAULT '',
            body TEXT NOT NULL DEFAULT '',
            avatar TEXT,
            icon TEXT,
            badge INTEGER NOT NULL DEFAULT 0,
            unread INTEGER NOT NULL DEFAULT 1,
            flagged INTEGER NOT NULL DEFAULT 0,
            archived INTEGER NOT NULL DEFAULT 0,
            deleted_at INTEGER,
            sort_key INTEGER NOT NULL DEFAULT 0,
            updated_at INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE actions_log (
            id INTEGER PRIMARY KEY,
            time INTEGER NOT NULL,
            action TEXT NOT NULL,
            item_id TEXT,
            list_id TEXT,
            detail TEXT
        );
        """,
        // 2: the windowing index of virtualised lists (equality columns, then the order),
        // a partial index for purging, the log by item, and store metadata.
        """
        CREATE INDEX items_window ON items (list_id, archived, deleted_at, sort_key, id);
        CREATE INDEX items_deleted ON items (deleted_at) WHERE deleted_at IS NOT NULL;
        CREATE INDEX actions_log_item ON actions_log (item_id, id);
        CREATE TABLE store_meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
        """,
        // 3: sections. A list shows its sections in the order of their first item (smallest
        // sort_key) and each section's items by sort_key, so the windowing index now has the
        // section between the equality columns and the order; it also serves the per-section
        // counts. The old index has no query left and goes.
        """
        ALTER TABLE items ADD COLUMN section TEXT NOT NULL DEFAULT '';
        CREATE INDEX items_section_window ON items (list_id, archived, deleted_at, section, sort_key, id);
        DROP INDEX items_window;
        """,
        // 4: a picture per item (a JPEG, PNG or WebP path; absolute or under `[data] image_dir`).
        "ALTER TABLE items ADD COLUMN image TEXT;",
        // 5: the fleet feed's outbox cursors (ItemStore+Feed): the last actions_log row the broker acknowledged.
        "CREATE TABLE feed_outbox (name TEXT PRIMARY KEY NOT NULL, log_id INTEGER NOT NULL);",
        // 6: pinned items (the pin effect) come first in their section, and sections holding one
        // first: the windowing index orders each section by whether the item is pinned (as the
        // row reads it: `pinnedSQL`), then as before.
        """
        ALTER TABLE items ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
        DROP INDEX IF EXISTS items_section_window;
        CREATE INDEX items_section_window ON items (list_id, archived, deleted_at, section, (ifnull(CAST(pinned AS INTEGER), 0) != 0) DESC, sort_key, id);
        """,
        // 7: a picture's text alternative, said by speech instead of the picture (issue 25).
        "ALTER TABLE items ADD COLUMN image_alt TEXT;",
    ]

    /// Applies the missing migrations up to `target`, each in its own transaction.
    func migrate(to target: Int) throws(StoreError) {
        guard try schemaVersion() < target else { return }
        for version in try schemaVersion()..<target {
            try db.transaction("migrate schema to version \(version + 1)") { () throws(StoreError) in
                // Re-read inside the write lock: another process may have migrated meanwhile.
                guard try schemaVersion() == version else { return }
                try db.execute(Self.migrations[version], operation: "migrate schema to version \(version + 1)")
                try db.execute("PRAGMA user_version=\(version + 1)", operation: "record schema version \(version + 1)")
            }
        }
    }

    /// Refuses, before anything is written (the start's checks, which doctor runs too), a file
    /// that already has a column a migration still to run adds: other programs may add columns
    /// (`checkColumns` allows more), and one of the same name would stop the migration half-way.
    /// SQLite compares column names without regard to case, and so does this.
    func checkColumnsToAdd(after version: Int) throws(StoreError) {
        for added in Self.columnsAdded(after: version) {
            let column = added.column.lowercased()
            if let existing = try Self.columns(of: added.table, in: db).keys.first(where: { $0.lowercased() == column }) {
                throw .notKioskDatabase(path: path, reason: .columnInTheWay(table: added.table, column: existing, version: added.version))
            }
        }
    }

    /// The columns the migrations after schema `version` add (`ALTER TABLE t ADD COLUMN c`), and
    /// the version each arrives in.
    static func columnsAdded(after version: Int) -> [(table: String, column: String, version: Int)] {
        (version..<migrations.count).flatMap { next in
            migrations[next].split(separator: "\n").compactMap { line -> (table: String, column: String, version: Int)? in
                let words = line.split(separator: " ")
                guard words.count > 5, words[0] == "ALTER", words[1] == "TABLE", words[3] == "ADD", words[4] == "COLUMN" else { return nil }
                return (String(words[2]), String(words[5]), next + 1)
            }
        }
    }

    /// Refuses, before anything is written, a file on which a migration still to run would
    /// fail: the file's tables, indexes, views and triggers are created in an empty database in
    /// memory and the pending migrations run there. What another program may have done to the
    /// file's schema is open-ended (an index of a name a migration creates, a table of that name,
    /// the index a migration replaces dropped); this finds every such case by SQLite's own
    /// judgement, where a check per case would find the ones foreseen. A schema that cannot
    /// be copied (a virtual table of a module this build lacks) is not checked here: the
    /// migration's own transaction still leaves such a file as it was.
    func checkMigrationsRun(after version: Int) throws(StoreError) {
        guard version < Self.migrations.count else { return }
        let objects = try db.withStatement(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                + "ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid",
            operation: "read the schema") { s throws(StoreError) in
            var statements: [String] = []
            while try s.step() { statements.append(s.text(0)) }
            return statements
        }
        let scratch = try SQLiteConnection(path: Self.inMemoryPath)
        do {
            for sql in objects { try scratch.execute(sql, operation: "copy the schema") }
        } catch {
            return
        }
        for next in version..<Self.migrations.count {
            do {
                try scratch.execute(Self.migrations[next], operation: "migrate schema to version \(next + 1)")
            } catch {
                guard case .sqlite(_, let message, _) = error else { throw error }
                throw .notKioskDatabase(path: path, reason: .migrationFails(version: next + 1, reason: message))
            }
        }
    }
}
