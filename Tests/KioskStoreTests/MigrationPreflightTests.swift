// A file another program changed so that a migration still to run cannot go through is refused
// before anything is written (the same bytes, no WAL, no pre-migration copy), naming the
// migration and SQLite's reason, by the start and by doctor alike: the pending migrations run
// first on a copy of the file's schema. Changes that do not stand in a migration's way (more
// indexes, views, triggers) migrate as before.
import Foundation
import TestSupport
import XCTest
@testable import KioskStore

final class MigrationPreflightTests: XCTestCase {
    /// A file at schema `version` with two items, then `sql` as another program would run it,
    /// in rollback-journal mode (so a WAL file appearing would show a write).
    func file(_ dir: TemporaryDirectory, _ name: String, version: Int, _ sql: String) throws -> String {
        let path = dir.file(name)
        let old = try ItemStore(path: path, synchronous: .normal, busyTimeout: 1000, schemaVersion: version)
        try old.db.execute("INSERT INTO items (id, list_id, sort_key) VALUES ('a', 'inbox', 2), ('b', 'inbox', 1); " + sql, operation: "test")
        try old.db.execute("PRAGMA journal_mode=DELETE", operation: "test")
        return path
    }

    func testAChangeInAMigrationsWayIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try TemporaryDirectory()
        let cases: [(name: String, version: Int, sql: String, refusedAt: Int, reason: String)] = [
            ("index", 1, "CREATE INDEX items_deleted ON items (title)", 2, "index items_deleted already exists"),
            ("dropped", 2, "DROP INDEX items_window", 3, "no such index: items_window"),
            ("table", 4, "CREATE TABLE feed_outbox (x)", 5, "table feed_outbox already exists"),
            ("view", 4, "CREATE VIEW FEED_OUTBOX AS SELECT 1", 5, "view feed_outbox already exists"),
        ]
        for c in cases {
            let path = try file(dir, c.name + ".sqlite3", version: c.version, c.sql)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            for open in [{ () throws -> Void in _ = try ItemStore(path: path) }, { _ = try ItemStore.check(path: path) }] {
                XCTAssertThrowsError(try open()) { error in
                    guard case .notKioskDatabase(_, .migrationFails(let version, let reason))? = error as? StoreError else {
                        return XCTFail("\(c.name): \(error)")
                    }
                    XCTAssertEqual(version, c.refusedAt, c.name)
                    XCTAssertTrue(reason.contains(c.reason), "\(c.name): \(reason)")
                    XCTAssertTrue("\(error)".contains("the migration to schema version \(c.refusedAt) cannot run on it"), "\(error)")
                }
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(c.name): the file is as it was")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(c.name + ".") }
            XCTAssertEqual(left, [c.name + ".sqlite3"], "\(c.name): no WAL, no copy")
        }
    }

    func testChangesOutOfTheMigrationsWayStillMigrate() throws {
        let dir = try TemporaryDirectory()
        for (version, sql) in [
            (1, "CREATE INDEX my_title ON items (title); CREATE VIEW unread AS SELECT id FROM items WHERE unread = 1"),
            (3, "CREATE TRIGGER stamp AFTER UPDATE OF title ON items BEGIN UPDATE items SET updated_at = 1 WHERE id = new.id; END"),
            (5, "DROP INDEX items_section_window; CREATE TABLE other (x); CREATE INDEX other_x ON other (x)"),
            (6, "CREATE INDEX items_image ON items (image)"),
        ] {
            let path = try file(dir, "v\(version).sqlite3", version: version, sql)
            let store = try ItemStore(path: path)
            XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion, sql)
            XCTAssertEqual(try store.integrityProblems(), [], sql)
            XCTAssertEqual(try store.items(ItemQuery(listID: "inbox", archived: false), offset: 0, limit: 10).map(\.id), [ItemID("b"), ItemID("a")], sql)
        }
    }
}
