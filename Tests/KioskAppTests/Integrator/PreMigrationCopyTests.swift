// Before a database is migrated, the file as it was is kept beside it as
// `<db>.pre-migration-v<N>` (a rollback of the package needs it: the older build refuses the
// migrated file), at most the newest two such copies; when the copy cannot be written nothing
// is migrated and the start ends with a clear line. The fixture is a real schema-3 database
// (the store's migrations up to 3), opened through the real binary.
import Foundation
import XCTest
@testable import KioskStore

final class PreMigrationCopyTests: XCTestCase {
    /// A schema-3 database at `path` with one item, `bodyBytes` long.
    func makeVersion3Database(_ path: String, bodyBytes: Int = 10) throws {
        let v3 = try ItemStore(path: path, synchronous: .normal, busyTimeout: 1000, schemaVersion: 3)
        try v3.db.execute("""
            INSERT INTO items (id, list_id, title, body, sort_key, updated_at)
            VALUES ('v3-1', 'inbox', 'Kept item', '\(String(repeating: "b", count: bodyBytes))', 1, 7)
            """, operation: "test")
    }

    func replay(_ path: String, in dir: TemporaryDirectory) throws -> KioskProcess {
        let script = dir.file("tap.touch")
        try "at 0 tap 100 100\nat 100 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        return try KioskProcess(["replay", script, "--database", path, "--out", dir.path])
    }

    func testAnOlderDatabaseIsCopiedBeforeItsMigrationAndTwoCopiesAreKept() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        try makeVersion3Database(path)
        // Copies of earlier upgrades: only the newest two remain.
        for version in [1, 2] { try Data("older copy".utf8).write(to: URL(fileURLWithPath: ItemStore.preMigrationCopyPath(of: path, version: version))) }
        let run = try replay(path, in: dir)
        XCTAssertEqual(run.status, 0, run.standardError)
        let copy = path + ".pre-migration-v3"
        XCTAssertTrue(run.standardError.contains("database \(path): migrated to schema \(ItemStore.latestSchemaVersion); the file as it was is kept as \(copy)"),
                      run.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".pre-migration-") }.sorted(),
                       ["items.sqlite3.pre-migration-v2", "items.sqlite3.pre-migration-v3"], "at most two copies, the newest; nothing else")
        XCTAssertEqual(try ItemStore(path: path).schemaVersion(), ItemStore.latestSchemaVersion)
        let kept = try ItemStore(readingOnly: copy)
        XCTAssertEqual(try kept.schemaVersion(), 3, "the copy is the file as it was")
        XCTAssertEqual(try kept.db.text("SELECT title FROM items WHERE id = 'v3-1'", operation: "test"), "Kept item")
        XCTAssertEqual(try kept.integrityProblems(), [])
        // Nothing to migrate the next time: no new copy.
        XCTAssertFalse(try replay(path, in: dir).standardError.contains("pre-migration"))
    }

    /// Adversarial pass: the copy just made was deleted when an older upgrade had left a copy
    /// with a higher version (a restored older backup upgraded again), and names such as `v07`
    /// or `v+9` were read as versions. Copies go by age; other files are never touched.
    func testTheCopyJustMadeIsKeptAndOnlyThisBuildsNamesAreRemoved() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        try makeVersion3Database(path)
        for name in ["v4", "v5", "v07", "v+9", "vx"] {
            try Data("an older file".utf8).write(to: URL(fileURLWithPath: path + ".pre-migration-" + name))
        }
        let run = try replay(path, in: dir)
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".pre-migration-") }.sorted(),
                       ["items.sqlite3.pre-migration-v+9", "items.sqlite3.pre-migration-v07", "items.sqlite3.pre-migration-v3",
                        "items.sqlite3.pre-migration-v5", "items.sqlite3.pre-migration-vx"],
                       "the new copy and the newest older one; names this build never writes are left alone")
        XCTAssertEqual(try ItemStore(readingOnly: path + ".pre-migration-v3").schemaVersion(), 3)
    }

    /// An older file another program renames over the open one is migrated without a copy: that
    /// program has what it wrote, and copying a big file on the UI loop stalled the panel for
    /// seconds (adversarial pass: 2.5 s for 330 MB).
    func testAnOlderFileRenamedOverTheOpenOneIsMigratedWithoutACopy() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let store = try ItemStore(path: path)
        XCTAssertNil(store.preMigrationCopy, "a new file has nothing to keep")
        try makeVersion3Database(dir.file("staging.sqlite3"))
        XCTAssertEqual(rename(dir.file("staging.sqlite3"), path), 0)
        let change = try XCTUnwrap(store.followFileAtPath())
        XCTAssertNil(change.problem)
        XCTAssertNil(store.preMigrationCopy)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".pre-migration-v3"))
        XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion)
        XCTAssertEqual(try store.db.text("SELECT title FROM items WHERE id = 'v3-1'", operation: "test"), "Kept item")
    }

    func testACopyThatCannotBeWrittenMigratesNothing() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        try makeVersion3Database(path)
        let copy = path + ".pre-migration-v3"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)  // in the copy's way
        let before = FileManager.default.contents(atPath: path)
        let run = try replay(path, in: dir)
        XCTAssertEqual(run.status, 73, run.standardError)
        XCTAssertTrue(run.standardError.contains("database \(path) needs a schema migration, but the copy kept before migrating could not be written to \(copy)"),
                      run.standardError)
        XCTAssertTrue(run.standardError.contains("nothing was migrated"), run.standardError)
        XCTAssertEqual(FileManager.default.contents(atPath: path), before, "not migrated, not even switched to WAL")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy + ".partial"))
    }

    func testAFullDiskForTheCopyMigratesNothingAndExits75() throws {
        let dir = try TemporaryDirectory()
        let mountPoint = try SmallFileSystem.mount(in: dir, test: self)
        let path = mountPoint + "/items.sqlite3"
        // Made outside (its WAL and the checkpoint need twice its size), then moved in: a copy
        // of it does not fit in the 1 MiB beside it.
        try makeVersion3Database(dir.file("made.sqlite3"), bodyBytes: 600_000)
        try FileManager.default.copyItem(atPath: dir.file("made.sqlite3"), toPath: path)
        let before = FileManager.default.contents(atPath: path)
        let run = try replay(path, in: dir)
        XCTAssertEqual(run.status, 75, run.standardError)
        XCTAssertTrue(run.standardError.contains("could not be written to \(path).pre-migration-v3"), run.standardError)
        XCTAssertTrue(run.standardError.contains("is full"), run.standardError)
        XCTAssertEqual(FileManager.default.contents(atPath: path), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mountPoint).filter { $0.contains("pre-migration") }, [],
                       "no partial copy left on the full disk")
    }
}
