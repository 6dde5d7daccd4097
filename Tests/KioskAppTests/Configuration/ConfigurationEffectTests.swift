// Every documented key does what it says: each test replays one script with `example.toml` as
// shipped and with one key changed, and requires a difference a person would see (pixels) or a
// tool would read (the state dump). ExampleCoverageTests fails for a key no test here (or a
// named unit or VM test) covers.
import Canvas
import Foundation
import XCTest
@testable import KioskApp

final class ConfigurationEffectTests: XCTestCase {
    /// Replays `script` with the example and with each variant; `differs` judges the pair.
    private func check(
        _ script: String, _ variants: [(table: String, key: String, value: String)], base example: String = ExampleVariant.text,
        differs: (Scenario, Scenario) throws -> Bool = ConfigurationEffectTests.pixelsDiffer,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let base = try Scenario(script, config: example)
        for v in variants {
            let changed = try Scenario(script, config: ExampleVariant.with(v.table, v.key, v.value, in: example, file: file, line: line))
            XCTAssertTrue(try differs(base, changed), "\(v.table).\(v.key) = \(v.value) changes nothing", file: file, line: line)
        }
    }

    static func pixelsDiffer(_ a: Scenario, _ b: Scenario) throws -> Bool {
        let x = try a.image("a"), y = try b.image("a")
        guard x.width == y.width, x.height == y.height else { return true }
        for row in 0..<x.height { for col in 0..<x.width where x.pixel(x: col, y: row) & 0xFF_FFFF != y.pixel(x: col, y: row) & 0xFF_FFFF { return true } }
        return false
    }

    /// The parts of the state a key can change (rows, items, page, sheet, log, display).
    static func stateDiffers(_ a: Scenario, _ b: Scenario) throws -> Bool {
        let x = try a.state("a"), y = try b.state("a")
        return ["rows", "items", "navigation", "page", "sheet", "log", "display", "haptics"].contains {
            !NSDictionary(dictionary: [$0: x[$0] ?? NSNull()]).isEqual(to: [$0: y[$0] ?? NSNull()])
        }
    }

    // The second row of the 800x480 example list (under the "Today" header).
    static let rowY = 206

    static let firstScreen = "size 800x480\nat 0 screenshot a.png\nat 0 state a.json\nat 50 end\n"

    func testThemeAndListKeysChangeTheFirstScreen() throws {
        try check(Self.firstScreen, [
            ("", "direction", "\"rtl\""),
            ("theme", "nav_bar", "\"#00FF00\""), ("theme", "nav_title", "\"#FF00FF\""),
            ("theme", "row", "\"#FFFF00\""), ("theme", "separator", "\"#0000FF\""), ("theme", "title", "\"#FF0000\""),
            ("theme", "subtitle", "\"#00FF00\""), ("theme", "unread", "\"#FF00FF\""),
            ("theme", "section_header", "\"#FF0000\""), ("theme", "section_title", "\"#00FF00\""),
            ("theme.sizes", "title", "24"), ("theme.sizes", "subtitle", "9"), ("theme.sizes", "nav_title", "30"),
            ("theme.sizes", "row_height", "100"),
            ("theme.fonts", "regular", "\"\(Self.fonts)/DejaVuSans-Bold.ttf\""),
            ("theme.fonts", "bold", "\"\(Self.fonts)/DejaVuSans.ttf\""),
            ("lists", "title", "\"Visitors\""), ("lists", "direction", "\"rtl\""), ("lists", "section_headers", "false"),
            ("data", "demo_data", "false"),
        ])
        // The background shows below the last row of a tall screen.
        try check(Self.firstScreen.replacingOccurrences(of: "800x480", with: "400x2000"), [("theme", "background", "\"#FF0000\"")])
    }

    static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Canvas/Fonts").path

    func testListFilterKeysChangeTheItems() throws {
        try check(Self.firstScreen, [
            ("lists.filter", "source", "\"rtl\""), ("lists.filter", "archived", "true"),
            ("lists.filter", "flagged", "true"), ("lists.filter", "unread", "true"), ("lists", "id", "\"other\""),
        ], differs: Self.stateDiffers)
    }

