// `screen off` / `screen on` on virtual time (the touch script's `screen` command does what the
// control socket's requests do): a dark panel swallows touches and is not woken by them, a
// finger that was down is cancelled for the app, and `screen on` gives the app its input back.
import KioskReplay
import XCTest
@testable import KioskApp

final class ScreenPowerScenarioTests: XCTestCase {
    private func blanked(_ state: [String: Any]) -> Bool? { (state["display"] as? [String: Any])?["blanked"] as? Bool }

    func testTouchOnAScreenSwitchedOffIsSwallowedAndDoesNotWakeIt() throws {
        let s = try Scenario("""
            size 1280x800
            at 100  screen off
            at 150  state off.json
            at 200  tap 400 178
            at 700  state still-off.json
            at 800  screen on
            at 900  state on.json
            at 1000 tap 400 178
            at 1600 state tapped.json
            at 1700 end
            """)
        XCTAssertEqual(blanked(try s.state("off")), true)
        let stillOff = try s.state("still-off")
        XCTAssertEqual(blanked(stillOff), true, "a touch does not wake a screen switched off")
        XCTAssertEqual(stillOff.stack, ["inbox"], "…and does not reach the app")
        let on = try s.state("on")
        XCTAssertEqual(blanked(on), false)
        XCTAssertEqual(on.stack, ["inbox"])
        XCTAssertEqual(try s.state("tapped").stack, ["inbox", "detail:inbox-2"], "after screen on, a tap works at once")
    }

    func testFingerDownWhenTheScreenGoesOffIsCancelledForTheApp() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    down 0 400 178
            at 50   screen off
            at 100  up 0
            at 200  screen on
            at 800  state after.json
            at 900  end
            """)
        let after = try s.state("after")
        XCTAssertEqual(after.stack, ["inbox"], "the lift after screen off is no tap")
        XCTAssertTrue(after["sheet"] is NSNull, "…and the finger is not still down for the app (no long-press sheet)")
        XCTAssertEqual(blanked(after), false)
    }

    func testScreenCommandIsParsed() throws {
        let script = try TouchScript(parsing: "at 5 screen off\nat 9 screen on\n", file: "s.touch")
        XCTAssertEqual(script.steps.map(\.action), [.screen(on: false), .screen(on: true)])
        XCTAssertThrowsError(try TouchScript(parsing: "at 0 screen sideways", file: "s.touch")) { error in
            XCTAssertEqual("\(error)", "s.touch:1: expected `screen off` or `screen on`")
        }
    }
}
