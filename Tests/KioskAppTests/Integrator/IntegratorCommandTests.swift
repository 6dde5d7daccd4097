// The integrator's commands through the real binary on real SQLite files: `init-db` (a new
// database, never an existing one), `schema` (a script that makes the database the kiosk
// makes), `export-actions` (the log from a cursor; exact ids in JSON) and `check-config
// --config`. `backup` under concurrent writes is in BackupCommandTests.swift.
import Foundation
import XCTest
@testable import KioskStore

final class IntegratorCommandTests: XCTestCase {
    func testInitDatabaseCreatesAnEmptyDatabaseAndNeverReplacesOne() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("ward.sqlite3")
        let created = try KioskProcess(["init-db", "--database", path])
        XCTAssertEqual(created.status, 0, created.standardError)
        let store = try ItemStore(path: path)
        XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion)
        XCTAssertEqual(try store.db.integer("SELECT count(*) FROM items", operation: "test"), 0, "no demo items unless asked")
        try store.insert(sampleItems(2, listID: "tasks"))

        let again = try KioskProcess(["init-db", "--database", path])
        XCTAssertEqual(again.status, 73)
        XCTAssertTrue(again.standardError.contains("already exists"), again.standardError)
        XCTAssertEqual(try store.db.integer("SELECT count(*) FROM items", operation: "test"), 2, "the existing file is untouched")

        let missing = try KioskProcess(["init-db", "--database", dir.file("no/such/dir/x.sqlite3")])
        XCTAssertEqual(missing.status, 73, missing.standardError)
    }

    func testInitDatabaseWithDemoSeedsTheDemoItems() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("demo.sqlite3")
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path, "--demo"]).status, 0)
        let store = try ItemStore(path: path)
        XCTAssertGreaterThan(try store.db.integer("SELECT count(*) FROM items WHERE list_id = 'inbox'", operation: "test"), 0)
    }

    func testSchemaScriptMakesTheDatabaseInitDatabaseMakes() throws {
        let dir = try TemporaryDirectory()
        let printed = try KioskProcess(["schema"])
        XCTAssertEqual(printed.status, 0, printed.standardError)
        XCTAssertTrue(printed.standardOutput.contains("--   list_id"), printed.standardOutput)
        // The script, run by another program in an empty file, gives a database the kiosk opens as its own.
        let scripted = dir.file("scripted.sqlite3")
        try SQLiteConnection(path: scripted).execute(printed.standardOutput, operation: "run the schema script")
        let fromScript = try ItemStore(path: scripted)
        XCTAssertEqual(try fromScript.schemaVersion(), ItemStore.latestSchemaVersion)
        let made = dir.file("made.sqlite3")
        XCTAssertEqual(try KioskProcess(["init-db", "--database", made]).status, 0)
        let master = "SELECT group_concat(type || ' ' || name || ': ' || sql, '\n') FROM (SELECT * FROM sqlite_master ORDER BY name)"
        XCTAssertEqual(try fromScript.db.text(master, operation: "test"), try ItemStore(path: made).db.text(master, operation: "test"))
    }

    func testEveryColumnOfTheSchemaIsExplained() throws {
        let objects = try ItemStore.schemaObjects()
        XCTAssertEqual(objects.filter { $0.kind == .table }.map(\.name), ["items", "actions_log", "store_meta", "feed_outbox"])
        for table in objects where table.kind == .table {
            for column in table.columns {
                XCTAssertFalse(column.meaning.isEmpty, "\(table.name).\(column.name) has no meaning in ItemStore.columnMeanings")
            }
        }
        let items = try XCTUnwrap(objects.first { $0.name == "items" })
        XCTAssertEqual(items.columns.filter(\.required).map(\.name), ["id", "list_id"])
        XCTAssertEqual(items.columns.first { $0.name == "unread" }?.defaultValue, "1")
    }

    func testExportActionsFromACursorWithExactIdsInJSON() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let store = try ItemStore(path: path)
        // A text id, a blob of the same bytes and a text that is not UTF-8: three items.
        try store.db.execute("""
            INSERT INTO items (id, list_id, title) VALUES ('42', 'tasks', 'text'), (X'3432', 'tasks', 'blob'),
                (CAST(X'34ff' AS TEXT), 'tasks', 'not utf-8'), ('tab\tline\nend', 'tasks', 'escapes');
            """, operation: "test")
        let ids = try store.items(ItemQuery(listID: "tasks"), limit: 10).map(\.id)
        XCTAssertEqual(ids.count, 4)
        for (n, id) in ids.enumerated() { try store.apply(.flag, to: id, at: 1_000 + StoreTime(n), detail: "flag") }

        let all = try KioskProcess(["export-actions", "--database", path, "--since", "0", "--json"])
        XCTAssertEqual(all.status, 0, all.standardError)
        let lines = all.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 4)
        var exported: [ItemID] = []
        for line in lines {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["action"] as? String, "flag")
            XCTAssertEqual(object["list_id"] as? String, "tasks")
            XCTAssertEqual(object["detail"] as? String, "flag")
            exported.append(try XCTUnwrap(ItemID(key: try XCTUnwrap(object["item_id"] as? String))))
        }
        XCTAssertEqual(exported, ids, "every id comes back byte for byte, storage class included")

        let after = try KioskProcess(["export-actions", "--database", path, "--since", "2"])
        XCTAssertEqual(after.status, 0, after.standardError)
        let rows = after.standardOutput.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        XCTAssertEqual(rows.map { $0.first }, ["3", "4"], "only rows after the cursor")
        XCTAssertEqual(rows.map(\.count), [6, 6])
        let text = try KioskProcess(["export-actions", "--database", path]).standardOutput
        XCTAssertEqual(text.split(separator: "\n").count, 4, "tabs and newlines in a field do not split its line")
        XCTAssertTrue(text.contains("\tflag\ttab\\tline\\nend\ttasks\tflag\n"), text)
    }

    func testExportActionsRefusesAFileThatIsNotAKioskDatabase() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("empty.sqlite3")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        let run = try KioskProcess(["export-actions", "--database", path])
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.standardError.contains("not a SwipeKiosk database"), run.standardError)
    }

    func testCheckConfigTakesTheFileAsConfigOptionOrArgument() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("ward.toml")
        try "[data]\ndatabase = \"\(dir.file("items.sqlite3"))\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let option = try KioskProcess(["check-config", "--config", path])
        XCTAssertEqual(option.status, 0, option.standardError)
        XCTAssertTrue(option.standardOutput.hasPrefix("\(path): ok"), option.standardOutput)
        XCTAssertEqual(try KioskProcess(["check-config", path]).status, 0)
        XCTAssertEqual(try KioskProcess(["check-config", "--config", path, path]).status, 64)
        XCTAssertEqual(try KioskProcess(["check-config"]).status, 64)
        try "[data]\ndemo_data = 3\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try KioskProcess(["check-config", "--config", path]).status, 65)
    }

    /// Output that cannot be written (a full disk, /dev/full) is exit 73 with the reason, never
    /// exit 0 with rows lost: a reader would move its cursor past them.
    func testSchemaAndExportActionsFailWhenTheirOutputCannotBeWritten() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let store = try ItemStore(path: path)
        try store.insert([ItemRecord(id: "a", listID: "inbox", title: "A", sortKey: 1, updatedAt: 1)])
        try store.apply(.flag, to: "a", at: 2)
        for arguments in [["schema"], ["export-actions", "--database", path, "--since", "0"]] {
            let child = Process()
            child.executableURL = try ItemStoreDurabilityTests.kioskExecutable()
            child.arguments = arguments
            child.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
            let errors = Pipe()
            child.standardError = errors
            try child.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationStatus, 73, "\(arguments[0]): \(message)")
            XCTAssertTrue(message.contains("cannot write standard output"), message)
        }
    }
}