    /// Trailing side: a finger holds row 2 part-way open (the buttons are being revealed).
    static func partial(from x0: Int, to x1: Int) -> String {
        "size 800x480\nat 0 down 0 \(x0) \(rowY)\nat 40 move 0 \((x0 * 3 + x1) / 4) \(rowY)\nat 100 move 0 \((x0 + x1) / 2) \(rowY)\n"
            + "at 200 move 0 \(x1) \(rowY)\nat 260 move 0 \(x1) \(rowY)\nat 400 screenshot a.png\nat 400 state a.json\nat 450 end\n"
    }

    func testSwipeSideKeysChangeTheRevealedButtons() throws {
        try check(Self.partial(from: 760, to: 520), [
            ("lists.trailing.actions", "title", "\"Remove\""), ("lists.trailing.actions", "icon", "\"close\""),
            ("lists.trailing.actions", "style", "\"default\""), ("lists.trailing.actions", "color", "\"#00FF00\""),
        ])
        try check(Self.partial(from: 40, to: 250), [
            ("lists.leading", "transition", "\"reveal\""), ("lists.leading", "display_mode", "\"title\""),
            ("lists.leading", "button_style", "\"circular\""), ("lists.leading", "padding", "30"),
            ("lists.leading", "spacing", "24"),
            ("lists.leading", "background", "\"#FF0000\""), ("lists.leading", "maximum_button_width", "60"),
            ("lists.leading", "minimum_button_width", "160"),
            ("lists.leading.actions", "text_color", "\"#FF0000\""), ("lists.leading.actions", "color", "\"#FF0000\""),
        ])
    }

    func testVerticalAlignmentMovesAWrappedTitle() throws {
        // centerFirstBaseline and center differ once a title wraps to a second line.
        let wrapped = ExampleVariant.with("lists.leading", "maximum_button_width", "80",
                                          in: ExampleVariant.with("lists.leading.actions", "title", "\"Mark as read now\""))
        try check(Self.partial(from: 40, to: 250), [("lists.leading", "vertical_alignment", "\"center\"")], base: wrapped)
    }

    func testCircleDiameterAndButtonAnimationChangeCircularButtons() throws {
        let circular = ExampleVariant.with("lists.leading", "button_style", "\"circular\"")
        let script = Self.partial(from: 40, to: 250)
        let base = try Scenario(script, config: circular)
        let bigger = try Scenario(script, config: circular.replacingOccurrences(of: "circle_diameter = 50", with: "circle_diameter = 70"))
        XCTAssertTrue(try Self.pixelsDiffer(base, bigger), "lists.leading.circle_diameter")
        // Crossing the half-visible threshold mid-drag starts the per-button animation.
        let crossing = "size 800x480\nat 0 down 0 40 \(Self.rowY)\nat 50 move 0 70 \(Self.rowY)\nat 100 move 0 120 \(Self.rowY)\n"
            + "at 150 move 0 200 \(Self.rowY)\nat 230 screenshot a.png\nat 230 state a.json\nat 300 end\n"
        try check(crossing, [("lists.leading", "button_animation", "\"spring\"")])
    }

    /// A full swipe of row 2 to the left, released; the state after everything settled.
    static let fullTrailing = "size 800x480\nat 0 swipe 0 780 \(rowY) 60 \(rowY) 300\nat 2500 state a.json\nat 2500 screenshot a.png\nat 2600 end\n"

    func testExpansionAndEffectKeysChangeWhatAFullSwipeDoes() throws {
        try check(Self.fullTrailing, [
            ("lists.trailing", "expansion", "\"none\""), ("lists.trailing.actions", "effect", "\"flag\""),
            ("lists.trailing.actions", "id", "\"remove\""),
        ], differs: Self.stateDiffers)
    }

