// Hostile `libinput record` files (issue 12): ranges and values beyond evdev's 32 bits trapped on
// overflow, a "billion laughs" of YAML aliases grew memory without bound, and wrongly typed
// entries replayed nothing with exit 0. Each is now an error naming the line and the entry.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskReplay

final class LibinputRecordingLimitsTests: XCTestCase {
    /// The error for the test recording with `original` replaced by `replacement`.
    func error(replacing original: String, with replacement: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let text = LibinputRecordingTests.recording()
        XCTAssertTrue(text.contains(original), "the recording has \(original)", file: file, line: line)
        return error(text.replacingOccurrences(of: original, with: replacement))
    }

    func error(_ text: String) -> String? {
        do { _ = try LibinputRecording.script(from: text, file: "r.yml", width: 1280, height: 800); return nil } catch {
            return "\(error)"
        }
    }

    /// The test recording with `events: 12` instead of its list of events.
    static let nonListEvents: String = {
        let text = LibinputRecordingTests.recording()
        return String(text[..<text.range(of: "  events:\n")!.lowerBound]) + "  events: 12\n"
    }()

    func testOverflowingRangesAndValuesAreRefused() {
        XCTAssertEqual(error(replacing: "53: [0, 4095, 0, 0, 0]", with: "53: [0, 9223372036854775807, 0, 0, 0]"),
                       "r.yml:20: devices[0].evdev.absinfo.53[1]: 9223372036854775807 is outside 0…2147483647")
        XCTAssertEqual(error(replacing: "3,  57,   12]", with: "3,  57,   -9223372036854775808]"),
                       "r.yml:27: devices[0].events[0].evdev[1][4] (value): -9223372036854775808 is outside -2147483648…2147483647")
    }

    func testASlotBeyondTheDeviceRangeIsRefusedOnASecondDevice() {
        let text = LibinputRecordingTests.recording()
        let device = text[text.range(of: "- node:")!.lowerBound...]
        let second = String(device).replacingOccurrences(of: "[  0,      0,   3,  47,     0]", with: "[  0,      0,   3,  47, 9223372036854775807]")
        let message = error(text + second) ?? ""
        XCTAssertTrue(message.hasPrefix("r.yml:"), message)
        XCTAssertTrue(message.hasSuffix(": devices[1].events[0].evdev[0][4] (value): 9223372036854775807 is outside -2147483648…2147483647"), message)
        let slot20 = String(device).replacingOccurrences(of: "[  0,      0,   3,  47,     0]", with: "[  0,      0,   3,  47,    20]")
        XCTAssertTrue(error(text + slot20)?.hasSuffix(": devices[1].events[0].evdev[0][4] (ABS_MT_SLOT): 20 is outside 0…15") ?? false)
    }

    func testYAMLAliasesAreRefusedBeforeTheyExpand() {
        var laughs = "devices:\n- evdev: {}\n  lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            laughs += "  lol\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        XCTAssertEqual(error(laughs), "r.yml:3: YAML anchors and aliases (`&name`, `*name`) are not accepted in a recording (column 9); "
                       + "`libinput record` never writes them")
        XCTAssertNil(LibinputRecording.firstAnchorOrAlias(in: "name: \"A*B & C\" # *not an alias\nquote: 'it''s *fine'\nx: a*b\n"))
    }

    /// Aliases the text scan misses (it takes the quote in the plain scalar `a - 'x` for the start
    /// of a quoted one, so the rest of each line looks quoted) still cannot expand: reading more
    /// entries than the text could hold is refused.
    func testAliasesThatSlipPastTheScanCannotExpand() {
        let bomb = "version: 1\ndevices:\n- node: /dev/input/event5\n  evdev:\n    absinfo:\n"
            + "      53: [0, 4095, 0, 0, 0]\n      54: [0, 4095, 0, 0, 0]\n  events:\n"
            + "  - {n: a - 'x, evdev: [&e [0, 0, 3, 53, 100]]}\n"
            + "  - {n: a - 'x, evdev: &L [" + Array(repeating: "*e", count: 1000).joined(separator: ", ") + "]}\n"
            + String(repeating: "  - {n: a - 'x, evdev: *L}\n", count: 200)
        XCTAssertNil(LibinputRecording.firstAnchorOrAlias(in: bomb), "this bomb is one the scan does not see")
        let message = error(bomb) ?? ""
        XCTAssertTrue(message.contains("the recording repeats nodes (YAML aliases)"), message)
        // What the scan does see: anchors after a quote inside a plain scalar, and flow keys ending at `:`.
        XCTAssertNotNil(LibinputRecording.firstAnchorOrAlias(in: "    name: vtouch 'x\n  - evdev: &L [1]\n"))
        XCTAssertNotNil(LibinputRecording.firstAnchorOrAlias(in: "devices: [{\"a\":&x [1], \"b\":*x}]\n"))
        XCTAssertNil(LibinputRecording.firstAnchorOrAlias(in: "name: Foo & Bar *2 'x\nname: R&D\n"))
    }

