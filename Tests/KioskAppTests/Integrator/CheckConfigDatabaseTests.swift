// check-config looks at the configured database where it can (issue 27): one in a directory
// that does not exist was "ok" and the kiosk then refused to start. A warning at the key (exit
// 0: the file may be checked on another machine); nothing when the file leaves the default or
// names a usable place.
import Foundation
import XCTest

final class CheckConfigDatabaseTests: XCTestCase {
    func testADatabaseInAMissingDirectoryIsAWarningAtItsKey() throws {
        let dir = try TemporaryDirectory()
        try "[data]\ndatabase = \"\(dir.file("missing"))/items.sqlite3\"\n".write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["check-config", "--config", dir.file("k.toml")])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(run.standardError, "\(dir.file("k.toml")):2:12: warning: data.database: its directory \(dir.file("missing")) "
                       + "does not exist here: the kiosk refuses to start until it does (swipe-kiosk doctor checks it as the service user)\n")
    }

    /// Adversarial pass: what else the kiosk refuses was "ok": a parent that is a file, a
    /// directory or FIFO at the path, a dangling symbolic link.
    func testWhatTheKioskRefusesAtThePathIsAWarningToo() throws {
        let dir = try TemporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: dir.file("plain")))
        try FileManager.default.createDirectory(atPath: dir.file("folder.sqlite3"), withIntermediateDirectories: false)
        mkfifo(dir.file("pipe.sqlite3"), 0o600)
        try FileManager.default.createSymbolicLink(atPath: dir.file("dangling.sqlite3"), withDestinationPath: dir.file("nowhere"))
        for (database, words) in [(dir.file("plain") + "/x.sqlite3", "is not a directory"),
                                  (dir.file("folder.sqlite3"), "is not a regular file"),
                                  (dir.file("pipe.sqlite3"), "is not a regular file"),
                                  (dir.file("dangling.sqlite3"), "is a symbolic link to nothing")] {
            try "[data]\ndatabase = \"\(database)\"\n".write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
            let run = try KioskProcess(["check-config", "--config", dir.file("k.toml")])
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertTrue(run.standardError.contains("warning: data.database:") && run.standardError.contains(words),
                          "\(database): \(run.standardError)")
        }
    }

    func testAUsablePlaceOrTheDefaultSaysNothing() throws {
        let dir = try TemporaryDirectory()
        try "[data]\ndatabase = \"\(dir.file("items.sqlite3"))\"\n".write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try KioskProcess(["check-config", dir.file("k.toml")]).standardError, "")
        try "[ui]\nstyles_sheet = false\n".write(toFile: dir.file("d.toml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try KioskProcess(["check-config", dir.file("d.toml")]).standardError, "", "the default path is the package's")
    }
}
