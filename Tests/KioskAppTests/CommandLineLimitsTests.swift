// Hostile input at the command line (issue 12): each case ran before into a trap, a hang,
// unbounded memory, a replaced device node or an unclear message; now each is a clear message
// and the contract's exit code. The reproducers are inline.
import Canvas
import Foundation
import KioskFiles
import XCTest
@testable import KioskApp
@testable import KioskReplay

final class CommandLineLimitsTests: XCTestCase {
    func scriptError(_ text: String) -> String? {
        do { _ = try TouchScript(parsing: text, file: "s.touch"); return nil } catch { return "\(error)" }
    }

    func testScriptsCannotAskForUnboundedWork() {
        XCTAssertEqual(scriptError("at 0 swipe 0 1100 300 100 300 1e12"),
                       "s.touch:1: swipe duration 1e12 is longer than 60000 ms, the longest swipe")
        XCTAssertEqual(scriptError("at 1000000000000 end"),
                       "s.touch:1: time 1000000000000 is after 604800000 ms (7 days), the latest a script may run")
        XCTAssertEqual(scriptError("at 0 tap 1e300 5"), "s.touch:1: coordinates must lie within ±1000000 px")
        XCTAssertEqual(scriptError("size 16384x16384"), "s.touch:1: expected `size WxH` with sides 1…8192, e.g. `size 1280x800`")
        let manySwipes = (0..<140).map { "at \($0 * 60_000) swipe 0 10 10 20 20 60000" }.joined(separator: "\n")
        XCTAssertEqual(scriptError(manySwipes), "s.touch:134: the script expands into more than 1000000 steps, the most a script may have")
        XCTAssertNil(scriptError("at 604800000 end"), "the limit itself is allowed")
    }

    func testCRLFScriptsParseLikeLFScripts() throws {
        let crlf = try TouchScript(parsing: "size 640x400\r\nat 0 tap 10 20\r\nat 100 end\r\n", file: "crlf.touch")
        let lf = try TouchScript(parsing: "size 640x400\nat 0 tap 10 20\nat 100 end\n", file: "lf.touch")
        XCTAssertEqual(crlf.steps, lf.steps)
        XCTAssertEqual(crlf.size?.width, 640)
    }

    func testAByteOrderMarkAndOldMacLineEndsParseToo() throws {
        let lf = try TouchScript(parsing: "size 640x400\nat 0 tap 10 20\nat 100 end\n", file: "lf.touch")
        XCTAssertEqual(try TouchScript(parsing: "\u{FEFF}size 640x400\nat 0 tap 10 20\nat 100 end\n", file: "bom.touch").steps, lf.steps)
        XCTAssertEqual(try TouchScript(parsing: "size 640x400\rat 0 tap 10 20\rat 100 end\r", file: "cr.touch").steps, lf.steps)
    }

