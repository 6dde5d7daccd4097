// Runs the built `swipe-kiosk` binary as a user would, for the tests that check what a command
// prints and which exit code it ends with (the contract of docs/ARCHITECTURE.md, "Exit codes").
import Foundation
import XCTest

/// One finished run of `swipe-kiosk`.
struct KioskProcess {
    let status: Int32
    let standardError: String

    /// Runs `swipe-kiosk arguments` in `directory` with `environment` added, until it exits.
    init(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws {
        let child = Process()
        child.executableURL = try ItemStoreDurabilityTests.kioskExecutable()
        child.arguments = arguments
        if let directory { child.currentDirectoryURL = URL(fileURLWithPath: directory) }
        child.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        status = child.terminationStatus
        standardError = String(decoding: data, as: UTF8.self)
    }
}
