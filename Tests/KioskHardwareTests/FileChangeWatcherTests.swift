// The database change watch without a database: writes to the watched file, its -wal and
// -journal companions are reported, and so are a file renamed over it and its deletion; writes
// to other files in the directory (the -shm index, unrelated files) are not, and a quiet
// directory reports nothing. On a loop, a burst of writes is looked at again afterwards, because
// a WAL commit becomes visible only after its last write.
import Glibc
import SwipeCore
import XCTest
@testable import KioskHardware

final class FileChangeWatcherTests: XCTestCase {
    /// A fresh directory with a database file "0" under a watcher; removed after `body`.
    func withWatchedDatabase(_ body: (_ directory: String, _ database: String, _ watcher: FileChangeWatcher) throws -> Void) throws {
        var template = Array("/tmp/watch-XXXXXX".utf8CString)
        let directory = String(cString: try XCTUnwrap(mkdtemp(&template)))
        defer { _ = system("rm -rf \(directory)") }
        let database = directory + "/items.sqlite3"
        try write(database, "0")
        try body(directory, database, try FileChangeWatcher(path: database))
    }

    func testWritesToTheFileAndItsWALAreReported() throws {
        try withWatchedDatabase { directory, database, watcher in
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
    }

    /// The app follows a database replaced or deleted under it (KioskApplication+DatabaseFile)
    /// only if it wakes: a file renamed over the path and an unlink are changes.
    func testAFileRenamedOverTheDatabaseAndItsDeletionAreReported() throws {
        try withWatchedDatabase { directory, database, watcher in
            try write(directory + "/import.tmp", "new")
            XCTAssertFalse(watcher.drain(), "the importer's own file does not count")
            XCTAssertEqual(rename(directory + "/import.tmp", database), 0)
            XCTAssertTrue(watcher.drain(), "a rename over the database is a change")
            XCTAssertEqual(unlink(database), 0)
            XCTAssertTrue(watcher.drain(), "a deleted database is a change")
        }
    }

    /// The class "woken by a write, not by its commit": a reader that looks only when a write is
    /// seen misses a commit published after the last write (SQLite's -shm index makes no event).
    /// On a virtual loop, a write at 0 ms is looked at then and 25, 250 and 2,500 ms later; a
    /// second write at 100 ms starts the rechecks again from there; nothing runs while it is quiet.
    func testABurstOfWritesIsLookedAtAgainAfterItsLastWrite() throws {
        try withWatchedDatabase { directory, _, watcher in
            let clock = VirtualClock()
            let loop = try EventLoop(virtualClock: clock)
            var looks: [Int64] = []
            try watcher.watch(on: loop) { looks.append(loop.now.nanoseconds / 1_000_000) }
            try write(directory + "/items.sqlite3-wal", "frame")
            try loop.run(until: Instant(nanoseconds: 100_000_000))
            XCTAssertEqual(looks, [0, 25])
            try write(directory + "/items.sqlite3-wal", "frame")
            try loop.run(until: Instant(nanoseconds: 10_000_000_000))
            XCTAssertEqual(looks, [0, 25, 100, 125, 350, 2600], "the second burst's rechecks replace the first's")
        }
    }

    /// A commit that becomes visible 10 ms after its last write (the writer descheduled in
    /// between) is seen by the 25 ms recheck, with no further write to wake the reader.
    func testACommitVisibleOnlyAfterItsLastWriteIsSeen() throws {
        try withWatchedDatabase { directory, _, watcher in
            let loop = try EventLoop(virtualClock: VirtualClock())
            var seen: [Int64] = []
            try watcher.watch(on: loop) {
                if loop.now.nanoseconds >= 10_000_000 { seen.append(loop.now.nanoseconds / 1_000_000) }
            }
            try write(directory + "/items.sqlite3-wal", "commit frame")
            try loop.run(until: Instant(nanoseconds: 5_000_000_000))
            XCTAssertEqual(seen.first, 25, "the first look, at the write, came too early; the recheck sees the commit")
        }
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
