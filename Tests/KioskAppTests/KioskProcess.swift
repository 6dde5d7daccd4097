// Runs the built `swipe-kiosk` binary as a user would, for the tests that check what a command
// prints and which exit code it ends with (the contract of docs/ARCHITECTURE.md, "Exit codes").
import Foundation
import XCTest

/// One finished run of `swipe-kiosk`.
struct KioskProcess {
    let status: Int32
    let standardError: String
    /// What it printed on stdout (kept in a temporary file while it runs, so a long output
    /// cannot block the child on a full pipe while the test reads stderr).
    let standardOutput: String

    /// Runs `swipe-kiosk arguments` in `directory` with `environment` added, until it exits.
    init(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws {
        let child = Process()
        child.executableURL = try ItemStoreDurabilityTests.kioskExecutable()
        child.arguments = arguments
        if let directory { child.currentDirectoryURL = URL(fileURLWithPath: directory) }
        child.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        child.standardError = errors
        let outputPath = NSTemporaryDirectory() + "swipekiosk-stdout-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        child.standardOutput = output
        try child.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        try output.close()
        status = child.terminationStatus
        standardError = String(decoding: data, as: UTF8.self)
        standardOutput = String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
    }
}

extension KioskProcess {
    /// Writes `toml` to `path` and runs `swipe-kiosk check-config` on it, as a person would
    /// after editing the file (`path` relative to `directory` when one is given).
    static func checkConfig(_ toml: String, at path: String, in directory: String? = nil) throws -> KioskProcess {
        let file = directory.map { $0 + "/" + path } ?? path
        try toml.write(toFile: file, atomically: true, encoding: .utf8)
        return try KioskProcess(["check-config", path], in: directory)
    }
}
