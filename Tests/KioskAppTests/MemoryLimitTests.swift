// A panel too large for the memory left is an error with an exit code, never a trap: the
// screen-sized buffers (the shadow, a virtual panel's scanout, a screenshot's PNG) are allocated
// so that failure throws. Before, Swift's allocation ended the process with "Fatal error: failed
// to allocate" (SIGABRT) when `ulimit -v` left too little for a 4096x2400 screenshot.
// Where each allocation fails depends on the build and the machine, so the address-space limit
// is swept: every run must succeed or end with 70 and say what it could not allocate.
import Foundation
import XCTest

final class MemoryLimitTests: XCTestCase {
    /// `screenshot --size size` under `ulimit -v megabytes`: how it ended and what it said.
    func screenshot(_ size: String, underMegabytes megabytes: Int, into directory: TemporaryDirectory) throws
        -> (reason: Process.TerminationReason, status: Int32, message: String) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "ulimit -v \(megabytes * 1024) && exec \"$0\" \"$@\"", try ItemStoreDurabilityTests.kioskExecutable().path,
                           "screenshot", "--demo", "--size", size, "--output", directory.file("shot.png")]
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return (child.terminationReason, child.terminationStatus, String(message.prefix(300)))
    }

    /// How the 4096x2400 screenshot ended under `megabytes`: nil when it succeeded, true when it
    /// was refused with exit 70 saying it lacked memory; anything else fails the test.
    func bigScreenshotRefused(underMegabytes megabytes: Int, into directory: TemporaryDirectory) throws -> Bool {
        let big = try screenshot("4096x2400", underMegabytes: megabytes, into: directory)
        let limit = "ulimit -v \(megabytes) MB"
        XCTAssertEqual(big.reason, .exit, "\(limit): killed by signal \(big.status): \(big.message)")
        XCTAssertFalse(big.message.contains("Fatal error"), "\(limit): \(big.message)")
        switch big.status {
        case 0: return false
        case 70:
            // The app's own words ("allocate N bytes for the shadow buffer") or libpng's.
            XCTAssertTrue(big.message.lowercased().contains("memory"), "\(limit): \(big.message)")
            return true
        default:
            XCTFail("\(limit): exit \(big.status): \(big.message)")
            return true
        }
    }

    func testAScreenshotTooLargeForTheMemoryLeftIsAnErrorNotATrap() throws {
        let directory = try TemporaryDirectory()
        var refused = 0, succeeded = 0
        var lowestRunning: Int?, lowestSucceeding: Int?
        for megabytes in stride(from: 100, through: 700, by: 20) {
            // Below what a small screenshot needs, any allocation may fail (and a Swift one traps):
            // only limits the app itself runs under say something about the screen-sized buffers.
            guard try screenshot("320x240", underMegabytes: megabytes, into: directory).status == 0 else { continue }
            lowestRunning = lowestRunning ?? megabytes
            if try bigScreenshotRefused(underMegabytes: megabytes, into: directory) {
                refused += 1
            } else {
                succeeded += 1
                lowestSucceeding = lowestSucceeding ?? megabytes
            }
        }
        XCTAssertGreaterThan(refused, 0, "no limit was low enough to refuse the screenshot: the sweep tests nothing")
        XCTAssertGreaterThan(succeeded, 0, "no limit was high enough for the screenshot")
        // Where the buffers just fit, drawing into them once trapped (the first glyph or shape that
        // found no memory): that band is a few MB wide and moves with the machine, so the limits
        // between the app running and the screenshot succeeding are swept again, 3 MB apart.
        guard let lowestRunning, let lowestSucceeding else { return }
        for megabytes in stride(from: lowestRunning + 1, through: lowestSucceeding + 20, by: 3) {
            _ = try bigScreenshotRefused(underMegabytes: megabytes, into: directory)
        }
    }
}
