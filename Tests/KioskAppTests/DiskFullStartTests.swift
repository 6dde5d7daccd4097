// A full file system at start, for real: a small tmpfs (mounted as root, as CI runs) holding a
// sound database, filled to the last byte. The `-shm` cannot grow (SQLite: "disk I/O error",
// code 4874) or the WAL cannot be written (SQLITE_FULL); either way `swipe-kiosk` says which
// file system is full and how much is free, and exits 75 (not 65, which systemd would restart
// into the same wall every second). The database is untouched and opens once there is space.
import Foundation
import XCTest
import KioskConfig
@testable import KioskApp
@testable import KioskStore

final class DiskFullStartTests: XCTestCase {
    /// Writes `path` until the file system refuses another byte.
    private func fill(_ path: String) {
        guard let file = fopen(path, "w") else { return XCTFail("cannot create \(path)") }
        defer { fclose(file) }
        setvbuf(file, nil, _IONBF, 0)
        let block = [UInt8](repeating: 0xA5, count: 4096)
        while fwrite(block, 1, block.count, file) == block.count {}
        while fwrite(block, 1, 1, file) == 1 {}
    }

    func testAFullFileSystemAtStartNamesItAndExits75() throws {
        // WAL: the -shm cannot grow (SQLITE_IOERR_SHMSIZE, ENOSPC). Rollback journal: the switch
        // to WAL cannot write its WAL (SQLITE_FULL).
        for journal in ["WAL", "DELETE"] {
            let dir = try TemporaryDirectory()
            let mountPoint = try SmallFileSystem.mount(in: dir, test: self)
            let path = mountPoint + "/items.sqlite3"
            do {
                let store = try ItemStore(path: path)
                try store.insert(sampleItems(50))
                _ = try store.seedDemoDataIfNeeded(ItemStore.demoLists(for: KioskConfiguration()), at: 1_000)
                try store.db.execute("PRAGMA journal_mode=\(journal)", operation: "test")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-shm"), journal)
            let filler = mountPoint + "/filler"
            fill(filler)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))

            let run = try KioskProcess(["screenshot", "--database", path, "--output", dir.file("out.png")])
            XCTAssertEqual(run.status, 75, "\(journal): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains("the file system of \(mountPoint) is full ("), "\(journal): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains(" bytes free)"), "\(journal): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains("free space there"), "\(journal): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains("systemctl restart swipe-kiosk"), "\(journal): \(run.standardError)")
            XCTAssertThrowsError(try ItemStore(path: path), journal) { error in
                XCTAssertTrue((error as? StoreError)?.isDiskFull == true, "\(journal): \(error)")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(journal): the database was changed")

            try FileManager.default.removeItem(atPath: filler)
            let store = try ItemStore(path: path)
            XCTAssertEqual(try store.integrityProblems(), [], journal)
            XCTAssertNotNil(try store.item(id: "inbox-50"), journal)
        }
    }
}

/// A 1 MiB tmpfs for tests of a full disk (root only; skipped with the reason otherwise).
enum SmallFileSystem {
    /// Mounts it on a fresh directory in `dir`; unmounted when `test` ends.
    static func mount(in dir: TemporaryDirectory, test: XCTestCase) throws -> String {
        guard getuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root (CI runs the tests as root)") }
        let mountPoint = dir.file("small-fs")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        guard try run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint]) == 0 else {
            throw XCTSkip("this machine refuses to mount a tmpfs (a container without CAP_SYS_ADMIN?)")
        }
        test.addTeardownBlock { _ = try? run("/bin/umount", [mountPoint]) }
        return mountPoint
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
