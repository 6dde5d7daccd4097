// `swipe-kiosk backup` through the real binary while another connection keeps writing: every
// copy passes integrity_check and holds whole transactions only (each writer transaction adds
// one item and its log row, so a copy with a different count of each caught half a commit).
import Foundation
import XCTest
@testable import KioskStore

final class BackupCommandTests: XCTestCase {
    /// Writes one item and its log row per transaction until `stop` is set.
    final class Writer: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private(set) var error: Error?
        private let done = DispatchSemaphore(value: 0)
        var commits = 0

        init(path: String) {
            Thread.detachNewThread { [self] in
                defer { done.signal() }
                do {
                    let store = try ItemStore(path: path)
                    while !isStopped {
                        try store.db.execute("""
                            BEGIN IMMEDIATE;
                            INSERT INTO items (id, list_id, title) VALUES ('w-\(commits)', 'written', 'row \(commits)');
                            INSERT INTO actions_log (time, action, item_id, list_id) VALUES (\(commits), 'test-insert', 'w-\(commits)', 'written');
                            COMMIT;
                            """, operation: "write")
                        commits += 1
                    }
                } catch {
                    self.error = error
                }
            }
        }

        private var isStopped: Bool { lock.withLock { stopped } }

        func stop() {
            lock.withLock { stopped = true }
            done.wait()
        }
    }

    func testBackupWhileAnotherConnectionWritesIsConsistent() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("live.sqlite3")
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path, "--demo"]).status, 0)
        let writer = Writer(path: path)
        var copies: [String] = []
        for n in 0..<4 {
            let copy = dir.file("copy-\(n).sqlite3")
            let run = try KioskProcess(["backup", "--database", path, "--to", copy])
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertTrue(run.standardOutput.contains("schema version \(ItemStore.latestSchemaVersion)"), run.standardOutput)
            copies.append(copy)
        }
        writer.stop()
        XCTAssertNil(writer.error)
        XCTAssertGreaterThan(writer.commits, 0)
        var written: [Int64] = []
        for copy in copies {
            let store = try ItemStore(readingOnly: copy)
            XCTAssertEqual(try store.integrityProblems(), [], copy)
            let items = try store.db.integer("SELECT count(*) FROM items WHERE list_id = 'written'", operation: "test")
            let logged = try store.db.integer("SELECT count(*) FROM actions_log WHERE action = 'test-insert'", operation: "test")
            XCTAssertEqual(items, logged, "\(copy): whole transactions only")
            XCTAssertGreaterThan(try store.db.integer("SELECT count(*) FROM items WHERE list_id = 'inbox'", operation: "test"), 0)
            written.append(items)
        }
        XCTAssertEqual(written, written.sorted(), "later copies hold at least what earlier ones did")
    }

    func testBackupNeverReplacesAFileAndRemovesAFailedCopy() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("live.sqlite3")
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path]).status, 0)
        let existing = dir.file("old-backup.sqlite3")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
        let refused = try KioskProcess(["backup", "--database", path, "--to", existing])
        XCTAssertEqual(refused.status, 73)
        XCTAssertTrue(refused.standardError.contains("already exists"), refused.standardError)
        XCTAssertEqual(FileManager.default.contents(atPath: existing), Data("keep me".utf8))

        let foreign = dir.file("foreign.sqlite3")
        try SQLiteConnection(path: foreign).execute("CREATE TABLE t (x)", operation: "test")
        let failed = try KioskProcess(["backup", "--database", foreign, "--to", dir.file("copy.sqlite3")])
        XCTAssertEqual(failed.status, 65, failed.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("copy.sqlite3")), "a failed copy is removed")
    }
}
