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

    func testAScreenshotTooLargeForTheMemoryLeftIsAnErrorNotATrap() throws {
        let directory = try TemporaryDirectory()
        var refused = 0, succeeded = 0
        for megabytes in stride(from: 100, through: 700, by: 40) {
            // Below what a small screenshot needs, any allocation may fail (and a Swift one traps):
            // only limits the app itself runs under say something about the screen-sized buffers.
            guard try screenshot("320x240", underMegabytes: megabytes, into: directory).status == 0 else { continue }
            let big = try screenshot("4096x2400", underMegabytes: megabytes, into: directory)
            let limit = "ulimit -v \(megabytes) MB"
            XCTAssertEqual(big.reason, .exit, "\(limit): killed by signal \(big.status): \(big.message)")
            XCTAssertFalse(big.message.contains("Fatal error"), "\(limit): \(big.message)")
            switch big.status {
            case 0: succeeded += 1
            case 70:
                XCTAssertTrue(big.message.contains("allocate"), "\(limit): \(big.message)")
                refused += 1
            default: XCTFail("\(limit): exit \(big.status): \(big.message)")
            }
        }
        XCTAssertGreaterThan(refused, 0, "no limit was low enough to refuse the screenshot: the sweep tests nothing")
        XCTAssertGreaterThan(succeeded, 0, "no limit was high enough for the screenshot")
    }
}