    func testAnEmptyScriptIsAnErrorNotASilentReplay() throws {
        let dir = try TemporaryDirectory()
        try "# nothing yet\n\n".write(toFile: dir.file("empty.touch"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", dir.file("empty.touch"), "--out", dir.path])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.standardError, "\(dir.file("empty.touch")): no `at` commands: the script has nothing to replay\n")
    }

    func testErrorMessagesQuoteAtMostFortyCharactersOfTheInput() throws {
        let key = String(repeating: "A", count: 100_000)
        XCTAssertEqual(scriptError("at 0 key \(key)"), "s.touch:1: unknown key `\(String(repeating: "A", count: 40))…`; "
                       + "use linux/input-event-codes.h names without KEY_ (ESC, ENTER, UP…)")
        XCTAssertEqual(scriptError("at 0 \(key) 1"), "s.touch:1: unknown command `\(String(repeating: "A", count: 40))…`; "
                       + "known: down move up cancel tap swipe key screenshot state screen switch end")
        // check-text names each missing code point once, at most 16 of them.
        let repeated = try KioskProcess(["check-text", String(repeating: "\u{10FFFD}", count: 10_000) + "\u{10FFFC}"])
        XCTAssertEqual(repeated.status, 65)
        XCTAssertEqual(repeated.standardError.split(separator: "\n").first, "check-text: text 1: no installed font has U+10FFFD, U+10FFFC")
        let many = String(String.UnicodeScalarView((0..<20).compactMap { Unicode.Scalar(0x100000 + $0) }))
        let capped = try KioskProcess(["check-text", many])
        XCTAssertEqual(capped.standardError.split(separator: "\n").first,
                       "check-text: text 1: no installed font has " + (0..<16).map { "U+\(String(0x100000 + $0, radix: 16, uppercase: true))" }
                        .joined(separator: ", ") + ", … (4 more)")
    }

    func testRotationIsOneOfTheFourAnglesAndPathsNamingADirectoryLeaveNothing() throws {
        let dir = try TemporaryDirectory()
        for angle in ["-90", "360", "450"] {
            let run = try KioskProcess(["screenshot", "--output", dir.file("r.png"), "--rotation=\(angle)"])
            XCTAssertEqual(run.status, 64, angle)
            XCTAssertTrue(run.standardError.contains("--rotation must be 0, 90, 180 or 270"), run.standardError)
        }
        let slash = try KioskProcess(["screenshot", "--output", dir.file("new/x.png/")])
        XCTAssertEqual(slash.status, 73)
        XCTAssertEqual(slash.standardError, "cannot write \(dir.file("new/x.png/")): is a directory\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("new")), "no directory made for a refused path")
        for named in ["new/x/..", "new/."] {
            let run = try KioskProcess(["screenshot", "--output", dir.file(named)])
            XCTAssertEqual(run.status, 73, named)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("new")), "\(named): no directory made")
        }
        let long = dir.file(String(repeating: "a", count: 251) + ".png")
        let named = try KioskProcess(["screenshot", "--output", long])
        XCTAssertEqual(named.status, 0, named.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [(long as NSString).lastPathComponent])
    }

    func testInvalidUTF8InAScriptNamesLineAndByte() throws {
        let dir = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: dir.file("bad.touch"), contents: Data("at 0 tap 1 2\nat 1".utf8 + [0xFF] + Data("00 end\n".utf8)))
        let run = try KioskProcess(["replay", dir.file("bad.touch"), "--out", dir.path])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.standardError, "\(dir.file("bad.touch")):2:5: invalid UTF-8 (byte 0xFF at offset 17); the file must be UTF-8 text\n")
    }

    func testOutputPathsThatAreNotRegularFilesAreRefusedWithExit73() throws {
        let dir = try TemporaryDirectory()
        let script = dir.file("s.touch")
        try "at 0 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let directory = try KioskProcess(["replay", script, "--state", "."], in: dir.path)
        XCTAssertEqual(directory.status, 73)
        XCTAssertEqual(directory.standardError, "cannot write .: is a directory\n")
        let output = try KioskProcess(["screenshot", "--output", dir.path])
        XCTAssertEqual(output.status, 73)
        XCTAssertEqual(output.standardError, "cannot write \(dir.path): is a directory\n")

        XCTAssertEqual(mkfifo(dir.file("pipe.png"), 0o600), 0)
        let fifo = try KioskProcess(["screenshot", "--output", dir.file("pipe.png")])
        XCTAssertEqual(fifo.status, 73)
        XCTAssertEqual(fifo.standardError, "cannot write \(dir.file("pipe.png")): is a FIFO, not a regular file\n")
        var info = stat()
        XCTAssertEqual(lstat(dir.file("pipe.png"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")

        try FileManager.default.createSymbolicLink(atPath: dir.file("dangling.json"), withDestinationPath: dir.file("missing/x.json"))
        let dangling = try KioskProcess(["replay", script, "--state", dir.file("dangling.json")])
        XCTAssertEqual(dangling.status, 73)
        XCTAssertTrue(dangling.standardError.contains("is a symbolic link to a file that does not exist"), dangling.standardError)
    }

    func testOutputsAreWrittenThroughSymbolicLinks() throws {
        let dir = try TemporaryDirectory()
        try "old".write(toFile: dir.file("real.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.file("link.json"), withDestinationPath: "real.json")
        let script = dir.file("s.touch")
        try "at 0 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        try ReplayCommand.parse([script, "--state", dir.file("link.json")]).run()
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("link.json")), "real.json", "still a link")
        XCTAssertTrue(try String(contentsOfFile: dir.file("real.json"), encoding: .utf8).hasPrefix("{"), "the target has the state")
    }

    func testScreenSizeLimitIsCheckedWhereTheArgumentIsParsed() throws {
        XCTAssertThrowsError(try ScreenshotCommand.parse(["--output", "x.png", "--size", "16384x16384"]))
        XCTAssertNoThrow(try ScreenshotCommand.parse(["--output", "x.png", "--size", "8192x8192"]))
        XCTAssertThrowsError(try BenchCommand.parse(["--scene", "reference", "--size", "16384x16384"]))
        XCTAssertThrowsError(try BenchCommand.parse(["--scene", "reference", "--size", "640x64"]))
        XCTAssertNoThrow(try BenchCommand.parse(["--scenario", "swipe", "--size", "640x64"]))
        let run = try KioskProcess(["screenshot", "--output", "/nonexistent/x.png", "--size", "16384x16384"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.standardError.hasPrefix("Error: --size must be WxH with each side 1…8192"), run.standardError)
    }

    func testOnlyCommandsThatDrawWithoutADisplayOfferASize() throws {
        // `run` takes its size from the display's mode and `check-text` draws nothing: a --size
        // there would be a documented option that does nothing, so it is refused (exit 64).
        XCTAssertThrowsError(try RunCommand.parse(["--size", "800x480"]))
        XCTAssertThrowsError(try CheckTextCommand.parse(["--size", "800x480", "text"]))
        XCTAssertNoThrow(try ReplayCommand.parse(["s.touch", "--size", "800x480"]))
        let dir = try TemporaryDirectory()
        try ScreenshotCommand.parse(["--output", dir.file("small.png"), "--size", "320x200"]).run()
        let png = try PNG.read(path: dir.file("small.png"))
        XCTAssertEqual([png.width, png.height], [320, 200], "screenshot's --size is the picture's size")
    }

    func testEmptyPathsAreNamed() throws {
        let run = try KioskProcess(["screenshot", "--output", "/nonexistent/x.png", "--database", ""])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.standardError.hasPrefix("Error: --database needs a file path; it is empty"), run.standardError)
        XCTAssertThrowsError(try ReplayCommand.parse(["s.touch", "--config", ""]))
        let output = try KioskProcess(["screenshot", "--output", ""])
        XCTAssertEqual(output.status, 73)
        XCTAssertEqual(output.standardError, "cannot write: the file path is empty\n")
        let script = try KioskProcess(["replay", ""])
        XCTAssertEqual(script.status, 65)
        XCTAssertEqual(script.standardError, "the file path is empty\n")
    }

    func testReplayAndScreenshotLeaveNoTemporaryFiles() throws {
        let dir = try TemporaryDirectory()
        let temp = dir.file("tmp")
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        try "at 0 tap 640 178\nat 100 end\n".write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        let replay = try KioskProcess(["replay", dir.file("s.touch"), "--state", dir.file("s.json")], environment: ["TMPDIR": temp])
        let screenshot = try KioskProcess(["screenshot", "--output", dir.file("s.png")], environment: ["TMPDIR": temp])
        XCTAssertEqual([replay.status, screenshot.status], [0, 0], replay.standardError + screenshot.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp), [])
    }
}
