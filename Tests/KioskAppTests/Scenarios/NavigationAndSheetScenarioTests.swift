// Pushes and pops (button, interactive swipe-back finished and cancelled), sheets (long press,
// dismissal by distance, by velocity, cancelled, sticky, nested scroll), keyboard and idle reset,
// all through `replay`, checking state and pixels.
import XCTest
@testable import KioskApp

final class NavigationAndSheetScenarioTests: XCTestCase {
    func testTapPushesTheDetailAndTheBackButtonPops() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    tap 400 178
            at 200  state pushing.json
            at 600  state detail.json
            at 600  screenshot detail.png
            at 700  tap 30 32
            at 1200 state popped.json
            at 1300 end
            """)
        let pushing = try s.state("pushing")
        let transition = (pushing["navigation"] as? [String: Any])?["transition"] as? [String: Any]
        XCTAssertEqual(transition?["kind"] as? String, "push")
        XCTAssertEqual(transition?["interactive"] as? Bool, false)
        let detail = try s.state("detail")
        XCTAssertEqual(detail.stack, ["inbox", "detail:inbox-2"])
        XCTAssertEqual(detail.pageID, "detail:inbox-2")
        let image = try s.image("detail")
        XCTAssertTrue(image.matches(640, 300, 0xFFFFFF), "detail background")
        XCTAssertEqual(try s.state("popped").stack, ["inbox"])
    }

    /// Opens the detail, then swipes back from the left edge to `x` over `ms` and releases.
    func swipeBack(to x: Int, ms: Int) throws -> [String: Any] {
        let s = try Scenario("""
            size 1280x800
            at 0    tap 400 178
            at 600  swipe 0 4 400 \(x) 400 \(ms)
            at \(600 + ms / 2) state during.json
            at 1800 state after.json
            at 1900 end
            """)
        let during = try s.state("during")
        let t = (during["navigation"] as? [String: Any])?["transition"] as? [String: Any]
        XCTAssertEqual(t?["kind"] as? String, "pop")
        XCTAssertEqual(t?["interactive"] as? Bool, true)
        return try s.state("after")
    }

    func testInteractivePopFinishesPastHalfWay() throws {
        let after = try swipeBack(to: 800, ms: 400)
        XCTAssertEqual(after.stack, ["inbox"])
        XCTAssertTrue(after.hapticEvents.contains("navigation-commit"))
    }

    func testInteractivePopCancelsWhenShortAndSlow() throws {
        let after = try swipeBack(to: 250, ms: 800)
        XCTAssertEqual(after.stack, ["inbox", "detail:inbox-2"])
        XCTAssertFalse(after.hapticEvents.contains("navigation-commit"))
    }

    func testAFastShortFlickFinishesThePop() throws {
        let after = try swipeBack(to: 400, ms: 60)
        XCTAssertEqual(after.stack, ["inbox"], "projected past half way")
    }

    /// Long-presses row 2, then runs `drag` (script lines after 1000 ms) on the sheet.
    func sheetScenario(_ drag: String, config: String? = nil) throws -> Scenario {
        try Scenario("""
            size 1280x800
            at 0    down 1 400 178
            at 700  up 1
            at 1000 state presented.json
            \(drag)
            at 2400 state after.json
            at 2500 end
            """, config: config)
    }

    func testARowOfTheActionSheetRunsThatActionOnTheLongPressedItem() throws {
        let s = try sheetScenario("at 1100 tap 640 588")  // the second row, below the 56 px header
        let after = try s.state("after")
        XCTAssertNil(after.sheet)
        let log = after["log"] as? [[String: Any]] ?? []
        XCTAssertEqual(log.last?["action"] as? String, "flag")
        XCTAssertEqual(log.last?["item"] as? String, "inbox-2")
    }

    func testLongPressOpensTheActionSheetAndADragDismissesIt() throws {
        let s = try sheetScenario("at 1100 swipe 0 640 560 640 800 600")
        let presented = try s.state("presented")
        XCTAssertEqual(presented.sheet?["id"] as? String, "actions:inbox-2")
        XCTAssertEqual(presented.sheet?["status"] as? String, "presented")
        XCTAssertTrue(presented.hapticEvents.contains("long-press"))
        let after = try s.state("after")
        XCTAssertNil(after.sheet)
        XCTAssertTrue(after.hapticEvents.contains("sheet-dismiss"))
    }

    func testAFastFlickDismissesAndASmallDragIsCancelled() throws {
        let flick = try sheetScenario("at 1100 swipe 0 640 560 640 620 30")
        XCTAssertNil(try flick.state("after").sheet, "60 px at 2000 px/s > 1300")
        let small = try sheetScenario("at 1100 swipe 0 640 560 640 600 800")
        XCTAssertEqual(try small.state("after").sheet?["status"] as? String, "presented", "40 px slowly: back")
    }

    func testStickySheetsMoveAtHalfSpeed() throws {
        let s = try sheetScenario("""
            at 1100 down 0 640 560
            at 1116 move 0 640 580
            at 1132 move 0 640 660
            at 1150 state dragging.json
            at 1200 up 0
            """, config: "[sheet]\nsticky = true\n")
        let sheet = try XCTUnwrap(try s.state("dragging").sheet)
        XCTAssertEqual(sheet["status"] as? String, "dragging")
        XCTAssertEqual(sheet["offset"] as? Double ?? 0, 50, accuracy: 0.01, "half of the 100 px the finger moved")
    }

    func testAScrolledSheetListHandsTheDragToTheSheetAtItsTop() throws {
        // Twelve actions make the action sheet taller than it may be: its rows scroll.
        let actions = (1...12).map { "[[lists.trailing.actions]]\nid = \"a\($0)\"\ntitle = \"Action \($0)\"\neffect = \"flag\"\n" }
        let config = "[[lists]]\nid = \"inbox\"\ntitle = \"Inbox\"\n[lists.trailing]\n" + actions.joined()
        let s = try sheetScenario("""
            at 1100 down 0 640 600
            at 1120 move 0 640 560
            at 1140 move 0 640 500
            at 1160 move 0 640 460
            at 1180 move 0 640 560
            at 1200 move 0 640 660
            at 1210 state handed.json
            at 1300 move 0 640 661
            at 1700 up 0
            """, config: config)
        let sheet = try XCTUnwrap(try s.state("handed").sheet)
        XCTAssertEqual(sheet["status"] as? String, "dragging")
        // Up 140 px scrolled the rows; down 200 px scrolled them back (140) and pulled the sheet 60.
        XCTAssertEqual(sheet["offset"] as? Double ?? 0, 60, accuracy: 0.01)
    }

    func testKeyboardMovesFocusOpensAndGoesBack() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    key DOWN
            at 50   key DOWN
            at 100  key ENTER
            at 700  state opened.json
            at 800  key ESC
            at 1300 state back.json
            at 1400 end
            """)
        XCTAssertEqual(try s.state("opened").stack, ["inbox", "detail:inbox-2"])
        XCTAssertEqual(try s.state("back").stack, ["inbox"])
    }

    func testIdleResetClosesEverythingAndReturnsToTheRoot() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    swipe 0 1200 254 900 254 150
            at 400  tap 400 178
            at 1000 state busy.json
            at 3600 state idle.json
            at 3700 end
            """, config: "[idle]\nreset_after_s = 2\n")
        XCTAssertEqual(try s.state("busy").stack.count, 1, "the tap elsewhere only closed the open row")
        let idle = try s.state("idle")
        XCTAssertEqual(idle.stack, ["inbox"])
        XCTAssertTrue(idle.rows.allSatisfy { ($0["swipe"] as? [String: Any])?["state"] as? String == "idle" })
    }

    func testDetailAsSheetShowsTheItemInASheetInsteadOfAPage() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    tap 400 178
            at 800  state sheet.json
            at 800  screenshot sheet.png
            at 900  end
            """, config: "[sheet]\ndetail_as_sheet = true\n")
        let state = try s.state("sheet")
        XCTAssertEqual(state.stack, ["inbox"], "no page was pushed")
        XCTAssertEqual(state.sheet?["id"] as? String, "detail:inbox-2")
        XCTAssertEqual(state.sheet?["status"] as? String, "presented")
        XCTAssertTrue(try s.image("sheet").matches(640, 780, 0xFFFFFF), "the white sheet covers the bottom")
    }
}