    func testHidesWhenSelectedClosesTheRowAfterItsAction() throws {
        // Row 2 opened on the trailing side, then "Flag" (second button) tapped.
        let script = "size 800x480\nat 0 swipe 0 760 \(Self.rowY) 480 \(Self.rowY) 250\n"
            + "at 1200 tap 690 \(Self.rowY)\nat 2600 state a.json\nat 2600 screenshot a.png\nat 2700 end\n"
        let base = try Scenario(script, config: ExampleVariant.text)
        XCTAssertEqual(try base.state("a").logActions, ["flag"])
        let hides = ExampleVariant.text.replacingOccurrences(
            of: "color = \"#FF9500\"\neffect = \"flag\"\n", with: "color = \"#FF9500\"\neffect = \"flag\"\nhides_when_selected = true\n")
        XCTAssertNotEqual(hides, ExampleVariant.text)
        let changed = try Scenario(script, config: hides)
        XCTAssertNotEqual(try base.state("a").swipeState("inbox-2"), try changed.state("a").swipeState("inbox-2"),
                          "lists.trailing.actions.hides_when_selected")
    }

    func testNavigationTransitionChangesThePush() throws {
        let script = "size 800x480\nat 0 tap 400 \(Self.rowY)\nat 160 screenshot a.png\nat 160 state a.json\nat 200 end\n"
        try check(script, [("navigation", "transition", "\"fade\"")])
        try check(script, [("sheet", "detail_as_sheet", "true")], differs: Self.stateDiffers)
    }

    /// Long press row 2 (the action sheet), then a slow 150 px drag down from the sheet's middle.
    static let sheetDrag = "size 800x480\nat 0 down 1 400 \(rowY)\nat 700 up 1\n"
        + "at 1200 swipe 0 400 330 400 480 1200\nat 2000 screenshot a.png\nat 2000 state a.json\nat 2100 end\n"

    func testSheetKeysChangeHowTheSheetFollowsAndDismisses() throws {
        try check(Self.sheetDrag, [("sheet", "sticky", "true"), ("sheet", "fade", "false")])
        let release = Self.sheetDrag.replacingOccurrences(of: "at 2000 screenshot a.png\nat 2000 state a.json\nat 2100 end\n",
                                                          with: "at 2460 state a.json\nat 2460 screenshot a.png\nat 2500 end\n")
        try check(release, [("sheet", "animation_duration", "2.0"), ("sheet", "minimum_fraction", "0.9")], differs: Self.stateDiffers)
        let flick = "size 800x480\nat 0 down 1 400 \(Self.rowY)\nat 700 up 1\nat 1200 swipe 0 400 330 400 370 16\n"
            + "at 2500 state a.json\nat 2500 screenshot a.png\nat 2600 end\n"
        try check(flick, [("sheet", "minimum_velocity", "5000")], differs: Self.stateDiffers)
    }

    func testIdleKeysResetAndBlank() throws {
        let script = "size 800x480\nat 0 tap 400 \(Self.rowY)\nat 2500 state a.json\nat 2500 screenshot a.png\nat 2600 end\n"
        try check(script, [("idle", "reset_after_s", "1"), ("idle", "blank_after_s", "1")], differs: Self.stateDiffers)
    }

    func testHapticKeysChangeTheVisualPulse() throws {
        // The leading "Read" action crosses its expansion threshold: expansion-enter fires.
        let script = "size 800x480\nat 0 down 0 40 \(Self.rowY)\nat 40 move 0 300 \(Self.rowY)\nat 80 move 0 600 \(Self.rowY)\n"
            + "at 120 move 0 790 \(Self.rowY)\nat 160 move 0 795 \(Self.rowY)\nat 180 screenshot a.png\nat 180 state a.json\nat 250 end\n"
        try check(script, [
            ("haptics", "backend", "\"none\""), ("haptics.events.*", "strength", "1.0"), ("haptics.events.*", "duration_ms", "400"),
        ])
    }

    func testCalibrationMovesWhereATouchLands() throws {
        // A matrix that moves touches down by half the panel: the tap meant for row 2 opens another row.
        let script = "size 800x480\nat 0 tap 400 \(Self.rowY)\nat 600 state a.json\nat 600 screenshot a.png\nat 700 end\n"
        try check(script, [("input", "calibration", "[1.0, 0.0, 0.0, 0.0, 1.0, 0.5]")], differs: Self.stateDiffers)
    }
}
