// A real `swipe-kiosk run --backend headless` child for the control socket tests: its own
// temporary directory with a demo database, a configuration file and a runtime directory (mode
// 0700, as systemd's RuntimeDirectory= makes it), started as systemd would start it
// ($RUNTIME_DIRECTORY) and stopped with SIGTERM. Requests go through the real `swipe-kiosk ctl`.
import Canvas
import Foundation
import XCTest

final class RunningKiosk {
    /// The panel size of every control test (small: the PNGs are compared pixel by pixel).
    static let size = "480x320"

    let directory: TemporaryDirectory
    let child = Process()
    let errors = Pipe()
    var database: String { directory.file("items.sqlite3") }
    var config: String { directory.file("config.toml") }
    var runtime: String { directory.file("run") }
    var socket: String { runtime + "/control.sock" }

    /// Starts the app (`backend`: the arguments choosing the headless backend and its size) and
    /// waits (at most ~20 s) until its socket answers `status`.
    init(config text: String = "", backend: [String] = ["--backend", "headless", "--size", RunningKiosk.size], arguments: [String] = []) throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let created = try KioskProcess(["init-db", "--demo", "--database", database, "--config", config])
        XCTAssertEqual(created.status, 0, created.standardError)
        child.executableURL = try ItemStoreDurabilityTests.kioskExecutable()
        child.arguments = ["run"] + backend + ["--database", database, "--config", config] + arguments
        child.environment = ProcessInfo.processInfo.environment.merging(["RUNTIME_DIRECTORY": runtime]) { $1 }
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        for _ in 0..<200 {
            if FileManager.default.fileExists(atPath: socket), try ctl("status").status == 0 { return }
            guard child.isRunning else { break }
            usleep(100_000)
        }
        stop()
        throw StartFailure(log: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    struct StartFailure: Error { let log: String }

    deinit { stop() }

    /// SIGTERM and wait; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if child.isRunning { child.terminate() }
        child.waitUntilExit()
        return child.terminationStatus
    }

    /// `swipe-kiosk ctl --socket SOCKET words…`.
    func ctl(_ words: String...) throws -> KioskProcess {
        try KioskProcess(["ctl", "--socket", socket] + words)
    }

    /// `status` as a dictionary.
    func status() throws -> [String: Any] {
        let run = try ctl("status")
        XCTAssertEqual(run.status, 0, run.standardError)
        return try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any] ?? [:]
    }

    /// `ctl screenshot` into the temporary directory, decoded.
    func screenshot() throws -> Surface {
        let path = directory.file("ctl-\(UUID().uuidString).png")
        let run = try ctl("screenshot", path)
        XCTAssertEqual(run.status, 0, run.standardError)
        return try PNG.read(path: path)
    }

    /// `swipe-kiosk screenshot` of the same database, configuration and size: what a replay shows.
    func referenceScreenshot() throws -> Surface {
        let path = directory.file("reference.png")
        let run = try KioskProcess(["screenshot", "--output", path, "--database", database, "--config", config, "--size", Self.size])
        XCTAssertEqual(run.status, 0, run.standardError)
        return try PNG.read(path: path)
    }

    /// Screenshots until `condition` holds (the frame after a request is drawn on the app's
    /// next loop iteration, a refresh later at most); at most 50 tries.
    func screenshot(until condition: (Surface) -> Bool) throws -> Surface {
        var shot = try screenshot()
        for _ in 0..<50 where !condition(shot) {
            usleep(20_000)
            shot = try screenshot()
        }
        return shot
    }
}

extension Surface {
    /// The pixels as 0xAARRGGBB words, row by row (for equality checks).
    var pixelWords: [UInt32] {
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { words.append(pixel(x: x, y: y)) } }
        return words
    }
}
