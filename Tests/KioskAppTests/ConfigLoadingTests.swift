// Valid configurations: the empty file's defaults, the shipped example.toml and demo.toml,
// and that each setting lands in the right SwipeCore value.
import KioskHardware
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskConfig

final class ConfigLoadingTests: XCTestCase {
    /// `Sources/KioskConfig/Examples/<name>` of this checkout.
    static func example(_ name: String, file: String = #filePath) -> String {
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/KioskAppTests/<this file>
        return parts.joined(separator: "/") + "/Sources/KioskConfig/Examples/" + name
    }

    func testEmptyFileGivesDefaultsWithTheInboxDemoList() throws {
        let configuration = try KioskConfiguration.parse("", file: "empty.toml")
        XCTAssertEqual(configuration, KioskConfiguration())
        XCTAssertEqual(configuration.lists.map(\.id), ["inbox"])
        let inbox = configuration.lists[0]
        XCTAssertEqual(inbox.leading.swipeActions.map(\.id), ["read"])
        XCTAssertEqual(inbox.trailing.swipeActions.map(\.id), ["delete", "flag", "more"])
        XCTAssertEqual(inbox.trailing.options.expansionStyle, .destructive)
        XCTAssertEqual(inbox.leading.options.expansionStyle, .selection)
        XCTAssertEqual(inbox.query, ItemQuery(listID: "inbox"))
        XCTAssertTrue(inbox.sectionHeaders)
        XCTAssertEqual(configuration.data.pollInterval, 500)
        XCTAssertEqual(configuration.display.backend, .auto)
        XCTAssertEqual(configuration.sheet.swipeDown, SwipeDownConfiguration())
        XCTAssertEqual(configuration.haptics.pattern(for: .longPress), HapticPattern(durationMilliseconds: 40, strength: 1))
        XCTAssertEqual(CheckConfigCommand.summary(of: configuration), "1 list (inbox), 4 actions")
    }

    func testExampleLoadsWithoutErrors() throws {
        let configuration = try KioskConfiguration.load(file: Self.example("example.toml"))
        XCTAssertEqual(configuration.lists.count, 1)
        XCTAssertEqual(configuration.theme.accent, SwipeColor(rgb: 0x007AFF))
        XCTAssertEqual(configuration.theme.rowHeight, 76)
        XCTAssertEqual(configuration.theme.sectionHeader, SwipeColor(rgb: 0xE8E8ED))
        XCTAssertEqual(configuration.theme.sectionTitle, SwipeColor(rgb: 0x6D6D72))
        XCTAssertTrue(configuration.lists[0].sectionHeaders)
        XCTAssertEqual(configuration.haptics.patterns.count, HapticEvent.allCases.count)
        let print = try XCTUnwrap(configuration.lists[0].trailing.action(id: "print"))
        XCTAssertEqual(print.effect, .command)
        XCTAssertEqual(print.command, ActionCommand(
            arguments: [.literal("/usr/local/bin/print-item"), .literal("--"), .field(.id)], timeoutSeconds: 30, maxRunning: 1))
        XCTAssertTrue(print.action.hidesWhenSelected)
        XCTAssertEqual(configuration.lists[0].trailing.action(id: "delete")?.action.style, .destructive)
    }

    func testDemoShowsEveryStyle() throws {
        let configuration = try KioskConfiguration.load(file: Self.example("demo.toml"))
        let sides = configuration.lists.flatMap { [$0.leading, $0.trailing] }
        let expansions = Set(sides.map(\.options.expansionStyle))
        for style in [nil, .selection, .destructive, .destructiveAfterFill, .fill, .fillReverse] as [SwipeExpansionStyle?] {
            XCTAssertTrue(expansions.contains(style), "\(String(describing: style))")
        }
        XCTAssertEqual(Set(sides.map(\.options.transitionStyle)), Set(SwipeTransitionStyle.allCases))
        XCTAssertEqual(Set(sides.map(\.options.buttonStyle)), Set(ButtonStyle.allCases))
        XCTAssertEqual(Set(sides.map(\.options.displayMode)), Set(ButtonDisplayMode.allCases))
        let animations = Set(sides.flatMap(\.swipeActions).map(\.transition))
        XCTAssertEqual(animations, Set(ButtonTransitionKind.allCases))
        let rtl = try XCTUnwrap(configuration.list(id: "rtl"))
        XCTAssertEqual(rtl.layoutDirection(default: configuration.direction), .rightToLeft)
        XCTAssertEqual(configuration.list(id: "mail")?.layoutDirection(default: configuration.direction), .leftToRight)
        XCTAssertEqual(configuration.list(id: "archive")?.query, ItemQuery(listID: "mail", archived: true))
        XCTAssertEqual(configuration.list(id: "favorites")?.query, ItemQuery(listID: "tasks", flagged: true))
        XCTAssertEqual(configuration.list(id: "favorites")?.leading.options.backgroundColor, SwipeColor(rgba: 0xFFFF_FF00))
    }

