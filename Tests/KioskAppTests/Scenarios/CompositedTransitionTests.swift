// Transitions and sheets are composited from layers drawn once (issue 26), and must look exactly
// as they did when every frame drew the pages again: frames in the middle of pushes, pops (by the
// button and by an edge swipe), every navigation style, right-to-left, a sheet presenting, being
// dragged and dismissing, and a push while the list's scroll indicator still fades (the lower
// page changes during the transition, so its layer must be drawn again). The references in
// References/composited-*.png were written by the renderer before compositing (`swipe-kiosk
// replay` of these scripts at f4fe4ab, which drew every frame's pages); compared with no tolerance.
// Also: how many times pages are drawn into layers, which is what makes these frames cheap.
import Canvas
import KioskUI
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskReplay
@testable import KioskConfig

final class CompositedTransitionTests: XCTestCase {
    /// Screenshot times of a push (tap on the second row) and a pop (back button), which start at
    /// the tap's up (60 ms after its down): early and halfway.
    static let navigation = """
        size 800x480
        at 0    tap 400 178
        at 100  screenshot push-early.png
        at 200  screenshot push-half.png
        at 700  tap 30 32
        at 800  screenshot pop-early.png
        at 900  screenshot pop-half.png
        at 1400 end
        """

    func checkFrames(_ s: Scenario, _ prefix: String, _ names: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        for name in names {
            if let message = try Scenario.references.mismatch(try s.image(name), "composited-\(prefix)-\(name)", tolerance: 0) {
                XCTFail(message, file: file, line: line)
            }
        }
    }

    func testEveryNavigationStyleLooksAsWhenEachFrameWasDrawn() throws {
        for style in NavigationTransitionStyle.allCases {
            let s = try Scenario(Self.navigation, config: "[navigation]\ntransition = \"\(style.rawValue)\"\n")
            try checkFrames(s, style.rawValue, ["push-early", "push-half", "pop-early", "pop-half"])
        }
        let rtl = try Scenario(Self.navigation, config: "direction = \"rtl\"\n")
        try checkFrames(rtl, "rtl", ["push-half", "pop-half"])
    }

    func testAnEdgeSwipePopLooksAsWhenEachFrameWasDrawn() throws {
        let s = try Scenario("""
            size 800x480
            at 0    tap 400 178
            at 600  down 0 4 300
            at 616  move 0 40 300
            at 632  move 0 120 300
            at 700  move 0 300 300
            at 720  screenshot dragged.png
            at 800  up 0
            at 850  screenshot released.png
            at 1500 end
            """)
        try checkFrames(s, "edge", ["dragged", "released"])
    }

    func testASheetPresentingDraggedAndDismissingLooksAsWhenEachFrameWasDrawn() throws {
        let s = try Scenario("""
            size 800x480
            at 0    down 1 400 178
            at 580  screenshot presenting.png
            at 700  up 1
            at 1000 screenshot presented.png
            at 1100 down 0 400 300
            at 1116 move 0 400 330
            at 1200 move 0 400 380
            at 1250 screenshot dragged.png
            at 1300 up 0
            at 1350 screenshot dismissing.png
            at 2000 end
            """)
        try checkFrames(s, "sheet", ["presenting", "presented", "dragged", "dismissing"])
    }

