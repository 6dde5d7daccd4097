// Error messages echo what they refuse (a voice name, a list id, a path): a value with ESC, a C1
// control or a bidirectional override must reach the operator's terminal spelt out, never as the
// control itself. printError is the one path to standard error; these tests pin it on every
// character class, and end to end through the binary for values from a configuration file and
// from the command line, ArgumentParser's own messages included.
import Foundation
import KioskApp
import KioskFiles
import XCTest

final class TerminalEscapeTests: XCTestCase {
    func testEveryControlThatSteersATerminalIsSpeltOut() {
        XCTAssertEqual("zz\u{1B}[31mRED".escapingControls, "zz\\u{1B}[31mRED")
        XCTAssertEqual("a\u{7F}b\u{9B}c\u{85}".escapingControls, "a\\u{7F}b\\u{9B}c\\u{85}")
        XCTAssertEqual("\u{202E}txt.exe\u{2066}".escapingControls, "\\u{202E}txt.exe\\u{2066}")
        XCTAssertEqual("\u{0}\u{7}\u{8}\r".escapingControls, "\\u{0}\\u{7}\\u{8}\\u{D}")
        let plain = "line one\n\tindented, Ünïcödé, עברית, 日本語 — as it is"
        XCTAssertEqual(plain.escapingControls, plain, "newlines, tabs and every script's letters stay")
        for value in UInt32(0)...0x2100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let shown = String(Character(scalar)).escapingControls
            XCTAssertFalse(shown.unicodeScalars.contains { Self.steers($0) }, "U+\(String(value, radix: 16)) reached the terminal")
        }
    }

    /// A quoted value is clipped by Unicode scalars: 30,000 combining marks are one Character,
    /// and `prefix(40)` of Characters kept all of them.
    func testAQuotedValueIsOneBoundedLine() {
        let marks = "a" + String(repeating: "\u{301}", count: 30_000)
        XCTAssertEqual(marks.count, 1)
        XCTAssertEqual(marks.shown(atMost: 40).unicodeScalars.count, 41, "40 scalars and the ellipsis")
        XCTAssertTrue(marks.shown(atMost: 40).hasSuffix("…"))
        XCTAssertEqual("kiosk-7".shown(atMost: 40), "kiosk-7", "a short value is itself")
        XCTAssertEqual("two\nlines\tand \u{1B}[2J".shown(atMost: 40), "two\\nlines\\tand \\u{1B}[2J")
        XCTAssertEqual(String(repeating: "x", count: 41).shown(atMost: 40), String(repeating: "x", count: 40) + "…")
        XCTAssertEqual(String(repeating: "x", count: 40).shown(atMost: 40), String(repeating: "x", count: 40))
    }

    func testValuesFromAConfigurationAndTheCommandLineReachStandardErrorSpeltOut() throws {
        let directory = NSTemporaryDirectory() + "escape-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/config.toml"
        try "[accessibility]\nvoice = \"zz\\u001b[31m\\u202eRED\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let check = try KioskProcess(["check-config", config])
        XCTAssertEqual(check.status, 65, check.standardError)
        XCTAssertTrue(check.standardError.contains("zz\\u{1B}[31m\\u{202E}RED"), check.standardError)

        try "".write(toFile: config, atomically: true, encoding: .utf8)
        let list = try KioskProcess(["screenshot", "--config", config, "--demo", "--list", "in\u{1B}]0;pwned\u{7}box",
                                     "--output", directory + "/out.png"])
        XCTAssertEqual(list.status, 64, list.standardError)
        XCTAssertTrue(list.standardError.contains("in\\u{1B}]0;pwned\\u{7}box"), list.standardError)
        let parser = try KioskProcess(["replay", "--rotation", "9\u{1B}[31m\u{202E}RED", "x.touch"])
        XCTAssertEqual(parser.status, 64, parser.standardError)
        XCTAssertTrue(parser.standardError.contains("9\\u{1B}[31m\\u{202E}RED"), "ArgumentParser's own message too: \(parser.standardError)")
        for run in [check, list, parser] {
            XCTAssertFalse(run.standardError.unicodeScalars.contains { Self.steers($0) }, run.standardError)
        }
    }

    private static func steers(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v)
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
