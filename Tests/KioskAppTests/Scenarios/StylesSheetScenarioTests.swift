// The Styles sheet through `replay`: every row shows the value in effect (the current list's
// configured one until a person picks another, never "configured"), each tap moves to the next
// value and the taps cycle through every value back to the first; the next swipe uses the choice.
import XCTest
@testable import KioskApp

final class StylesSheetScenarioTests: XCTestCase {
    static let settings: [(id: String, values: [String])] = [
        ("expansion", ["none", "selection", "destructive", "destructiveAfterFill", "fill", "fillReverse"]),
        ("transition", ["border", "drag", "reveal"]),
        ("animation", ["none", "default", "spring", "rotate", "favorite"]),
        ("display", ["image-title", "image", "title"]),
        ("buttons", ["background", "circular"]),
    ]

    func details(_ state: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for row in state.sheet?["rows"] as? [[String: Any]] ?? [] {
            if let id = row["id"] as? String, let detail = row["detail"] as? String { result[id] = detail }
        }
        return result
    }

    /// Opens the Styles sheet and taps `setting`'s row `taps` times, dumping the state after each.
    func cycle(_ index: Int, taps: Int, config: String? = nil) throws -> (Scenario, [[String: String]]) {
        var script = TimedScript(size: "1280x800")
        script.at(0, "tap 1248 32")
        script.at(600, "state tap0.json")
        // Seven rows (six settings and Done) under a 56 px header: the panel's top is at 336.
        let y = 336 + 56 + 56 * index + 28
        for tap in 1...taps {
            script.at(600 + tap * 200, "tap 640 \(y)")
            script.at(700 + tap * 200, "state tap\(tap).json")
        }
        script.at(700 + taps * 200, "screenshot styles-sheet.png")
        script.at(800 + taps * 200, "end")
        let s = try Scenario(script.text, config: config)
        let first = try s.state("tap0")
        let frame = try XCTUnwrap(first.sheet?["frame"] as? [Double])
        XCTAssertEqual(frame[1], 336, "the rows are where the script taps")
        return (s, try (0...taps).map { details(try s.state("tap\($0)")) })
    }

    func testEveryRowShowsTheValueInEffectAndCyclesThroughEveryValue() throws {
        for (index, setting) in Self.settings.enumerated() {
            let (_, states) = try cycle(index, taps: setting.values.count)
            let shown = states.map { $0[setting.id] ?? "?" }
            XCTAssertFalse(shown.contains("configured"), setting.id)
            let start = try XCTUnwrap(setting.values.firstIndex(of: shown[0]), "\(setting.id): \(shown[0]) is a value")
            let expected = (0...setting.values.count).map { setting.values[(start + $0) % setting.values.count] }
            XCTAssertEqual(shown, expected, "\(setting.id): each tap shows the next value, all of them, then the first again")
        }
    }

    func testTheConfiguredValuesAreShownBeforeAnyChoice() throws {
        let config = """
            [[lists]]
            id = "inbox"
            title = "Inbox"
            [lists.trailing]
            transition = "reveal"
            expansion = "fill"
            display_mode = "title"
            button_style = "circular"
            button_animation = "rotate"
            [[lists.trailing.actions]]
            id = "flag"
            title = "Flag"
            effect = "flag"
            """
        let (s, states) = try cycle(0, taps: 1, config: config)
        XCTAssertEqual(states[0]["expansion"], "fill")
        XCTAssertEqual(states[0]["transition"], "reveal")
        XCTAssertEqual(states[0]["animation"], "rotate")
        XCTAssertEqual(states[0]["display"], "title")
        XCTAssertEqual(states[0]["buttons"], "circular")
        XCTAssertEqual(states[1]["expansion"], "fillReverse", "the value after the configured one")
        try s.checkGolden("styles-sheet")
    }

    /// demo.toml puts every style on its own list; the Styles sheet's List row (shown only with
    /// more than one list) makes each the root in turn, and the page's swipes use that list's actions.
    func testTheListRowShowsEveryConfiguredListInTurn() throws {
        let demo = try String(contentsOfFile: ConfigLoadingTests.example("demo.toml", file: (#filePath as NSString).deletingLastPathComponent), encoding: .utf8)
        let ids = ["mail", "mailbox", "tasks", "favorites", "orders", "archive", "rtl"]
        var script = TimedScript(size: "1280x800")
        script.at(0, "tap 1248 32")
        script.at(600, "state tap0.json")
        // Eight rows (six settings, List, Done) under a 56 px header: the panel's top is at 280.
        for tap in 1...ids.count {
            script.at(600 + tap * 200, "tap 640 \(280 + 56 + 56 * 6 + 28)")
            script.at(700 + tap * 200, "state tap\(tap).json")
        }
        let done = 700 + ids.count * 200
        script.at(done, "tap 640 \(280 + 56 + 56 * 7 + 28)")
        script.at(done + 100, "tap 640 \(280 + 56 + 56 * 6 + 28)")  // the sheet is gone: a row of the list
        script.at(done + 700, "state final.json")
        script.at(done + 800, "end")
        let s = try Scenario(script.text, config: demo)
        let first = try s.state("tap0")
        XCTAssertEqual(first.sheet?["frame"] as? [Double], [0, 280, 1280, 520])
        XCTAssertEqual(details(first)["list"], "Mail (border, destructive)")
        let shown = try (0...ids.count).map { try s.state("tap\($0)")["page"] as? [String: Any] }.map { $0?["id"] as? String }
        XCTAssertEqual(shown, ids + ["mail"], "each tap shows the next list, all of them, then the first again")
        XCTAssertEqual(details(try s.state("tap3"))["list"], "Favourites (circular, fillReverse)", "the row names the list shown")
        XCTAssertNil(try s.state("final").sheet, "Done closed the sheet")
        XCTAssertEqual(try s.state("final").stack.first, "mail")

        // Without a second list there is no List row: the default sheet keeps its seven rows.
        XCTAssertNil(details(try cycle(0, taps: 1).1[0])["list"])
    }

    /// `[ui] styles_sheet = false`: no cog is drawn and a tap where it was opens nothing.
    func testStylesSheetFalseHidesTheCog() throws {
        let script = "size 1280x800\nat 0 screenshot bar.png\nat 0 tap 1248 32\nat 600 state tapped.json\nat 650 end\n"
        let shown = try Scenario(script, config: "[ui]\nstyles_sheet = true\n")
        let hidden = try Scenario(script, config: "[ui]\nstyles_sheet = false\n")
        XCTAssertNotNil(try shown.state("tapped").sheet, "with the cog, the tap opens the Styles sheet")
        XCTAssertNil(try hidden.state("tapped").sheet, "without it, the same tap opens nothing")
        let withCog = try shown.image("bar"), withoutCog = try hidden.image("bar")
        var differing = 0
        for y in 12..<52 { for x in 1228..<1268 where withCog.pixel(x: x, y: y) != withoutCog.pixel(x: x, y: y) { differing += 1 } }
        XCTAssertGreaterThan(differing, 20, "the cog is not drawn")
    }
}
