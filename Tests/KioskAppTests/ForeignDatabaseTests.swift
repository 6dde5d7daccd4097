// Another program's SQLite file given as the database, or one whose schema version promises
// tables it lacks, is refused before anything writes to it (not even the switch to WAL, which
// rewrites the header): the kiosk never takes over or alters a file that is not its own.
// `check-text` opens the database read-only and never creates a schema.
import Foundation
import XCTest
@testable import KioskStore

final class ForeignDatabaseTests: XCTestCase {
    /// A file written by plain SQLite (`sql`), checkpointed so it is one file, and its bytes.
    private func file(_ dir: TemporaryDirectory, _ sql: String) throws -> (String, Data) {
        let path = dir.file("other.sqlite3")
        do {
            let db = try SQLiteConnection(path: path)
            try db.execute(sql, operation: "test")
        }
        return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testAnotherProgramsDatabaseIsRefusedAndLeftByteForByte() throws {
        let dir = try TemporaryDirectory()
        let (path, before) = try file(dir, "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, 'Ada');")
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .notKioskDatabase(path: path, reason: .foreignTables(["customers"])))
        }
        let run = try KioskProcess(["screenshot", "--database", path, "--output", dir.file("out.png")])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertTrue(run.standardError.contains("\(path) is not a SwipeKiosk database: it has other tables (customers)"), run.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the other program's file was changed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
    }

    /// Another program's WAL-mode file with commits still in its -wal: closing the refused
    /// connection used to checkpoint them into the file and delete the -wal.
    func testAForeignWALFileKeepsItsWAL() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("other.sqlite3")
        do {
            let db = try SQLiteConnection(path: path)  // closes without a checkpoint, as a crashed writer would
            try db.execute("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; CREATE TABLE customers (id INTEGER PRIMARY KEY);"
                           + " INSERT INTO customers VALUES (1);", operation: "test")
        }
        let file = try Data(contentsOf: URL(fileURLWithPath: path)), wal = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        XCTAssertGreaterThan(wal.count, 0, "commits wait in the -wal")
        XCTAssertThrowsError(try ItemStore(path: path))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), file, "nothing checkpointed into the file")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")), wal, "the -wal kept")
    }

    func testAForeignItemsTableIsNotAdopted() throws {
        let dir = try TemporaryDirectory()
        let (path, before) = try file(dir, "CREATE TABLE items (id TEXT, name TEXT);")
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .notKioskDatabase(path: path, reason: .foreignTables(["items"])))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testAVersionWithoutItsTablesIsRefusedUntouched() throws {
        let dir = try TemporaryDirectory()
        let (path, before) = try file(dir, "CREATE TABLE items (id BLOB, title REAL); PRAGMA user_version=4;")
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .notKioskDatabase(path: path, reason: .missingTables(version: 4, ["actions_log", "store_meta"])))
        }
        let run = try KioskProcess(["screenshot", "--database", path, "--output", dir.file("out.png")])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertTrue(run.standardError.contains("records schema version 4 but has no table actions_log, store_meta"), run.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "journal mode or schema written to a refused file")
    }

    func testAnEmptyFileStillBecomesANewDatabaseForTheApp() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("empty.sqlite3")
        FileManager.default.createFile(atPath: path, contents: Data())
        let store = try ItemStore(path: path)
        XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion)
    }

    func testCheckTextReadsWithoutWriting() throws {
        let dir = try TemporaryDirectory()
        let empty = dir.file("empty.sqlite3")
        FileManager.default.createFile(atPath: empty, contents: Data())
        let run = try KioskProcess(["check-text", "--database", empty])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertTrue(run.standardError.contains("it has no tables and no schema version"), run.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: empty)).count, 0, "check-text wrote a schema")

        let (foreign, before) = try file(dir, "CREATE TABLE customers (id INTEGER PRIMARY KEY);")
        XCTAssertEqual(try KioskProcess(["check-text", "--database", foreign]).status, 65)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: foreign)), before)

        let kiosk = dir.file("kiosk.sqlite3")
        try ItemStore(path: kiosk).insert(sampleItems(3))
        XCTAssertEqual(try ItemStore(readingOnly: kiosk).schemaVersion(), ItemStore.latestSchemaVersion)
        XCTAssertEqual(try KioskProcess(["check-text", "--database", kiosk]).status, 0)
    }
}
