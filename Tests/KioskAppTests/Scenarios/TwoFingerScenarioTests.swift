// Two fingers on the list, through `replay` (docs/BEHAVIOUR.md "Touches" §1.4 gesture arbitration, §1.6
// expansion and §11.7 one open row): a touch whose page is covered by a sheet or replaced by a
// pushed page is cancelled, and its row comes to rest instead of freezing mid-drag.
import XCTest
@testable import KioskApp

final class TwoFingerScenarioTests: XCTestCase {
    /// The id of the visible row whose frame contains `y`.
    func rowID(at y: Double, in state: [String: Any]) -> String? {
        state.rows.first {
            let f = $0["frame"] as? [Double] ?? []
            return f.count == 4 && y >= f[1] && y < f[1] + f[3]
        }?["id"] as? String
    }

    func nonIdleRows(_ state: [String: Any]) -> [String] {
        state.rows.filter { ($0["swipe"] as? [String: Any])?["state"] as? String != "idle" }.compactMap { $0["id"] as? String }
    }

    /// §1.4: finger 0 swipes a row slowly while finger 1 long-presses another; the action sheet
    /// covers the list, so finger 0's swipe is cancelled and its row closes. After the sheet is
    /// dismissed another row swipes open at once (no 120 s wait for the idle reset).
    func testALongPressSheetCancelsAnotherFingersSwipe() throws {
        var script = TimedScript(size: "1280x800")
        script.at(0, "down 1 400 178")
        script.drag(0, from: (1200, 330), to: (1090, 330), at: 0, ms: 880)
        for (time, command) in [
            (800, "state covered.json"), (900, "up 0"), (950, "up 1"), (1300, "state still.json"), (1400, "tap 640 60"),
            (2200, "state dismissed.json"), (2300, "swipe 2 1200 178 800 178 200"), (3200, "state swiped.json"),
            (3200, "screenshot swiped.png"), (3300, "end"),
        ] { script.at(time, command) }
        let s = try Scenario(script.text)
        let covered = try s.state("covered")
        XCTAssertEqual(covered.sheet?["id"] as? String, "actions:inbox-2", "finger 1's long press opened the sheet")
        let swiped = try XCTUnwrap(rowID(at: 330, in: covered))
        XCTAssertNotEqual(covered.swipeState(swiped), "dragging", "finger 0 lost its row to the sheet")
        XCTAssertEqual(try s.state("still").swipeState(swiped), "idle", "the cancelled row came to rest closed")
        let dismissed = try s.state("dismissed")
        XCTAssertNil(dismissed.sheet)
        XCTAssertEqual(nonIdleRows(dismissed), [])
        let after = try s.state("swiped")
        let second = try XCTUnwrap(rowID(at: 178, in: after))
        XCTAssertEqual(after.swipeState(second), "open", "a new swipe works right after the sheet")
        XCTAssertEqual(nonIdleRows(after), [second])
        // The open row's buttons are drawn: the screen right of the row content is not white.
        XCTAssertFalse(try s.image("swiped").matches(1270, 178, 0xFFFFFF))
    }

    /// §1.6: finger 1 drags a row into expansion (`destructiveAfterFill`), another finger taps a
    /// different row (which pushes its detail), finger 1 lifts: the pushed page replaced the
    /// list under finger 1, so its drag was cancelled and the row closed, nothing performed.
    func testATapThatPushesAPageCancelsAnExpandedDrag() throws {
        let config = """
            [[lists]]
            id = "inbox"
            title = "Inbox"
            [lists.trailing]
            expansion = "destructiveAfterFill"
            [[lists.trailing.actions]]
            id = "delete"
            title = "Delete"
            style = "destructive"
            effect = "delete"
            [[lists.trailing.actions]]
            id = "flag"
            title = "Flag"
            effect = "flag"
            """
        var lines = ["size 1280x800", "at 0 down 1 1200 330"]
        for i in 1...25 { lines.append("at \(i * 16) move 1 \(1200 - i * 40) 330") }
        lines += [
            "at 450 state expanded.json",
            "at 500 tap 400 178",
            "at 700 up 1",
            "at 1400 state pushed.json",
            "at 1500 tap 30 32",
            "at 2300 state back.json", "at 2300 screenshot back.png",
            "at 2400 end",
        ]
        let s = try Scenario(lines.joined(separator: "\n"), config: config)
        let expanded = try s.state("expanded")
        let row = try XCTUnwrap(rowID(at: 330, in: expanded))
        XCTAssertEqual(expanded.swipeState(row), "expanded")
        XCTAssertEqual(try s.state("pushed").stack.count, 2, "the tap opened a detail page")
        let back = try s.state("back")
        XCTAssertEqual(back.stack.count, 1)
        XCTAssertEqual(nonIdleRows(back), [], "the expanded row was closed, not left expanded off screen")
        XCTAssertFalse(back.logActions.contains("delete"), "a cancelled expansion performs nothing")
        XCTAssertTrue(back.items.contains { $0["id"] as? String == row }, "the item is still there")
    }

    /// §3 interactive transitions: a second `down` on the slot that drags the swipe-back (a script
    /// can send one; libinput cannot) ends the first touch, so the pop comes to rest instead of
    /// staying interactive at 31 % for good, and the back button works afterwards.
    func testASecondDownOnTheSlotOfASwipeBackLeavesNoTransitionStuck() throws {
        let s = try Scenario("""
            size 1280x800
            at 0 tap 400 206
            at 1000 down 1 2 400
            at 1016 move 1 200 400
            at 1032 move 1 400 400
            at 1100 down 1 400 400
            at 1200 up 1
            at 4200 state rest.json
            at 4300 tap 30 32
            at 5300 state back.json
            at 5400 end
            """)
        let rest = try s.state("rest")
        XCTAssertTrue((rest["navigation"] as? [String: Any])?["transition"] is NSNull, "\(rest["navigation"] ?? "")")
        XCTAssertEqual(rest.stack.count, 2, "the swipe-back at 31 % was cancelled, back on the detail page")
        XCTAssertEqual(try s.state("back").stack, ["inbox"], "the back button pops")
    }
}
