// A database the kiosk's user may not write is refused at start with a message naming the fix,
// before anyone swipes (SQLite would open it read-only without a word and the first swipe would
// fail 3 s later). The binary runs as `nobody` (setpriv), so the test needs root; the file, or
// the directory SQLite keeps its -wal and -shm in, belongs to root.
import Foundation
import XCTest

final class UnwritableDatabaseStartTests: XCTestCase {
    /// `swipe-kiosk arguments` as the user nobody.
    static func runAsNobody(_ arguments: [String], in directory: String) throws -> ChildRun {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run the kiosk as another user")
        }
        let binary = try ItemStoreDurabilityTests.kioskExecutable().path
        return try ChildRun("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary] + arguments,
                            in: directory, environment: [:])
    }

    func testAFileTheUserMayNotWriteIsRefusedWithTheFix() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path]).status, 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let run = try Self.runAsNobody(["screenshot", "--database", path, "--output", dir.file("shot.png")], in: dir.path)
        XCTAssertEqual(run.status, 65, run.output)
        XCTAssertTrue(run.output.contains("cannot write database \(path): nobody may not write \(path); nothing was changed."), run.output)
        XCTAssertTrue(run.output.contains("Fix: sudo chown nobody: \(path)"), run.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("shot.png")), "refused before anything ran")
    }

    func testADirectoryTheUserMayNotWriteIsRefusedWithTheFix() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path]).status, 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
        let run = try Self.runAsNobody(["screenshot", "--database", path, "--output", "/dev/null/never.png"], in: "/")
        XCTAssertEqual(run.status, 65, run.output)
        XCTAssertTrue(run.output.contains("nobody may not write its directory \(dir.path)"), run.output)
        XCTAssertTrue(run.output.contains("Fix: sudo chown nobody: \(dir.path)"), run.output)
    }
}