    func testEverySectionMapsOntoItsFields() throws {
        let configuration = try KioskConfiguration.parse("""
            direction = "auto"
            [display]
            backend = "headless"
            device = "/dev/dri/card1"
            connector = "DSI-1"
            mode = "800x480@59.94"
            rotation = 270
            atomic = "off"
            [input]
            devices = ["/dev/input/event4"]
            calibration = [0, 1, 0, -1, 0, 1]
            pointer_as_touch = false
            [haptics]
            backend = "led"
            led = "/sys/class/leds/vibrator"
            [haptics.events]
            action = { duration_ms = 99, strength = 0.25 }
            [idle]
            reset_after_s = 30
            blank_after_s = 600
            [data]
            database = "/tmp/x.sqlite3"
            demo_data = false
            poll_interval_ms = 250
            undo_window_s = 5
            [navigation]
            transition = "zoom"
            swipe_back = false
            [sheet]
            sticky = true
            fade = false
            animation_duration = 0.5
            minimum_velocity = 900
            minimum_fraction = 0.4
            detail_as_sheet = true
            [theme]
            section_header = "#102030"
            [[lists]]
            id = "a"
            section_headers = false
            [lists.trailing]
            transition = "reveal"
            maximum_button_width = 0
            minimum_button_width = 60
            padding = 4
            spacing = 2
            vertical_alignment = "center"
            """, file: "all.toml")
        XCTAssertEqual(configuration.display.mode, ModeRequest.size(width: 800, height: 480, refresh: 59.94))
        XCTAssertEqual(configuration.display.rotation, 270)
        XCTAssertEqual(configuration.display.atomic, .off)
        XCTAssertEqual(configuration.input.calibration, [0, 1, 0, -1, 0, 1])
        XCTAssertFalse(configuration.input.pointerAsTouch)
        XCTAssertEqual(configuration.haptics.pattern(for: .action), HapticPattern(durationMilliseconds: 99, strength: 0.25))
        XCTAssertEqual(configuration.haptics.pattern(for: .expansionEnter), HapticPattern.defaults[.expansionEnter])
        XCTAssertEqual(configuration.idle.blankAfter, 600)
        XCTAssertEqual(configuration.data.pollInterval, 250)
        XCTAssertEqual(configuration.data.undoWindow, 5)
        XCTAssertEqual(configuration.navigation.transition, .zoom)
        var sheet = SwipeDownConfiguration()
        sheet.isSticky = true
        sheet.shouldFade = false
        sheet.animationDuration = .milliseconds(500)
        sheet.minimumVelocityToDismiss = 900
        sheet.minimumScreenFraction = 0.4
        XCTAssertEqual(configuration.sheet.swipeDown, sheet)
        XCTAssertTrue(configuration.sheet.detailAsSheet)
        let options = configuration.lists[0].trailing.options
        XCTAssertEqual(options.transitionStyle, .reveal)
        XCTAssertEqual(options.maximumButtonWidth, 0)
        XCTAssertEqual(options.minimumButtonWidth, 60)
        XCTAssertEqual(options.verticalAlignment, .center)
        XCTAssertEqual(configuration.lists[0].title, "a", "the id is the default title")
        XCTAssertFalse(configuration.lists[0].sectionHeaders)
        XCTAssertEqual(configuration.theme.sectionHeader, SwipeColor(rgb: 0x102030))
        XCTAssertEqual(configuration.actionCount, 0)
    }

    func testValueParsers() {
        XCTAssertEqual(ThemeSettings.color(parsing: "#FF3B30"), SwipeColor.systemRed)
        XCTAssertEqual(ThemeSettings.color(parsing: "#ff3b3080"), SwipeColor(rgba: 0xFF3B_3080))
        XCTAssertNil(ThemeSettings.color(parsing: "FF3B30"))
        XCTAssertNil(ThemeSettings.color(parsing: "#FF3B3"))
        XCTAssertNil(ThemeSettings.color(parsing: "#GG3B30"))
        XCTAssertEqual(ModeRequest(parsing: "1280x800"), .size(width: 1280, height: 800, refresh: nil))
        XCTAssertNil(ModeRequest(parsing: "1280x"))
        XCTAssertNil(ModeRequest(parsing: "1280x800@"))
        XCTAssertNil(ModeRequest(parsing: "0x800"))
        XCTAssertEqual(DirectionSetting.auto.resolved(title: "123 مرحبا"), .rightToLeft)
        XCTAssertEqual(DirectionSetting.auto.resolved(title: "« Inbox"), .leftToRight)
        XCTAssertEqual(DirectionSetting.auto.resolved(title: ""), .leftToRight)
        XCTAssertEqual(DirectionSetting.rightToLeft.resolved(title: "Inbox"), .rightToLeft)
    }
}
