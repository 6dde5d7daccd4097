// The database change watch without a database: writes to the watched file, its -wal and
// -journal companions are reported; writes to other files in the directory (the -shm index,
// unrelated files) are not, and a quiet directory reports nothing.
import Glibc
import XCTest
@testable import KioskHardware

final class FileChangeWatcherTests: XCTestCase {
    func testWritesToTheFileAndItsWALAreReported() throws {
        var template = Array("/tmp/watch-XXXXXX".utf8CString)
        let directory = String(cString: try XCTUnwrap(mkdtemp(&template)))
        defer { _ = system("rm -rf \(directory)") }
        let database = directory + "/items.sqlite3"
        try write(database, "0")
        let watcher = try FileChangeWatcher(path: database)
        XCTAssertFalse(watcher.drain(), "nothing happened yet")
        try write(directory + "/items.sqlite3-shm", "x")
        try write(directory + "/other.txt", "x")
        XCTAssertFalse(watcher.drain(), "the -shm index and other files do not count")
        try write(directory + "/items.sqlite3-wal", "frame")
        XCTAssertTrue(watcher.drain(), "a WAL write is a change")
        XCTAssertFalse(watcher.drain(), "reported once")
        try write(database, "1")
        XCTAssertTrue(watcher.drain())
    }

    func testAMissingDirectoryIsAnError() {
        XCTAssertThrowsError(try FileChangeWatcher(path: "/nonexistent-dir-for-watch/items.sqlite3"))
    }

    private func write(_ path: String, _ text: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "open(\(path))") }
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }
}
