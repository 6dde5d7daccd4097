// Start-up only reads a database that is already seeded and migrated, so an importer holding a
// long write transaction (IMMEDIATE, or EXCLUSIVE, which in WAL mode still lets readers in) does
// not make the kiosk exit 65 after the busy timeout.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore

/// Start-up only reads a database that is already seeded and migrated.
final class ReadOnlyStartTests: XCTestCase {
    func testSeededDatabaseStartsWhileAnImporterHoldsTheWriteLock() throws {
        for lock in ["BEGIN IMMEDIATE", "BEGIN EXCLUSIVE"] {
            let dir = try TemporaryDirectory()
            let path = dir.file("items.sqlite3")
            XCTAssertEqual(try KioskProcess(["screenshot", "--demo", "--database", path, "--output", dir.file("first.png")]).status, 0)
            let importer = try ItemStore(path: path)
            try importer.db.execute(lock, operation: "test")
            try importer.db.execute("UPDATE items SET title = 'importing' WHERE id = 'inbox-1'", operation: "test")
            let run = try KioskProcess(["screenshot", "--database", path, "--output", dir.file("second.png")])
            XCTAssertEqual(run.status, 0, "\(lock): \(run.standardError)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("second.png")), lock)
            try importer.db.execute("COMMIT", operation: "test")
        }
    }
}
