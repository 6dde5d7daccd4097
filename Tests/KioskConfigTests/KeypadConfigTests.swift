// `[accessibility] keypad` (issue 25): the default map (the same keys in the same places on a
// calculator and a telephone keypad), a table that changes single keys in any of the spellings
// key names take, `"none"`, and every bad key or command refused at its file:line:column, as
// `check-config` prints it with exit 65; and the lock-down: a keypad map on a kiosk whose
// `[input]` admits no keyboard at all is refused, one with the keypad allow-listed is not.
import Foundation
import SwipeCore
import XCTest
@testable import KioskConfig

final class KeypadConfigTests: XCTestCase {
    /// The key named `name` (a name the table has).
    func key(_ name: String) -> Key { Key(name: name)! }

    func lines(_ source: String) -> [String] {
        do { _ = try KioskConfiguration.parse(source, file: "k.toml"); return [] } catch { return error.lines }
    }

    func testTheDefaultMapUsesOnlyKeysThatStayInPlaceOnBothLayouts() throws {
        let map = try KioskConfiguration.parse("", file: "k.toml").accessibility.keypad
        XCTAssertEqual(map, KeypadMap.standard)
        XCTAssertEqual(map.command(for: key("KP4")), .previous)
        XCTAssertEqual(map.command(for: key("KP6")), .next)
        XCTAssertEqual(map.command(for: key("KP5")), .help)
        XCTAssertEqual(map.command(for: key("KPENTER")), .open)
        XCTAssertEqual(map.command(for: key("KP0")), .back)
        XCTAssertEqual(map.command(for: key("KPDOT")), .repeat)
        XCTAssertEqual(map.command(for: key("KPPLUS")), .volumeUp)
        XCTAssertEqual(map.command(for: key("KPMINUS")), .volumeDown)
        // 1 2 3 and 7 8 9 swap rows between a calculator and a telephone keypad: 2 and 8 carry
        // commands without a direction, the corners none.
        let swapping: Set<KeypadCommand?> = Set(["KP2", "KP8"].map { map.command(for: key($0)) })
        XCTAssertTrue(swapping.isDisjoint(with: [.next, .previous]))
        for corner in ["KP1", "KP3", "KP7", "KP9"] { XCTAssertNil(map.command(for: key(corner)), corner) }
        XCTAssertEqual(Set(map.commands.values), Set(KeypadCommand.allCases), "every command has a key")
        XCTAssertEqual(map.helpHint, "Press 5 for help.")
    }

    func testATableChangesSingleKeysInAnySpelling() throws {
        let map = try KioskConfiguration.parse("""
            [accessibility]
            keypad = { KP2 = "next", kp8 = "previous", KEY_KP5 = "none", KPASTERISK = "help" }
            """, file: "k.toml").accessibility.keypad
        XCTAssertEqual(map.command(for: key("KP2")), .next)
        XCTAssertEqual(map.command(for: key("KP8")), .previous)
        XCTAssertNil(map.command(for: key("KP5")), "none takes the command away")
        XCTAssertEqual(map.command(for: key("KPASTERISK")), .help)
        XCTAssertEqual(map.command(for: key("KP6")), .next, "keys not in the table keep their default")
        XCTAssertEqual(map.helpHint, "Press Star for help.")
    }

    func testBadKeysAndCommandsAreReportedWhereTheyAre() {
        XCTAssertEqual(lines("[accessibility.keypad]\nKP6 = \"nxt\"\n"), [
            "k.toml:2:7: unknown command \"nxt\" for accessibility.keypad.KP6; expected one of: next, previous, open, back, "
                + "actions, repeat, volume-up, volume-down, stop, help, none; did you mean \"next\"?",
        ])
        let expected = "is not a key of a numeric keypad; expected a name such as KP0 to KP9, KPENTER, KPPLUS, KPMINUS or KPDOT"
        XCTAssertEqual(lines("[accessibility.keypad]\nKP4 = \"back\"\nUP = \"next\"\nKP11 = \"help\"\n"), [
            "k.toml:3:1: accessibility.keypad.UP: \"UP\" \(expected)",
            "k.toml:4:1: accessibility.keypad.KP11: \"KP11\" \(expected)",
        ], "a keyboard's key is no keypad key; nor is a name no key has")
        XCTAssertEqual(lines("[accessibility]\nkeypad = { KP6 = 6 }\n"), ["k.toml:2:18: accessibility.keypad.KP6 must be a string, not an integer"])
        XCTAssertEqual(lines("[accessibility]\nkeypad = \"phone\"\n"), ["k.toml:2:10: accessibility.keypad must be a table, not a string"])
    }

    func testAKeypadMapNeedsAKeyboardTheLockDownAdmits() {
        let map = "[accessibility.keypad]\nKP8 = \"next\"\n"
        XCTAssertEqual(lines("[input]\nkeyboard = false\n" + map), [
            "k.toml:3:1: accessibility.keypad has no keypad to come from: input.keyboard = false and input.keyboard_allow is empty; "
                + "add the keypad's name (swipe-kiosk list-inputs) or USB id \"vvvv:pppp\" to input.keyboard_allow",
        ])
        XCTAssertEqual(lines("[input]\nkeyboard = false\nkeyboard_allow = [\"1d6b:0104\"]\n" + map), [], "the keypad is let in by its USB id")
        XCTAssertEqual(lines("[input]\nkeyboard = false\n"), [], "a kiosk without a keypad map need not admit a keyboard")
    }
}
