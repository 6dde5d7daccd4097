// The seed libraries' last two visible remnants and the configured rotation, through `replay`
// and `screenshot`: MGU's Title Only display mode draws no image in the circular style either
// (the circle is the image, docs/BEHAVIOUR.md "Rows" §2.8); a pressed action button darkens by
// SwipeCellKit's highlightedBackgroundColor (black at 10 %, §1.3) only while the finger is on
// it, and acts only when it lifts there; `[display] rotation` reaches replay and screenshot
// unless `--rotation` overrides it, so a rotated kiosk replays from its own configuration.
import Canvas
import Foundation
import XCTest
@testable import KioskApp

final class SeedRemnantScenarioTests: XCTestCase {
    /// Pixels of `image` in the frame `[x, y, w, h]` within `tolerance` of `hex`.
    func count(_ image: Surface, _ hex: UInt32, in frame: [Double], tolerance: Int = 24) -> Int {
        var n = 0
        for y in Int(frame[1])..<Int(frame[1] + frame[3]) where y >= 0 && y < image.height {
            for x in Int(frame[0])..<Int(frame[0] + frame[2]) where x >= 0 && x < image.width {
                if image.matches(x, y, hex, tolerance: tolerance) { n += 1 }
            }
        }
        return n
    }

    func testCircularTitleOnlyButtonsDrawNoCircle() throws {
        func config(_ mode: String) -> String {
            """
            [[lists]]
            id = "inbox"
            title = "Inbox"
            [lists.trailing]
            button_style = "circular"
            display_mode = "\(mode)"
            background = "#FFFFFF00"
            [[lists.trailing.actions]]
            id = "flag"
            title = "Flag"
            icon = "flag"
            color = "#FF9500"
            effect = "flag"
            """
        }
        let script = """
            size 1280x800
            at 0   swipe 0 1100 178 900 178 200
            at 800 screenshot open.png
            at 800 state open.json
            at 900 end
            """
        let titleOnly = try Scenario(script, config: config("title"))
        let withImage = try Scenario(script, config: config("image-title"))
        let state = try titleOnly.state("open")
        let openRow = try XCTUnwrap(state.rows.first { ($0["swipe"] as? [String: Any])?["state"] as? String == "open" })
        let frame = try XCTUnwrap(state.actionFrame(row: openRow["id"] as! String, action: "flag"))
        let orange = count(try titleOnly.image("open"), 0xFF9500, in: frame)
        let circle = count(try withImage.image("open"), 0xFF9500, in: frame)
        // A 50 pt circle is ~1,960 orange pixels; the coloured title "Flag" alone is a few dozen.
        XCTAssertGreaterThan(circle, 1500, "with an image the circle is drawn")
        XCTAssertGreaterThan(orange, 10, "the title is drawn in the action's colour")
        XCTAssertLessThan(orange, 400, "Title Only: no circle (\(orange) orange pixels in \(frame))")
    }

    /// Opens the third row's trailing actions, then puts a finger on Flag at 1000 ms, `dx` px
    /// right of the button's left edge, at its middle (`x`, `y`); `rest(x, y)` continues the
    /// script. Returns the replay and the Flag button's frame as the open row shows it.
    func pressScenario(dx: Int, _ rest: (Int, Int) -> String) throws -> (Scenario, [Double]) {
        let swipe = "size 1280x800\nat 0 swipe 0 1100 254 800 254 200\n"
        let frame = try XCTUnwrap(try Scenario(swipe + "at 900 state open.json\nat 950 end").state("open")
            .actionFrame(row: "inbox-3", action: "flag"))
        let (x, y) = (Int(frame[0]) + dx, Int(frame[1] + frame[3] / 2))
        return (try Scenario(swipe + "at 1000 down 1 \(x) \(y)\n" + rest(x, y)), frame)
    }

    func testAPressedButtonDarkensWhileTheFingerIsOnItAndActsOnLift() throws {
        let (s, frame) = try pressScenario(dx: 30) { _, _ in
            """
            at 1100 screenshot pressed-button.png
            at 1100 state held.json
            at 1200 up 1
            at 1900 state lifted.json
            at 2000 end
            """
        }
        let (x, y) = (Int(frame[0]) + 4, Int(frame[1]) + 4)
        let held = try s.image("pressed-button")
        // #FF9500 under black at 10 %: (230, 134, 0).
        XCTAssertTrue(held.matches(x, y, 0xE68600, tolerance: 2), "pressed: \(held.rgb(x, y)) is not #FF9500 darkened by 10 %")
        let heldState = try s.state("held")
        XCTAssertEqual(heldState.swipeState("inbox-3"), "open")
        XCTAssertEqual(heldState.logActions, [], "nothing runs while the finger is down")
        XCTAssertEqual(try s.state("lifted").logActions, ["flag"], "lifting on the button runs it")
        try s.checkGolden("pressed-button")
    }

