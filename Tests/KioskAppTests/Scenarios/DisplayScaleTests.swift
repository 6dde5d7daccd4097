// `[display] scale`: the whole UI is laid out in pixels of the panel with every length
// multiplied by the scale, so at 2.0 rows, text, buttons, the bar's hit areas and the gesture
// distances are twice as large in pixels, and a touch lands on what is drawn under it. The
// same scripts run at 1.0 (the default) and 2.0 through replay.
import ArgumentParser
import Canvas
import Foundation
import GoldenImages
import XCTest
@testable import KioskApp
@testable import KioskConfig
import KioskStore
import KioskUI

final class DisplayScaleTests: XCTestCase {
    static let double = "[display]\nscale = 2.0\n"

    /// Height in pixels of the dark (title) ink inside `rect` of the screenshot.
    private func inkHeight(_ image: Scenario, _ name: String, x: ClosedRange<Int>, y: ClosedRange<Int>) throws -> Int {
        let surface = try image.image(name)
        var rows: [Int] = []
        for row in y where x.contains(where: { surface.pixel(x: $0, y: row) & 0xFF_FFFF < 0x40_4040 }) { rows.append(row) }
        return (rows.max() ?? 0) - (rows.min() ?? 0)
    }

    func testRowsAndTextAreTwiceAsLargeAtScaleTwo() throws {
        let script = "size 1280x800\nat 0 state a.json\nat 0 screenshot a.png\nat 50 end\n"
        let one = try Scenario(script), two = try Scenario(script, config: Self.double)
        let a = try XCTUnwrap(try one.state("a").rowFrame("inbox-1")), b = try XCTUnwrap(try two.state("a").rowFrame("inbox-1"))
        XCTAssertEqual(b[3], 2 * a[3], "row height")
        XCTAssertEqual(b[1], 2 * a[1], "the bar and the section header above the first row")
        // The first row's title: its ink is twice as tall (bold 17 pt at 17 px, then 34 px).
        let h1 = try inkHeight(one, "a", x: 72...400, y: Int(a[1])...Int(a[1] + a[3] / 2))
        let h2 = try inkHeight(two, "a", x: 144...800, y: Int(b[1])...Int(b[1] + b[3] / 2))
        XCTAssertGreaterThan(h1, 8)
        XCTAssertEqual(Double(h2), 2 * Double(h1), accuracy: 2, "title ink \(h1) px at 1.0, \(h2) px at 2.0")
    }

    /// A slow drag of `distance` pixels on the first row, held still, then released: where it
    /// rests, and the widths of its buttons there.
    private func release(after distance: Int, config: String?) throws -> (state: String?, buttons: [Double]) {
        let y = config == nil ? 130 : 260
        // Steps of 1/20 of the distance every 16 ms: the swipe is recognised past the slop and
        // follows the finger from there, as a real finger does.
        let moves = (1...20).map { "at \($0 * 16) move 0 \(1200 - distance * $0 / 20) \(y)" }.joined(separator: "\n")
        let script = """
            size 1280x800
            at 0    down 0 1200 \(y)
            \(moves)
            at 700  move 0 \(1200 - distance) \(y)
            at 900  up 0
            at 2000 state a.json
            at 2050 end
            """
        let run = try Scenario(script, config: config)
        let rest = try run.state("a")
        let widths = ["delete", "flag", "more"].compactMap { rest.actionFrame(row: "inbox-1", action: $0)?[2] }
        return (rest.swipeState("inbox-1"), widths)
    }

    func testASwipeNeedsTwiceTheDistanceToOpenAtScaleTwo() throws {
        // The trailing side's three buttons are at least 74 pt wide: 222 px open at 1.0, 444 px at
        // 2.0; a release at rest opens the row past half of that.
        let one = try release(after: 180, config: nil)
        XCTAssertEqual(one.state, "open", "180 px opens at 1.0")
        XCTAssertEqual(try release(after: 180, config: Self.double).state, "idle", "180 px is not enough at 2.0")
        let two = try release(after: 360, config: Self.double)
        XCTAssertEqual(two.state, "open", "360 px opens at 2.0")
        XCTAssertEqual(one.buttons.count, 3)
        XCTAssertEqual(two.buttons, one.buttons.map { 2 * $0 }, "the open buttons are twice as wide")
    }

    func testATapOpensTheRowDrawnUnderTheFinger() throws {
        // y = 420 is the fifth row at 1.0 and the second at 2.0.
        let script = "size 1280x800\nat 0 state a.json\nat 100 tap 640 420\nat 900 state b.json\nat 950 end\n"
        for config in [nil, Self.double] {
            let run = try Scenario(script, config: config)
            let rows = try run.state("a").rows
            let under = rows.first { ($0["frame"] as? [Double]).map { $0[1] <= 420 && 420 < $0[1] + $0[3] } ?? false }
            let id = try XCTUnwrap(under?["id"] as? String)
            XCTAssertEqual(try run.state("b").stack, ["inbox", "detail:" + id], config ?? "scale 1.0")
        }
        XCTAssertEqual(try Scenario(script, config: Self.double).state("b").stack, ["inbox", "detail:inbox-2"])
    }

