// A damaged database at start: a schema version no build writes, a file truncated by a full
// disk or a bad copy, a page overwritten with garbage. Each is refused with a typed error
// naming the file (the app exits 65), and the file is left exactly as it was.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ItemStoreIntegrityTests: XCTestCase {
    /// A real database of `count` items, checkpointed so everything is in the main file.
    private func seededFile(_ dir: TemporaryDirectory, count: Int = 2_000) throws -> String {
        let path = dir.file("items.sqlite3")
        let store = try ItemStore(path: path)
        try store.insert(sampleItems(count))
        try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)", operation: "test")
        return path
    }

    func testNegativeSchemaVersionIsRefusedNotATrap() throws {
        for version in [-1, -7, Int(Int32.min)] {
            let dir = try TemporaryDirectory()
            let path = dir.file("items.sqlite3")
            try ItemStore(path: path).db.execute("PRAGMA user_version=\(version)", operation: "test")
            XCTAssertThrowsError(try ItemStore(path: path)) { error in
                XCTAssertEqual(error as? StoreError, .invalidSchemaVersion(path: path, found: version))
                XCTAssertTrue("\(error)".contains(path), "\(error)")
            }
        }
    }

    func testNegativeSchemaVersionExits65NamingTheFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        try ItemStore(path: path).db.execute("PRAGMA user_version=-1", operation: "test")
        let run = try KioskProcess(["screenshot", "--database", path, "--output", dir.file("out.png")])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertTrue(run.standardError.contains("\(path) has schema version -1"), run.standardError)
    }

    func testTruncatedDatabaseIsRefusedAndLeftUntouched() throws {
        let dir = try TemporaryDirectory()
        let path = try seededFile(dir)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let half = whole.prefix(whole.count / 2)
        try half.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            guard let error = error as? StoreError else { return XCTFail("\(error)") }
            switch error {
            case .damaged(let file, _), .corrupt(let file, _, _, _): XCTAssertEqual(file, path)
            default: XCTFail("expected a damaged database, got \(error)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), half, "the damaged file was changed")
        let run = try KioskProcess(["screenshot", "--database", path, "--output", dir.file("out.png")])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertTrue(run.standardError.contains(path), run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("out.png")), "started with the damaged file")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), half, "the damaged file was changed")
    }

    func testPageOverwrittenWithGarbageIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = try seededFile(dir)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pageSize = 4096
        let page = bytes.count / pageSize / 2
        for i in 0..<pageSize { bytes[page * pageSize + i] = UInt8(truncatingIfNeeded: i &* 131 &+ 7) }
        try bytes.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ItemStore(path: path)) { error in
            guard let error = error as? StoreError else { return XCTFail("\(error)") }
            switch error {
            case .damaged(let file, let problems):
                XCTAssertEqual(file, path)
                XCTAssertFalse(problems.isEmpty)
            case .corrupt(let file, _, _, _): XCTAssertEqual(file, path)
            default: XCTFail("expected a damaged database, got \(error)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "the damaged file was changed")
    }

    func testSoundDatabaseStillOpens() throws {
        let dir = try TemporaryDirectory()
        let path = try seededFile(dir)
        XCTAssertEqual(try ItemStore(path: path).integrityProblems(), [])
    }
}
