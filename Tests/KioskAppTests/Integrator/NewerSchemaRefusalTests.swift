// A database written by a newer swipe-kiosk (the package was rolled back after its migration)
// is refused by every command that opens it, with one line saying what to do and exit 78, on
// which swipe-kiosk.service does not restart (a restart meets the same file: issue 27's restart
// loop ended at the text login). The file is left byte for byte as it was.
import Foundation
import XCTest
@testable import KioskStore

final class NewerSchemaRefusalTests: XCTestCase {
    func testEveryCommandRefusesANewerBuildsDatabaseWithOneLineAndExit78() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path]).status, 0)
        let newer = ItemStore.latestSchemaVersion + 1
        try ItemStore(path: path).db.execute("PRAGMA user_version=\(newer)", operation: "test")
        let before = FileManager.default.contents(atPath: path)
        let script = dir.file("tap.touch")
        try "at 0 tap 100 100\nat 100 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let feed = dir.file("feed.toml")
        try "[feed]\nbroker = \"mqtt://127.0.0.1:1\"\nkiosk_id = \"k1\"\n".write(toFile: feed, atomically: true, encoding: .utf8)
        let line = "database \(path) was written by a newer swipe-kiosk: schema \(newer), this build knows up to "
            + "\(ItemStore.latestSchemaVersion); upgrade the package or restore a backup"
        // `run` opens the database through the same AppOptions.makeApplication as replay and
        // screenshot, after the display (none here: it exits 69 first).
        let commands = [
            ["replay", script, "--database", path, "--out", dir.path],
            ["screenshot", "--database", path, "--output", dir.file("shot.png")],
            ["init-db", "--database", path],
            ["backup", "--database", path, "--to", dir.file("copy.sqlite3")],
            ["export-actions", "--database", path, "--since", "0"],
            ["check-text", "--database", path],
            ["doctor", "--database", path, "--user", "root"],
            // The feed said 65 here before the exit codes became one table (ExitStatus).
            ["feed", "--config", feed, "--database", path],
        ]
        for arguments in commands {
            let run = try KioskProcess(arguments)
            let output = run.standardError + run.standardOutput
            XCTAssertEqual(run.status, 78, "\(arguments[0]): \(output)")
            XCTAssertEqual(output.components(separatedBy: "\n").filter { $0.contains(line) }.count, 1, "\(arguments[0]): \(output)")
            XCTAssertEqual(FileManager.default.contents(atPath: path), before, "\(arguments[0]) changed the file")
            // Reading a WAL-mode file makes SQLite create its -wal and -shm; nothing is written into the WAL.
            XCTAssertEqual(FileManager.default.contents(atPath: path + "-wal")?.count ?? 0, 0, "\(arguments[0]) wrote to the WAL")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("copy.sqlite3")), "the failed backup is removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("shot.png")))
    }

    func testTheServicesDoNotRestartOnANewerDatabase() throws {
        func prevented(_ unit: String) throws -> Set<Substring> {
            let text = try String(contentsOf: IntegrationDocTests.repository.appendingPathComponent("systemd/\(unit)"), encoding: .utf8)
            return Set(text.split(separator: "\n").filter { $0.hasPrefix("RestartPreventExitStatus=") }
                .flatMap { $0.dropFirst("RestartPreventExitStatus=".count).split(separator: " ") })
        }
        XCTAssertEqual(try prevented("swipe-kiosk.service"), ["75", "78"],
                       "the exits a restart cannot fix: a full disk and a newer build's database")
        // The feed opens the same database (it exited 65 on a newer one before the exit-code table,
        // and restarted every 5 s on 78 until its unit said otherwise); 65 is a bad configuration.
        XCTAssertEqual(try prevented("swipe-kiosk-feed.service"), ["65", "75", "78"])
    }
}
