// Configuration values the app would truncate, ignore or fail on only when someone touches the
// kiosk are refused by `check-config` and at start (issue 22). Each case loaded without a word
// before: blank_after_s = 0.5 was truncated to "never", a key of another haptics backend was
// ignored, an empty device name matched nothing, a repeated touch device doubled every touch,
// a command action's bare program name failed with ENOENT only when swiped, a
// button capped at half a point could not be tapped, and `lists = []` showed the demo inbox.
import Foundation
import XCTest
@testable import KioskConfig

final class ConfigValueCheckTests: XCTestCase {
    func lines(_ source: String) -> [String] {
        do { _ = try KioskConfiguration.parse(source, file: "k.toml"); return [] } catch { return error.lines }
    }

    static let cases: [(toml: String, error: String)] = [
        // Nothing is drawn under the background and the bar: a translucent one blended with the
        // last frame's pixels (a row or a header may be translucent: the background shows).
        ("[theme]\nbackground = \"#F2F2F780\"",
         "k.toml:2:14: theme.background must be an opaque colour \"#RRGGBB\": nothing is drawn under it to show through, not \"#F2F2F780\""),
        ("[theme]\nnav_bar = \"#F9F9F9FE\"",
         "k.toml:2:11: theme.nav_bar must be an opaque colour \"#RRGGBB\": nothing is drawn under it to show through, not \"#F9F9F9FE\""),
        ("[idle]\nblank_after_s = 0.5",
         "k.toml:2:17: idle.blank_after_s must be a whole number of seconds between 0 and 86400 (0 = never), not 0.5"),
        ("[haptics]\nbackend = \"visual\"\nrate_limit_ms = 40",
         "k.toml:3:17: haptics.rate_limit_ms is only used with backend = \"command\"; backend \"visual\" ignores it"),
        ("[haptics]\nbackend = \"led\"\nled = \"/sys/class/leds/vibrator\"\ndevice = \"/dev/input/event3\"",
         "k.toml:4:10: haptics.device is only used with backend = \"forcefeedback\"; backend \"led\" ignores it"),
        ("[haptics]\nbackend = \"none\"\ncommand = [\"/usr/bin/buzz\"]",
         "k.toml:3:11: haptics.command is only used with backend = \"command\"; backend \"none\" ignores it"),
        ("[haptics]\nled = \"/sys/class/leds/vibrator\"",
         "k.toml:2:7: haptics.led is only used with backend = \"led\"; backend \"visual\" ignores it"),
        ("[display]\ndevice = \"\"", "k.toml:2:10: display.device must name a DRM device such as /dev/dri/card0; it is empty"),
        ("[display]\nconnector = \"\"", "k.toml:2:13: display.connector must name a connector such as HDMI-A-1; it is empty"),
        ("[input]\ndevices = [\"/dev/input/event2\", \"\"]",
         "k.toml:2:33: input.devices[1] must name an input device such as /dev/input/event2; it is empty"),
        ("[haptics]\nbackend = \"forcefeedback\"\ndevice = \"\"",
         "k.toml:3:10: haptics.device must name an input device such as /dev/input/event3; it is empty"),
        ("[haptics]\nbackend = \"led\"\nled = \"\"",
         "k.toml:3:7: haptics.led must name a sysfs LED directory such as /sys/class/leds/vibrator; it is empty"),
        ("[haptics]\nbackend = \"command\"\ncommand = [\"\", \"x\"]",
         "k.toml:3:12: haptics.command[0] must name the program to run; it is empty"),
        ("[input]\ndevices = [\"/dev/input/event2\", \"/dev/input/event3\", \"/dev/input/event2\"]",
         "k.toml:2:54: input.devices[2] repeats input.devices[0] \"/dev/input/event2\": every touch would arrive twice"),
        ("[[lists]]\nid = \"a\"\n[[lists.trailing.actions]]\nid = \"print\"\neffect = \"command\"\ncommand = [\"lp\", \"-d\", \"kiosk\"]",
         "k.toml:6:12: lists[0].trailing.actions[0].command[0] must be the program's absolute path, e.g. \"/usr/bin/lp\" "
            + "(it is started without a PATH search), not \"lp\""),
        ("direction = \"ltr\"\nlists = []",
         "k.toml:2:9: lists is empty: the kiosk shows at least one [[lists]] table (without the key it shows the demo inbox)"),
        ("[[lists]]\nid = \"a\"\n[lists.leading]\nmaximum_button_width = 0.5",
         "k.toml:4:24: lists[0].leading.maximum_button_width must be 0 (no limit) or 44 to 4096 points, not 0.5: "
            + "a narrower button is narrower than a fingertip"),
        // An empty id names nothing: a list or action nobody could tell from the next empty one.
        ("[[lists]]\nid = \"\"", "k.toml:2:6: lists[0].id must not be empty"),
        ("[[lists]]\nid = \"a\"\n[[lists.trailing.actions]]\nid = \"\"\neffect = \"delete\"",
         "k.toml:4:6: lists[0].trailing.actions[0].id must not be empty"),
        // Second adversarial pass of issue 28. The same device spelt another way doubled every touch.
        ("[input]\ndevices = [\"/dev/input/event2\", \"/dev/input//./event2\"]",
         "k.toml:2:33: input.devices[1] repeats input.devices[0] \"/dev/input//./event2\": every touch would arrive twice"),
        ("[input]\ndevices = [\"/dev/input/../input/event2\", \"/dev/input/event2\"]",
         "k.toml:2:42: input.devices[1] repeats input.devices[0] \"/dev/input/event2\": every touch would arrive twice"),
        // An allow-list beside keyboard = true was ignored: every keyboard still acted.
        ("[input]\nkeyboard = true\nkeyboard_allow = [\"Keypad\"]",
         "k.toml:3:18: input.keyboard_allow is only used with keyboard = false; keyboard = true admits every keyboard"),
        // A USB id a digit short matched no keypad, taken as a device name.
        ("[input]\nkeyboard = false\nkeyboard_allow = [\"046d:c52\"]",
         "k.toml:3:18: input.keyboard_allow: \"046d:c52\" is not a USB id: four hex digits, a colon and four hex digits, "
            + "as lsusb prints them (give device names as list-inputs shows them, or USB ids \"vvvv:pppp\")"),
        ("[input]\nkeyboard = false\nkeyboard_allow = [\"0x46d:0xc52b\"]",
         "k.toml:3:18: input.keyboard_allow: \"0x46d:0xc52b\" is not a USB id: four hex digits, a colon and four hex digits, "
            + "as lsusb prints them (give device names as list-inputs shows them, or USB ids \"vvvv:pppp\")"),
        // toml++ cut a string at a NUL (an argument, an id, a path); "/" is no program.
        ("[[lists]]\nid = \"a\"\n[[lists.trailing.actions]]\nid = \"p\"\neffect = \"command\"\ncommand = [\"/usr/bin/lp\", \"a\\u0000b\"]",
         "k.toml:6:29: a string may not contain a NUL character (\\u0000): the value would be cut there"),
        ("[[lists]]\nid = \"a\"\n[[lists.trailing.actions]]\nid = \"p\"\neffect = \"command\"\ncommand = [\"/\"]",
         "k.toml:6:11: lists[0].trailing.actions[0].command: \"/\" names a directory, not a program"),
        ("[[lists]]\nid = \"a\"\n[[lists.trailing.actions]]\nid = \"p\"\neffect = \"command\"\ncommand = [\"/bin/..\"]",
         "k.toml:6:11: lists[0].trailing.actions[0].command: \"/bin/..\" names a directory, not a program"),
        ("[input]\nkeyboard = false\nkeyboard_allow = [\"  \"]",
         "k.toml:3:18: input.keyboard_allow: an empty name matches no device (give device names as list-inputs shows them, or USB ids \"vvvv:pppp\")"),
        ("[haptics]\nbackend = \"command\"\ncommand = [\"/usr/bin/buzz\", \"x\\u0000y\"]",
         "k.toml:3:31: a string may not contain a NUL character (\\u0000): the value would be cut there"),
        ("[[lists]]\nid = \"in\\U00000000box\"", "k.toml:2:9: a string may not contain a NUL character (\\u0000): the value would be cut there"),
        // …and a quoted key or table name: the key was cut and ignored without a word (adversarial pass).
        ("[data]\n\"database\\u0000x\" = \"/x.db\"", "k.toml:2:10: a string may not contain a NUL character (\\u0000): the value would be cut there"),
        ("[\"data\\u0000x\"]\ndemo_data = true", "k.toml:1:7: a string may not contain a NUL character (\\u0000): the value would be cut there"),
        ("ui = { \"styles\\u0000\" = false }", "k.toml:1:15: a string may not contain a NUL character (\\u0000): the value would be cut there"),
    ]