    func testTheBackButtonAndTheBackSwipeEdgeScale() throws {
        // (100, 100) is below the 64 px bar at 1.0, inside the 128 px back button at 2.0.
        let tap = "size 1280x800\nat 0 tap 640 420\nat 800 tap 100 100\nat 1600 state a.json\nat 1650 end\n"
        XCTAssertEqual(try Scenario(tap, config: Self.double).state("a").stack, ["inbox"], "the back button pops at 2.0")
        XCTAssertEqual(try Scenario(tap).state("a").stack.count, 2, "(100, 100) misses the back button at 1.0")
        // A swipe from x = 30: inside the 40 px edge zone at 2.0, outside the 20 px one at 1.0.
        let swipe = "size 1280x800\nat 0 tap 640 420\nat 800 swipe 0 30 500 900 500 300\nat 1900 state a.json\nat 1950 end\n"
        XCTAssertEqual(try Scenario(swipe, config: Self.double).state("a").stack, ["inbox"], "an edge swipe pops at 2.0")
        XCTAssertEqual(try Scenario(swipe).state("a").stack.count, 2, "x = 30 is no edge swipe at 1.0")
    }

    /// The README's pictures (Tests/Screenshots/scale-*.png) are this test's golden images: the
    /// same 1280x800 list with its second row swiped open, at 1.0, 1.5 and 2.0.
    func testTheReadmeScreenshotsAtEachScale() throws {
        let screenshots = GoldenImage(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path + "/Screenshots")
        for scale in ["1.0", "1.5", "2.0"] {
            // The second row's middle: the bar, the section header and one row, scaled.
            let y = Int(((64 + 28 + 76 + 38) * Double(scale)!).rounded())
            let script = "size 1280x800\nat 0 swipe 0 1200 \(y) 860 \(y) 300\nat 1200 screenshot a.png\nat 1250 end\n"
            let run = try Scenario(script, config: "[display]\nscale = \(scale)\n")
            XCTAssertEqual(try run.state("final").swipeState("inbox-2"), "open", "scale \(scale)")
            if let message = try screenshots.mismatch(try run.image("a"), "scale-" + scale) { XCTFail(message) }
        }
    }

    func testAFlingNeedsTwiceTheVelocityAtScaleTwo() {
        // A release at 80 px/s: above the 50 pt/s fling threshold at 1.0, below 100 px/s at 2.0.
        func flings(scale: Double) -> Bool {
            var scroll = ScrollState(viewport: 400, scale: scale)
            scroll.setContent(height: 4000, viewport: 400)
            scroll.beginDrag(time: 0)
            scroll.drag(translation: -100, time: 0.1)
            scroll.endDrag(velocity: -80, time: 0.1)
            return scroll.isMoving(at: 0.1)
        }
        XCTAssertTrue(flings(scale: 1))
        XCTAssertFalse(flings(scale: 2))
    }

    /// 320x240 at scale 4: the bar's two button zones take more than the width, so the title
    /// has no room left and is not drawn (it used to be drawn whole, over the gear).
    func testATitleWithNoRoomLeftIsNotDrawnOverItsNeighbours() throws {
        let app = try AppOptions.parse([]).makeApplication(
            configuration: try KioskConfiguration.parse("[display]\nscale = 4.0\n", file: "kiosk.toml"),
            databasePath: ItemStore.inMemoryPath, size: (320, 240))
        for width: Double in [0, -12, -.infinity, .nan] {
            XCTAssertEqual(app.text.layout("Inbox", font: app.theme.navTitle, maxWidth: width).width, 0, "\(width)")
        }
        XCTAssertGreaterThan(app.text.layout("Inbox", font: app.theme.navTitle, maxWidth: nil).width, 100)
        let surface = try Surface(width: 320, height: 240, format: .xrgb8888)
        app.scene.render(Painter(target: surface), time: 0)
        // Dark ink in the bar left of the gear (drawn from x = 152 on): the title would be there.
        let bar = min(surface.height, Int(app.theme.metrics.navBarHeight))
        let ink = (0..<bar).reduce(0) { n, y in n + (0..<150).filter { surface.pixel(x: $0, y: y) & 0xFF_FFFF < 0x40_4040 }.count }
        XCTAssertEqual(ink, 0, "no title ink in the bar")
    }

    func testScaleOutsideItsRangeOrOfTheWrongTypeIsBadConfiguration() throws {
        func lines(_ source: String) -> [String] {
            do { _ = try KioskConfiguration.parse(source, file: "kiosk.toml"); return [] } catch { return error.lines }
        }
        XCTAssertEqual(lines("[display]\nscale = 0.25\n"), ["kiosk.toml:2:9: display.scale must be between 0.5 and 4, not 0.25"])
        XCTAssertEqual(lines("[display]\nscale = \"2x\"\n"), ["kiosk.toml:2:9: display.scale must be a number, not a string"])
        XCTAssertEqual(try KioskConfiguration.parse("[display]\nscale = 1.5\n", file: "kiosk.toml").display.scale, 1.5)
        XCTAssertEqual(try KioskConfiguration.parse("[display]\nscale = 2\n", file: "kiosk.toml").display.scale, 2)
        let path = NSTemporaryDirectory() + "swipekiosk-scale-\(getpid()).toml"
        defer { unlink(path) }
        try "[display]\nscale = 5.0\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try CheckConfigCommand.parse([path]).run()) { XCTAssertEqual($0 as? ExitCode, ExitCode(65)) }
    }
}
