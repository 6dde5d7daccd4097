// The touch-script contract of docs/ARCHITECTURE.md: every command, expansion of tap/swipe, and errors.
import KioskHardware
import SwipeCore
import XCTest
@testable import KioskReplay

final class TouchScriptTests: XCTestCase {
    func testTheExampleOfTheDesignDocumentParses() throws {
        let script = try TouchScript(parsing: """
            size 1280x800                     # optional, before any `at`
            at 0    down 0 1100 300           # slot x y
            at 16   move 0 1050 300
            at 300  up 0
            at 310  cancel 1
            at 400  tap 640 200               # down+up on slot 9, 60 ms apart
            at 500  swipe 0 1100 300 400 300 180
            at 700  key Escape
            at 900  screenshot after.png
            at 900  state after.json
            at 2000 end
            """, file: "example.touch")
        XCTAssertEqual(script.size?.width, 1280)
        XCTAssertEqual(script.steps.first?.action, .touch(slot: 0, phase: .began, x: 1100, y: 300))
        let taps = script.steps.filter { if case .touch(9, _, _, _) = $0.action { return true }; return false }
        XCTAssertEqual(taps.map(\.timeMs), [400, 460])
        let swipe = script.steps.filter { $0.line == 7 }
        XCTAssertEqual(swipe.first?.timeMs, 500)
        XCTAssertEqual(swipe.last?.action, .touch(slot: 0, phase: .ended, x: 400, y: 300))
        XCTAssertEqual(swipe.count, 1 + 22 + 2, "moves every 8 ms below 180, then the end point and up")
        XCTAssertEqual(script.steps.filter { $0.line == 8 }.map(\.action),
                       [.key(code: 1, pressed: true), .key(code: 1, pressed: false)], "KEY_ESC pressed and released")
        XCTAssertEqual(script.steps.last?.action, .end)
        XCTAssertEqual(script.steps.map(\.timeMs), script.steps.map(\.timeMs).sorted())
    }

    func testErrorsNameTheLine() {
        func error(_ text: String) -> String? {
            do { _ = try TouchScript(parsing: text, file: "s.touch"); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(error("at 10 down 0 1 2\nat 5 up 0"), "s.touch:2: time 5 is before the previous step (10.0)")
        XCTAssertEqual(error("at 0 jump 1"), "s.touch:1: unknown command `jump`; known: down move up cancel tap swipe key screenshot state screen switch end")
        XCTAssertEqual(error("at 0 down 0 1"), "s.touch:1: expected `down SLOT X Y`")
        XCTAssertEqual(error("at 0 down 0 1 nan"), "s.touch:1: expected `down SLOT X Y`")
        XCTAssertEqual(error("at 0 up 0\nsize 10x10"), "s.touch:2: `size` must come before any `at`")
        XCTAssertEqual(error("at 0 key Hyper"), "s.touch:1: unknown key `Hyper`; use linux/input-event-codes.h names without KEY_ (ESC, ENTER, UP…)")
        XCTAssertEqual(error("at 0 screenshot ../x.png"), "s.touch:1: `screenshot` paths are relative to --out and may not leave it")
        XCTAssertEqual(error("size 0x10"), "s.touch:1: expected `size WxH` with sides 1…8192, e.g. `size 1280x800`")
        XCTAssertNil(error("# only a comment\n\n"))
    }

    func testSwitchHeadphoneLinesPlugAndUnplugTheJack() throws {
        let script = try TouchScript(parsing: "at 100 switch headphone in\nat 900 switch headphone out\n", file: "s.touch")
        XCTAssertEqual(script.steps.map(\.action), [.switchChanged(.headphoneInsert, on: true), .switchChanged(.headphoneInsert, on: false)])
        XCTAssertEqual(script.steps.map(\.timeMs), [100, 900])
        for bad in ["at 0 switch headphone", "at 0 switch headphone sideways", "at 0 switch lid in"] {
            XCTAssertThrowsError(try TouchScript(parsing: bad, file: "s.touch")) {
                XCTAssertEqual("\($0)", "s.touch:1: expected `switch headphone in` or `switch headphone out`")
            }
        }
    }

    func testKeyNames() {
        XCTAssertEqual(Key(name: "KEY_ENTER")?.code, 28)
        XCTAssertEqual(Key(name: "Return"), .enter)
        XCTAssertEqual(Key(name: "delete"), .delete)
        XCTAssertEqual(Key(code: 103).name, "UP")
    }
}