    /// Events whose time goes back were sorted, so a finger could lift before it came down;
    /// CR line ends are recognised; a parser error quotes at most 200 characters of its line.
    func testTimeGoingBackIsRefusedAndHugeLinesAreNotEchoed() {
        let back = error(replacing: "[  0, 400000,   3,  57,    -1]", with: "[  0, 100000,   3,  57,    -1]") ?? ""
        XCTAssertTrue(back.contains(".evdev[0]: time 100.0 ms is before the previous event's"), back)
        XCTAssertTrue(LibinputRecording.looksLikeRecording("version: 1\rdevices:\r"))
        let long = error("devices: " + String(repeating: "x", count: 100_000) + ": :\n") ?? ""
        XCTAssertTrue(long.hasPrefix("r.yml: not a valid libinput recording"), long)
        XCTAssertLessThan(long.utf8.count, 400)
    }

    func testWronglyTypedEntriesAreRefusedWithTheirEntry() {
        XCTAssertEqual(error(replacing: "[  0,      0,   3,  47,     0] # EV_ABS / ABS_MT_SLOT", with: "[0, 0, \"three\", 47, 0]"),
                       "r.yml:26: devices[0].events[0].evdev[0][2] (type): must be an integer")
        XCTAssertEqual(error(replacing: "[  0,      0,   3,  47,     0] # EV_ABS / ABS_MT_SLOT", with: "[0, 0, 3, 47]"),
                       "r.yml:26: devices[0].events[0].evdev[0]: must be [sec, usec, type, code, value], five integers")
        XCTAssertEqual(error(Self.nonListEvents), "r.yml:24: devices[0].events: must be a list of `- evdev: [...]` entries")
        let noAbsinfo = LibinputRecordingTests.recording().replacingOccurrences(of: "    absinfo:\n", with: "    noabsinfo:\n")
        XCTAssertEqual(error(noAbsinfo), "r.yml:7: devices[0]: its events use ABS_MT_POSITION_X (53) but evdev.absinfo has no range for it")
        XCTAssertEqual(error("devices:\n- node: /dev/input/event0\n  evdev:\n    name: keyboard\n"),
                       "r.yml: no touch, pointer or key events: the recording has nothing to replay")
    }

    func testTheReplayCommandExitsWith65() throws {
        let dir = try TemporaryDirectory()
        try Self.nonListEvents.write(toFile: dir.file("r.yml"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", dir.file("r.yml"), "--out", dir.path])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.standardError, "\(dir.file("r.yml")):24: devices[0].events: must be a list of `- evdev: [...]` entries\n")
    }

    /// A pin, not a fix (issue 22 asked whether YAML nesting is bounded): libyaml stops at 1,000
    /// levels by default, and the deepest document it lets through is composed by Yams without
    /// exhausting the stack. Run as a child process, so a regression cannot take the tests down.
    func testYAMLNestingIsBoundedByLibyaml() throws {
        let dir = try TemporaryDirectory()
        for (name, levels) in [("deep.yml", 100_000), ("deepest.yml", 990)] {
            let text = "devices: " + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "\n"
            try text.write(toFile: dir.file(name), atomically: true, encoding: .utf8)
            let run = try KioskProcess(["replay", dir.file(name), "--out", dir.path])
            XCTAssertEqual(run.status, 65, name)
            let expected = levels > 1000 ? "Maximum nesting level reached" : "\(dir.file(name)):1: devices[0]: must be a mapping"
            XCTAssertTrue(run.standardError.contains(expected), "\(name): \(run.standardError.prefix(300))")
        }
    }
}