    func testEveryValueTheAppWouldTruncateIgnoreOrFailOnIsRefusedAtItsPlace() {
        for (toml, error) in Self.cases {
            XCTAssertEqual(lines(toml), [error], toml)
        }
    }

    func testTheUsableNeighboursOfEachCaseStillLoad() {
        for toml in [
            "[idle]\nblank_after_s = 60.0", "[idle]\nblank_after_s = 86400",
            "[haptics]\nbackend = \"command\"\ncommand = [\"buzz\"]\nrate_limit_ms = 0",
            "[haptics]\nbackend = \"forcefeedback\"\ndevice = \"/dev/input/event3\"",
            "[input]\ndevices = [\"/dev/input/event2\", \"/dev/input/event3\"]",
            "[input]\nkeyboard = false\nkeyboard_allow = [\"046d:c52b\", \"HID 046d:c52b\", \"Keypad: numeric\", \"DEAD:BEEF\"]",
            "[haptics]\nbackend = \"command\"\ncommand = [\"/usr/bin/buzz\", \"--level\", \"3\"]",
            "[[lists]]\nid = \"a\"\n[lists.leading]\nmaximum_button_width = 44\n[lists.trailing]\nmaximum_button_width = 0",
            // The same id on both sides of a list is two actions (list, side, id).
            "[[lists]]\nid = \"a\"\n[[lists.leading.actions]]\nid = \"x\"\neffect = \"read\"\n"
                + "[[lists.trailing.actions]]\nid = \"x\"\neffect = \"command\"\ncommand = [\"/usr/bin/lp\"]",
        ] {
            XCTAssertEqual(lines(toml), [], toml)
        }
    }
}
