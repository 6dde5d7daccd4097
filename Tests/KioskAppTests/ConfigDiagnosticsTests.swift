// Malformed configurations: every problem is reported, in file order, as the exact
// `file:line:column: message` line check-config prints, and check-config exits 65.
import ArgumentParser
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class ConfigDiagnosticsTests: XCTestCase {
    /// The printed lines for `source`, or [] when it is valid.
    private func lines(_ source: String) -> [String] {
        do {
            _ = try KioskConfiguration.parse(source, file: "kiosk.toml")
            return []
        } catch {
            return error.lines
        }
    }

    func testSyntaxErrorsCarryTOMLKitsPosition() {
        XCTAssertEqual(lines("direction = \"ltr\"\n[display\nbackend = \"drm\"\n"), [
            "kiosk.toml:2:9: Error while parsing table header: expected ']', saw '\\n'",
        ])
        XCTAssertEqual(lines("[display]\nrotation = 90\nrotation = 180\n"), [
            "kiosk.toml:3:12: Error while parsing key-value pair: cannot redefine existing integer 'rotation'",
        ])
    }

    func testEveryProblemIsReportedInFileOrder() {
        XCTAssertEqual(lines("""
            direction = "up"
            [display]
            backnd = "drm"
            rotation = 45
            scale = 9
            mode = "1280"

            [theme]
            accent = "#12345"
            [theme.sizes]
            row_height = 2

            [haptics]
            backend = "command"
            [haptics.events.expansion-entre]
            duration_ms = 5
            """), [
            "kiosk.toml:1:13: unknown value \"up\" for direction; expected one of: ltr, rtl, auto",
            "kiosk.toml:3:1: unknown key \"backnd\" in [display]; did you mean \"backend\"?",
            "kiosk.toml:4:12: display.rotation must be one of 0, 90, 180, 270, not 45",
            "kiosk.toml:5:9: display.scale must be between 0.5 and 4, not 9",
            "kiosk.toml:6:8: display.mode must look like \"1280x800\" or \"1280x800@60\", not \"1280\"",
            "kiosk.toml:9:10: theme.accent must be a colour \"#RRGGBB\" or \"#RRGGBBAA\", not \"#12345\"",
            "kiosk.toml:11:14: theme.sizes.row_height must be between 16 and 1000, not 2",
            "kiosk.toml:14:11: haptics.backend = \"command\" needs haptics.command, an argv array",
            "kiosk.toml:15:1: unknown key \"expansion-entre\" in [haptics.events]; did you mean \"expansion-enter\"?",
        ])
    }

    func testListProblems() {
        XCTAssertEqual(lines("""
            [[lists]]
            id = "inbox"
            [lists.trailing]
            expansion = "destructivee"
            [[lists.trailing.actions]]
            id = "run"
            effect = "command"
            [[lists.trailing.actions]]
            id = "run"
            effect = "flag"
            command = ["true"]

            [[lists]]
            id = "inbox"
            title = 3
            [lists.leading]
            minimum_button_width = 100
            maximum_button_width = 80
            actions = [{ id = "x", effect = "flag", colr = "#fff" }, { title = "No id" }]
            """), [
            "kiosk.toml:4:13: unknown value \"destructivee\" for lists[0].trailing.expansion; expected one of: none, selection, destructive, destructiveAfterFill, fill, fillReverse; did you mean \"destructive\"?",
            "kiosk.toml:7:10: action \"run\" has effect = \"command\" but no command (an argv array)",
            "kiosk.toml:9:6: duplicate action id \"run\" in [lists[0].trailing]",
            "kiosk.toml:11:11: lists[0].trailing.actions[1].command is only used with effect = \"command\" (1 arguments ignored)",
            "kiosk.toml:14:6: duplicate list id \"inbox\" (first used on line 2)",
            "kiosk.toml:15:9: lists[1].title must be a string, not an integer",
            "kiosk.toml:17:24: lists[1].leading.minimum_button_width (100.0) is wider than maximum_button_width (80.0)",
            "kiosk.toml:19:41: unknown key \"colr\" in [lists[1].leading.actions[0]]; did you mean \"color\"?",
            "kiosk.toml:19:58: lists[1].leading.actions[1] needs an id",
            "kiosk.toml:19:58: action \"lists[1].leading.actions[1]\" needs an effect (one of: delete, archive, flag, read, pin, sheet, detail, command)",
        ])
    }

    func testWrongTypesInArraysAndTables() {
        XCTAssertEqual(lines("""
            display = 3
            [input]
            devices = ["/dev/input/event1",
                       7]
            calibration = [1, 0, 0]
            [[lists]]
            id = "a"
            leading = "left"
            [[lists]]
            title = "No id"
            """), [
            "kiosk.toml:1:11: display must be a table, not an integer",
            "kiosk.toml:4:12: input.devices[1] must be a string, not an integer",
            "kiosk.toml:5:15: input.calibration must be an array of 6 numbers",
            "kiosk.toml:8:11: lists[0].leading must be a table, not a string",
            "kiosk.toml:9:1: lists[1] needs an id",
        ])
    }

    /// A calibration matrix of NaN, infinities, huge terms or a singular one passed the check and
    /// then sent every touch nowhere (or to the wrong row) without a word.
    func testACalibrationThatLosesTouchesIsRefused() {
        for matrix in ["[nan, 0, 0, 0, 1, 0]", "[1, 0, 0, 0, inf, 0]", "[1e308, 0, 0, 0, 1, 0]", "[0, 0, 0, 0, 0, 0]", "[1, 2, 0, 2, 4, 0]"] {
            let problems = lines("[input]\ncalibration = \(matrix)\n")
            XCTAssertEqual(problems.count, 1, matrix)
            XCTAssertTrue(problems.first?.hasPrefix("kiosk.toml:2:15: input.calibration ") ?? false, "\(matrix): \(problems)")
        }
        XCTAssertEqual(lines("[input]\ncalibration = [0, 1, 0, -1, 0, 1]\n"), [], "a 90° rotation is a valid matrix")
    }

    func testQuotedKeysAndMultiLineStringsKeepPositionsInStep() {
        XCTAssertEqual(lines("""
            [lists]
            """), ["kiosk.toml:1:1: lists must be an array of tables ([[lists]]), not a table"])
        XCTAssertEqual(lines("""
            [[lists]]
            id = "a"
            title = \"\"\"
            A title [on] two
            lines = "x"
            \"\"\"
            "direction" = 'sideways'
            """), [
            "kiosk.toml:7:15: unknown value \"sideways\" for lists[0].direction; expected one of: ltr, rtl, auto",
        ])
    }

    func testUnreadableFile() throws {
        XCTAssertThrowsError(try KioskConfiguration.load(file: "/nonexistent/kiosk.toml")) { error in
            XCTAssertEqual(error as? ConfigurationError,
                           .unreadable(file: "/nonexistent/kiosk.toml", reason: "No such file or directory"))
            XCTAssertEqual("\(error)", "/nonexistent/kiosk.toml: cannot read configuration: No such file or directory")
        }
    }

    func testCheckConfigExitsWithBadDataOnErrors() throws {
        let path = NSTemporaryDirectory() + "swipekiosk-check-\(getpid()).toml"
        defer { unlink(path) }
        try "[display]\nrotation = 45\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try CheckConfigCommand.parse([path]).run()) { error in
            XCTAssertEqual(error as? ExitCode, ExitCode(65))
        }
        XCTAssertThrowsError(try CheckConfigCommand.parse(["/nonexistent/kiosk.toml"]).run()) { error in
            XCTAssertEqual(error as? ExitCode, ExitCode(65))
        }
        try "".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try CheckConfigCommand.parse([path]).run())
    }
}
