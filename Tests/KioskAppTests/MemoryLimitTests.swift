// A panel too large for the memory left is an error with an exit code, never a trap: every block
// sized from outside (the shadow, a virtual panel's scanout, a screenshot's PNG, a transition's
// layers, a picture file read whole, the bench's memcpy floor, espeak-ng's start) is had only with
// room left beside it (MemoryHeadroom), so that failure throws. Before, Swift's allocation ended
// the process with "Fatal error: failed to allocate" (SIGABRT) when `ulimit -v` left too little.
// Where each allocation fails depends on the build, the machine and the threads' timing, and the
// bands where one trapped were 1 or 2 MB wide: the address-space limit is swept in small steps,
// and every run must succeed or end with 70 saying what memory it lacked.
import Foundation
import XCTest

final class MemoryLimitTests: XCTestCase {
    /// `swipe-kiosk arguments` in `directory` under `ulimit -v megabytes`: how it ended and what it said.
    func run(_ arguments: [String], underMegabytes megabytes: Int, in directory: TemporaryDirectory) throws
        -> (reason: Process.TerminationReason, status: Int32, message: String) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        child.arguments = ["-c", "ulimit -c 0; ulimit -v \(megabytes * 1024) && exec \"$0\" \"$@\"",
                           try ItemStoreDurabilityTests.kioskExecutable().path] + arguments
        // The runtime's backtracer needs memory of its own: off, a trap is the signal it is.
        child.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return (child.terminationReason, child.terminationStatus, String(message.prefix(300)))
    }

    /// Runs `arguments` under each of `limits` (MB). Counts the runs that succeeded and those
    /// refused with exit 70 and a message about memory; anything else (a signal, "Fatal error",
    /// another exit) fails the test, naming the limit.
    @discardableResult
    func sweep(_ arguments: [String], _ limits: some Sequence<Int>, in directory: TemporaryDirectory,
               file: StaticString = #filePath, line: UInt = #line) throws -> (succeeded: Int, refused: Int) {
        var succeeded = 0, refused = 0
        for megabytes in limits {
            let r = try run(arguments, underMegabytes: megabytes, in: directory)
            let said = "ulimit -v \(megabytes) MB, \(arguments.prefix(4).joined(separator: " ")): \(r.message)"
            if r.reason == .exit, r.status == 0 {
                succeeded += 1
            } else if r.reason == .exit, r.status == 70, r.message.lowercased().contains("memory"), !r.message.contains("Fatal error") {
                refused += 1
            } else {
                XCTFail("\(r.reason == .exit ? "exit" : "signal") \(r.status), \(said)", file: file, line: line)
            }
        }
        return (succeeded, refused)
    }

    /// Limits from `low` to `high` MB, `step` apart, from a random start within the first step:
    /// the runs of the suite together cover every MB.
    func limits(_ low: Int, _ high: Int, step: Int) -> StrideThrough<Int> {
        stride(from: low + Int.random(in: 0..<step), through: high, by: step)
    }

    /// `replay --demo` of `script` on a `size` panel, swept over `limits`.
    func sweepReplay(_ script: String, size: String, _ limits: StrideThrough<Int>,
                     file: StaticString = #filePath, line: UInt = #line) throws -> (succeeded: Int, refused: Int) {
        let directory = try TemporaryDirectory()
        try script.write(toFile: directory.file("script.txt"), atomically: true, encoding: .utf8)
        return try sweep(["replay", "--demo", "--size", size, "script.txt"], limits, in: directory, file: file, line: line)
    }

    func testAScreenshotTooLargeForTheMemoryLeftIsAnErrorNotATrap() throws {
        let directory = try TemporaryDirectory()
        let shot = ["screenshot", "--demo", "--size", "4096x2400", "--output", "shot.png"]
        // Below what a small screenshot needs, any allocation may fail (and a Swift one traps):
        // only limits the app itself runs under say something about the screen-sized buffers.
        let running = try stride(from: 100, through: 700, by: 20).filter {
            try run(["screenshot", "--demo", "--size", "320x240", "--output", "small.png"], underMegabytes: $0, in: directory).status == 0
        }
        let counts = try sweep(shot, running, in: directory)
        XCTAssertGreaterThan(counts.refused, 0, "no limit was low enough to refuse the screenshot: the sweep tests nothing")
        XCTAssertGreaterThan(counts.succeeded, 0, "no limit was high enough for the screenshot")
        // Where the buffers just fit, drawing into them once trapped (the first glyph or shape that
        // found no memory): the limits between the app running and the screenshot succeeding
        // are swept again, closer.
        guard let low = running.first else { return }
        try sweep(shot, limits(low, low + 300, step: 3), in: directory)
    }

    func testPushesAndPopsOnALargePanelAreAnErrorNotATrap() throws {
        // A transition's layers map the page's size in address space while they are made.
        let counts = try sweepReplay("at 100 tap 300 300\nat 900 tap 30 30\nat 1700 tap 300 500\nat 2500 tap 30 30\n"
                                     + "at 3300 swipe 0 2000 1500 2000 300 150\nat 4500 end\n", size: "4096x2400", limits(200, 460, step: 2))
        XCTAssertGreaterThan(counts.refused, 0)
        XCTAssertGreaterThan(counts.succeeded, 0)
    }

    func testSpeechStartsOnlyWithRoomForEspeakNG() throws {
        // espeak-ng checks neither its allocations nor its thread's creation: with too little
        // room it is not started (speech is off, the app goes on), or it would crash.
        let counts = try sweepReplay("at 100 tap 300 300\nat 800 key ESCAPE\nat 1600 swipe 0 4000 280 1000 280 200\nat 2200 tap 3700 280\n"
                                     + "at 3200 swipe 0 2000 1500 2000 2300 150\nat 4500 tap 300 600\nat 5200 key ESCAPE\nat 6000 end\n",
                                     size: "1280x800", limits(170, 250, step: 1))
        XCTAssertGreaterThan(counts.succeeded, 0)
    }

    func testTheBenchsMemcpyFloorIsAnErrorNotATrap() throws {
        let directory = try TemporaryDirectory()
        let counts = try sweep(["bench", "--scene", "reference", "--size", "4096x2400", "--frames", "10"], limits(150, 270, step: 6), in: directory)
        XCTAssertGreaterThan(counts.refused, 0)
    }

    func testALargePictureFileIsReadOnlyWithRoomBesideIt() throws {
        // 60 MB of junk named .png (under a picture's 64 MiB) is read whole before it is decoded.
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("pictures"), withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.file("pictures/big.png"), contents: Data(count: 60_000_000)))
        XCTAssertEqual(try run(["init-db", "--database", "items.db"], underMegabytes: 4096, in: directory).status, 0)
        let rows = (0..<30).map { "insert into items(id,list_id,title,image,sort_key) values('p\($0)','inbox','Picture \($0)','big.png',\($0));" }
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        sqlite.arguments = ["-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()",
                            directory.file("items.db"), rows.joined()]
        try sqlite.run()
        sqlite.waitUntilExit()
        XCTAssertEqual(sqlite.terminationStatus, 0)
        try "[data]\nimage_dir = \"\(directory.file("pictures"))\"\ndatabase = \"\(directory.file("items.db"))\"\n"
            .write(toFile: directory.file("kiosk.toml"), atomically: true, encoding: .utf8)
        try sweep(["screenshot", "--config", "kiosk.toml", "--size", "4096x2400", "--output", "shot.png"], limits(230, 290, step: 2), in: directory)
    }
}
