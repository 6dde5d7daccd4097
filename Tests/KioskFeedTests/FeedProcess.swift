// The real `swipe-kiosk feed` as a child process of the test, with its own configuration and
// database, its journal lines (stderr) in a file the test reads; killed with SIGKILL or ended
// with SIGTERM as the test says, and never left running after it.
import Foundation
import Glibc
import KioskStore
import TestSupport
import XCTest

final class FeedProcess {
    let process = Process()
    let logPath: String
    let database: String

    /// Starts `swipe-kiosk feed --config CONFIG --database DATABASE`.
    init(config: String, database: String) throws {
        self.database = database
        logPath = database + ".feed.log"
        process.executableURL = try kioskExecutable()
        process.arguments = ["feed", "--config", config, "--database", database]
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        process.standardError = log
        process.standardOutput = log
        try process.run()
    }

    deinit { kill9() }

    /// SIGKILL: no shutdown, no DISCONNECT; the broker sees the connection die.
    func kill9() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM, then waits for the exit; returns the exit status.
    func terminate() -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Its journal lines so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
}

/// Writes a configuration with `[feed]` for the broker on `port` and returns its path.
func writeFeedConfig(_ directory: TemporaryDirectory, name: String, broker: String, kiosk: String, extra: [String] = []) throws -> String {
    let path = directory.file(name + ".toml")
    let lines = ["[feed]", "broker = \"\(broker)\"", "kiosk_id = \"\(kiosk)\"", "keepalive_s = 5"] + extra
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// The item payload the tests publish: the items table's columns as JSON.
func itemJSON(title: String, updatedAt: Int64, sortKey: Int64 = 0) -> String {
    #"{"title":"\#(title)","subtitle":"from the fleet","sort_key":\#(sortKey),"updated_at":\#(updatedAt)}"#
}

/// How many items `list` shows in the database at `path` (0 while it does not exist yet).
func visibleCount(_ path: String, list: String = "inbox") -> Int {
    guard let store = try? ItemStore(readingOnly: path) else { return 0 }
    return (try? store.visibleItemCount(listID: list)) ?? 0
}