    /// The Styles sheet comes to rest over a photo's detail page that still flings (the backdrop
    /// is drawn again, dimmed, while the sheet rests), then is dragged by its grabber (drawn again
    /// undimmed): runs found in the dimmed backdrop filled mixed pixels with one colour (attack6,
    /// finding 1). The reference is 43f5cb4's frame, before layers had runs.
    func testASheetDraggedAfterItsBackdropChangedWhileRestingLooksAsBefore() throws {
        let screenshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Screenshots")
        let directory = try TemporaryDirectory()
        let database = directory.file("photos.sqlite3")
        try FileManager.default.copyItem(atPath: screenshots.appendingPathComponent("photos.sqlite3").path, toPath: database)
        let s = try Scenario("""
            size 960x600
            at 0    tap 400 178
            at 1200 swipe 0 480 500 480 200 150
            at 1300 tap 930 32
            at 3800 down 0 480 144
            at 3816 move 0 480 150
            at 3900 move 0 480 200
            at 3950 screenshot dragged.png
            at 4000 up 0
            at 4600 end
            """, config: "[data]\ndemo_data = false\nimage_dir = \"\(screenshots.path)\"\n", database: database)
        try checkFrames(s, "sheet-after-fling", ["dragged"])
    }

    func testAPushWhileTheScrollIndicatorFadesShowsItFading() throws {
        // Dragged up 120 px and held still (no fling), released at 300 ms: the indicator fades
        // until 800 ms, through the push that starts at 410 ms (a tap's up, 60 ms after its down).
        // Faded in, not slid over, so that the lower page's indicator stays in view.
        let s = try Scenario("""
            size 800x480
            at 0    down 0 400 400
            at 16   move 0 400 380
            at 100  move 0 400 280
            at 300  up 0
            at 350  tap 400 178
            at 450  screenshot early.png
            at 550  screenshot half.png
            at 1000 end
            """, config: "[navigation]\ntransition = \"fade\"\n")
        try checkFrames(s, "fading", ["early", "half"])
    }
}

/// Pages and backdrops drawn into layers, counted over every frame of a push, a pop and a sheet.
final class LayerDrawCountTests: XCTestCase {
    /// Plays `script` at 60 Hz, drawing every frame in full, and returns the layer draws by `checkpoints` (ms).
    func layerDraws(_ script: String, at checkpoints: [Double]) throws -> [Int] {
        let steps = try TouchScript(parsing: script).steps
        let directory = try TemporaryDirectory()
        let app = try AppOptions.parse([]).makeApplication(
            configuration: .demo, databasePath: directory.file("items.sqlite3"), size: (800, 480))
        let painter = Painter(target: try Surface(width: 800, height: 480, format: .xrgb8888))
        var next = 0, counts: [Int] = []
        for frame in 0...Int(((checkpoints.last ?? 0) * 60 / 1000).rounded(.up)) {
            let ms = Double(frame) * 1000 / 60
            for checkpoint in checkpoints where checkpoint <= ms && checkpoint > ms - 1000.0 / 60 { counts.append(app.scene.layerDraws) }
            while next < steps.count, steps[next].timeMs <= ms {
                if case .touch(let slot, let phase, let x, let y) = steps[next].action {
                    app.handle(TouchEvent(slot: slot, phase: phase, point: Point(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0),
                                          time: ReplaySession.instant(ms: steps[next].timeMs)))
                }
                next += 1
            }
            app.tick(time: ReplaySession.instant(ms: ms))
            painter.reset()
            app.scene.render(painter, time: ReplaySession.instant(ms: ms))
        }
        return counts
    }

    func testAPushAndAPopDrawEachPageOnce() throws {
        let draws = try layerDraws("""
            at 0    tap 400 178
            at 700  tap 30 32
            """, at: [600, 1400])
        XCTAssertEqual(draws, [2, 4], "the list and the detail once for the push, again once each for the pop")
    }

    func testASheetDrawsItsBackdropOnceWhileUpAndOnceMoreWhenDragged() throws {
        let draws = try layerDraws("""
            at 0    down 1 400 178
            at 700  up 1
            at 1100 down 0 400 300
            at 1116 move 0 400 330
            at 1200 move 0 400 380
            at 1300 move 0 400 390
            """, at: [1050, 1290])
        XCTAssertEqual(draws, [1, 2], "presenting (the dim fades in, blended per frame) and resting (the dim blended into the layer): "
                       + "drawn once; dragged: drawn once more, undimmed, then dimmed per frame")
    }
}