    func testAFingerSlidingOffTheButtonReleasesItAndDoesNotAct() throws {
        // Down 3 px inside Flag's left edge, then 6 px left onto More: within the 8 px tap slop,
        // so still a tap to the arbiter, but no longer on Flag.
        let (s, frame) = try pressScenario(dx: 3) { x, y in
            """
            at 1050 screenshot on.png
            at 1100 move 1 \(x - 6) \(y)
            at 1150 screenshot off.png
            at 1150 state off.json
            at 1200 up 1
            at 1900 state lifted.json
            at 2000 end
            """
        }
        let (x, y) = (Int(frame[0]) + 10, Int(frame[1]) + 4)
        XCTAssertTrue(try s.image("on").matches(x, y, 0xE68600, tolerance: 2), "on the button: darkened")
        let off = try s.image("off")
        XCTAssertTrue(off.matches(x, y, 0xFF9500, tolerance: 2), "slid off: \(off.rgb(x, y)), the plain action colour again")
        XCTAssertEqual(try s.state("off").swipeState("inbox-3"), "open", "a slide within the slop is no swipe")
        let lifted = try s.state("lifted")
        XCTAssertEqual(lifted.logActions, [], "lifted off the button: nothing runs")
        XCTAssertEqual(lifted.swipeState("inbox-3"), "open", "and the row stays open")
    }

    func testReplayTakesTheConfiguredRotationUnlessTheOptionOverridesIt() throws {
        // An 800x1280 app on a 1280x800 panel turned 90° clockwise: the app's (400, 178), the
        // second row, is the panel's (1280 − 178, 400), where the script's touch is.
        let script = "size 800x1280\nat 0 tap 1102 400\nat 800 state tapped.json\nat 900 end"
        let config = "[display]\nrotation = 90\n"
        let rotated = try Scenario(script, config: config).state("tapped")
        let screen = try XCTUnwrap(rotated["screen"] as? [String: Any])
        XCTAssertEqual(screen["rotation"] as? Int, 90, "the dump says the configured rotation")
        XCTAssertEqual([screen["width"] as? Int, screen["height"] as? Int], [800, 1280], "the app's upright screen")
        XCTAssertEqual(rotated.stack, ["inbox", "detail:inbox-2"], "the touch was turned with the panel")
        let overridden = try Scenario(script, config: config, arguments: ["--rotation", "0"]).state("tapped")
        XCTAssertEqual((overridden["screen"] as? [String: Any])?["rotation"] as? Int, 0, "--rotation wins")
        XCTAssertNotEqual(overridden.stack, rotated.stack, "unrotated, the same touch lands elsewhere")
    }

    func testARecordingFromARotatedKioskReplaysOnItsPanel() throws {
        // Recorded on the 1280x800 panel at (1102, 400): the 800x1280 app's (400, 178), the second row.
        let dir = try TemporaryDirectory()
        try LibinputRecordingTests.recording(x: 1102, y: 400, step: 0).write(toFile: dir.file("tap.yml"), atomically: true, encoding: .utf8)
        try "[display]\nrotation = 90\n".write(toFile: dir.file("kiosk.toml"), atomically: true, encoding: .utf8)
        try ReplayCommand.parse([dir.file("tap.yml"), "--demo", "--config", dir.file("kiosk.toml"), "--size", "800x1280",
                                 "--state", dir.file("final.json")]).run()
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file("final.json")))) as? [String: Any]
        XCTAssertEqual(try XCTUnwrap(state).stack, ["inbox", "detail:inbox-2"], "the recorded axes span the panel, not the app's screen")
    }

    func testScreenshotTakesTheConfiguredRotationUnlessTheOptionOverridesIt() throws {
        let dir = try TemporaryDirectory()
        try "[display]\nrotation = 270\n".write(toFile: dir.file("kiosk.toml"), atomically: true, encoding: .utf8)
        func size(_ extra: [String]) throws -> [Int] {
            try ScreenshotCommand.parse(["--output", dir.file("s.png"), "--config", dir.file("kiosk.toml"), "--size", "1280x800"] + extra).run()
            let image = try PNG.read(path: dir.file("s.png"))
            return [image.width, image.height]
        }
        XCTAssertEqual(try size([]), [800, 1280], "the 1280x800 app on a panel mounted at 270°")
        XCTAssertEqual(try size(["--rotation", "0"]), [1280, 800], "--rotation wins")
    }
}
