// The running app the feed's commands reach: a real `swipe-kiosk run --backend headless` child
// with a demo database, an empty configuration and `--control-socket` in a runtime directory of
// its own (mode 0700, as systemd makes it), stopped with SIGTERM when the test ends. `ctl` runs
// the real `swipe-kiosk ctl` against the same socket, so a test can compare what an operator
// gets over MQTT with what the shell gets.
import Foundation
import Glibc
import TestSupport
import XCTest

final class HeadlessApp {
    let directory: TemporaryDirectory
    let child = Process()
    var socket: String { directory.file("run/control.sock") }
    /// The configuration file `reload` reads.
    var config: String { directory.file("config.toml") }

    /// Starts the app and waits (at most ~20 s) until `ctl status` answers.
    init() throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("run"), withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        let database = directory.file("items.sqlite3")
        try "".write(toFile: config, atomically: true, encoding: .utf8)
        let created = try Self.kiosk(["init-db", "--demo", "--database", database, "--config", config])
        XCTAssertEqual(created.status, 0, created.standardError)
        child.executableURL = try kioskExecutable()
        child.arguments = ["run", "--backend", "headless", "--size", "480x320", "--control-socket", socket,
                           "--database", database, "--config", config]
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        guard waitUntil(timeout: 20, { (try? ctl("status").status) == 0 }) else {
            throw HeadlessAppError(description: "the headless app did not answer on \(socket)")
        }
    }

    deinit {
        if child.isRunning { child.terminate() }
        child.waitUntilExit()
    }

    struct HeadlessAppError: Error, CustomStringConvertible { let description: String }

    /// What one run of the binary did.
    struct Run {
        var status: Int32
        var standardOutput: [UInt8]
        var standardError: String
    }

    /// `swipe-kiosk ctl --socket SOCKET words…`.
    func ctl(_ words: String...) throws -> Run { try Self.kiosk(["ctl", "--socket", socket] + words) }

    /// The app's `status` object, through `ctl`.
    func status() throws -> [String: Any] {
        let run = try ctl("status")
        XCTAssertEqual(run.status, 0, run.standardError)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput)) as? [String: Any])
    }

    /// Runs `swipe-kiosk ARGUMENTS` to its end.
    static func kiosk(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = try kioskExecutable()
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, standardOutput: Array(outputData),
                   standardError: String(decoding: errorData, as: UTF8.self))
    }
}
