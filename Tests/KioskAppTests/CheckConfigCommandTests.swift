// `check-config` and the start as a person runs them: each child process reads a configuration
// file and answers with an exit code and file:line:column messages (what KioskConfigTests checks
// in process for the values themselves), warnings at exit 0, and crashes or aborts the parser
// would have had (run as a child, so a stack overflow cannot take the tests down).
import Foundation
import TestSupport
import XCTest
@testable import KioskConfig

final class CheckConfigCommandTests: XCTestCase {
    /// What the prescan says of a file nested too deep (ConfigPrescanTests pins its words).
    static let tooDeep = ConfigPrescan.tooDeep

    /// A time-out warning on a kiosk with no idle reset (`reset_after_s = 0`, no blanking) would never show: check-config says so
    /// at the key (a warning, exit 0); with an idle reset it says nothing.
    func testCheckConfigWarnsOfATimeOutWarningWithNoIdleReset() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let never = try KioskProcess.checkConfig("[idle]\nreset_after_s = 0\n[accessibility]\ntimeout_warning = 15\n", at: config)
        XCTAssertEqual(never.status, 0)
        XCTAssertTrue(never.standardError.contains("\(config):4:19: warning: accessibility.timeout_warning is never shown"), never.standardError)
        let shown = try KioskProcess.checkConfig("[idle]\nreset_after_s = 60\n[accessibility]\ntimeout_warning = 15\n", at: config)
        XCTAssertEqual(shown.status, 0)
        XCTAssertFalse(shown.standardError.contains("timeout_warning"), shown.standardError)
    }

    /// check-config asks espeak-ng: a misspelt voice and an MBROLA voice (which needs the mbrola
    /// program) are refused at their value; a voice file's name and a language name pass.
    func testCheckConfigRefusesAVoiceEspeakNGLacks() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        for (voice, status) in [("zz", Int32(65)), ("mb-de1", 65), ("en-GB-x-rp", 0), ("de", 0), ("German", 0)] {
            let run = try KioskProcess.checkConfig("[accessibility]\nvoice = \"\(voice)\"\n", at: config)
            XCTAssertEqual(run.status, status, "\(voice): \(run.standardError)")
            if status != 0 {
                XCTAssertTrue(run.standardError.hasPrefix("\(config):2:9: accessibility.voice: espeak-ng has no voice \"\(voice)\""), run.standardError)
            }
        }
        XCTAssertEqual(try KioskProcess.checkConfig("[accessibility]\nspeech = \"off\"\nvoice = \"zz\"\n", at: config).status, 0, "with speech off no voice is used")
    }

    /// The crash reproducers, run as a child process so a stack overflow cannot take the tests down.
    func testDeepDottedKeysAndHeadersAreRefusedNotACrash() throws {
        let dir = try TemporaryDirectory()
        let parts = Array(repeating: "a", count: 50_000).joined(separator: ".")
        for (name, text) in [("key.toml", parts + " = 1\n"), ("header.toml", "[display]\n[" + parts + "]\n"),
                             ("array.toml", "x = " + String(repeating: "[", count: 100_000) + "\n")] {
            let run = try KioskProcess.checkConfig(text, at: dir.file(name))
            XCTAssertEqual(run.status, 65, name)
            let at = name == "header.toml" ? "2:1" : name == "array.toml" ? "1:36" : "1:1"
            XCTAssertEqual(run.standardError, "\(dir.file(name)):\(at): \(Self.tooDeep)\n", name)
        }
    }

    /// Run as a child process: before the check, toml++'s assertion aborted the process.
    func testAHeaderNameTheParserCannotStartIsRefusedNotAnAbort() throws {
        let dir = try TemporaryDirectory()
        for (text, at, shown) in [("[[[lists]]]\nid = \"a\"\n", "1:3", "'['"), ("[display]\nscale = 1\n[éclair]\n", "3:2", "'é'"),
                                  ("[ ,\n", "1:3", "','"), ("[[\t#\n", "1:4", "'#'"), ("[a]\n[\n", "2:2", "the end of the line")] {
            let run = try KioskProcess.checkConfig(text, at: dir.file("k.toml"))
            XCTAssertEqual(run.status, 65, text)
            XCTAssertEqual(run.standardError, "\(dir.file("k.toml")):\(at): a table header's name starts with "
                           + "A-Z, a-z, 0-9, _, - or a quote, not \(shown)\n", text)
        }
    }

    /// The app refuses to start with the same message as check-config.
    func testTheAppRefusesToStartWithTheSameMessage() throws {
        let dir = try TemporaryDirectory()
        try "[idle]\nblank_after_s = 0.5\n".write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        let message = "\(dir.file("k.toml")):2:17: idle.blank_after_s must be a whole number of seconds between 0 and 86400 "
            + "(0 = never), not 0.5\n"
        let check = try KioskProcess(["check-config", dir.file("k.toml")])
        XCTAssertEqual(check.status, 65)
        XCTAssertEqual(check.standardError, message)
        let start = try KioskProcess(["screenshot", "--config", dir.file("k.toml"), "--output", dir.file("x.png")])
        XCTAssertEqual(start.status, 65)
        XCTAssertEqual(start.standardError, message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("x.png")))
    }

    func testCheckConfigRefusesABadMapWithExit65() throws {
        let dir = try TemporaryDirectory()
        let run = try KioskProcess.checkConfig("[accessibility.keypad]\nKP6 = \"jump\"\n", at: "k.toml", in: dir.path)
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.standardError.hasPrefix("k.toml:2:7: unknown command \"jump\" for accessibility.keypad.KP6"), run.standardError)
    }
}
