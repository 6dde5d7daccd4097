// Circular buttons on a clear actions background (as demo.toml's favourites list), through
// `replay` (docs/BEHAVIOUR.md "Rows" §1.3 backgroundColor, §1.10 ScaleAndAlphaExpansion): what shows
// behind the buttons is what is behind the row, from the first frame on and without leftovers
// of earlier frames, and when the row expands the other buttons shrink and fade.
import Canvas
import XCTest
@testable import KioskApp

final class ClearActionsScenarioTests: XCTestCase {
    static let config = """
        [[lists]]
        id = "inbox"
        title = "Inbox"
        [lists.trailing]
        button_style = "circular"
        display_mode = "image"
        background = "#FFFFFF00"
        expansion = "destructive"
        [[lists.trailing.actions]]
        id = "delete"
        icon = "trash"
        color = "#FF3B30"
        style = "destructive"
        effect = "delete"
        [[lists.trailing.actions]]
        id = "read"
        icon = "email-open"
        color = "#007AFF"
        effect = "read"
        """

    /// Pixels of `image` in the rectangle that match `hex`.
    func count(_ image: Surface, _ hex: UInt32, x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
        var n = 0
        for py in y where py >= 0 && py < image.height {
            for px in x where px >= 0 && px < image.width && image.matches(px, py, hex, tolerance: 24) { n += 1 }
        }
        return n
    }

    func testTheListBackgroundShowsBehindClearActionsFromTheFirstFrame() throws {
        var script = TimedScript(size: "1280x800")
        script.drag(0, from: (1200, 330), to: (900, 330), at: 0, ms: 240)
        for t in [40, 64, 120, 240] { script.at(t, "screenshot f\(t).png") }
        script.at(240, "state f240.json")
        script.at(300, "end")
        let s = try Scenario(script.text, config: Self.config)
        let state = try s.state("f240")
        let frame = try XCTUnwrap(state.rows.first { ($0["frame"] as? [Double]).map { 330 >= $0[1] && 330 < $0[1] + $0[3] } ?? false }?["frame"] as? [Double])
        let top = Int(frame[1])
        for t in [40, 64, 120, 240] {
            let image = try s.image("f\(t)")
            // Just below the row's top edge at the screen's edge: exposed, above the circles.
            for x in 1272...1278 {
                XCTAssertTrue(image.matches(x, top + 3, 0xF2F2F7, tolerance: 2),
                              "frame \(t) ms: (\(x), \(top + 3)) is \(image.rgb(x, top + 3)), not the list background")
            }
        }
        // No black anywhere in the exposed band of the first frames (no leftovers).
        for t in [40, 64] {
            XCTAssertEqual(count(try s.image("f\(t)"), 0x000000, x: 1100...1279, y: (top + 2)...(top + 60)), 0, "frame \(t) ms")
        }
    }

    func testExpandingFadesTheOtherCircularButtons() throws {
        var expand = TimedScript(size: "1280x800")
        expand.drag(0, from: (1250, 330), to: (250, 330), at: 0, ms: 400)
        expand.at(300, "screenshot partly.png")
        expand.at(900, "state expanded.json")
        expand.at(900, "screenshot expanded.png")
        expand.at(1000, "cancel 0")
        expand.at(1100, "end")
        let s = try Scenario(expand.text, config: Self.config)
        let state = try s.state("expanded")
        let row = try XCTUnwrap(state.rows.first { ($0["swipe"] as? [String: Any])?["state"] as? String == "expanded" })
        let frame = try XCTUnwrap(row["frame"] as? [Double])
        let band = Int(frame[1])...Int(frame[1] + frame[3]) - 1
        let image = try s.image("expanded")
        XCTAssertGreaterThan(count(image, 0xFF3B30, x: 0...1279, y: band), 200, "the expanding delete circle is drawn")
        XCTAssertEqual(count(image, 0x007AFF, x: 0...1279, y: band), 0, "the read circle faded out (ScaleAndAlphaExpansion)")
    }
}
