// An action that takes its item out of the list shown (unflagging in demo.toml's list of
// flagged tasks, archiving in an inbox of unarchived items) collapses the row over ~0.3 s, as a
// delete does (docs/BEHAVIOUR.md "Rows" §1.11), instead of the row vanishing in one frame and the rows
// below jumping up.
import Foundation
import XCTest
@testable import KioskApp

final class LeavingRowScenarioTests: XCTestCase {
    func height(_ state: [String: Any], _ id: String) -> Double? {
        (state.row(id)?["frame"] as? [Double]).map { $0[3] }
    }

    func testUnflaggingInAListOfFlaggedItemsCollapsesTheRow() throws {
        let demo = try String(contentsOfFile: ConfigLoadingTests.example("demo.toml", file: (#filePath as NSString).deletingLastPathComponent),
                              encoding: .utf8)
        // The Styles sheet's List row three times: the favourites list (flagged tasks, a leading
        // "favorite" action that toggles the flag, fillReverse), then Done.
        var script = TimedScript(size: "1280x800")
        script.at(0, "tap 1248 32")
        for tap in 1...3 { script.at(400 + tap * 200, "tap 640 700") }
        script.at(1200, "tap 640 756")
        script.at(1900, "state before.json")
        script.drag(0, from: (80, 234), to: (1270, 234), at: 2000, ms: 112)
        for (time, command) in [(2600, "state held.json"), (2700, "up 0"), (2716, "state u16.json"), (2850, "state u150.json"),
                                (3500, "state u800.json"), (3600, "end")] {
            script.at(time, command)
        }
        let s = try Scenario(script.text, config: demo)
        let before = try s.state("before")
        XCTAssertEqual((before["page"] as? [String: Any])?["id"] as? String, "favorites")
        let row = try XCTUnwrap(before.rows.first { ($0["frame"] as? [Double]).map { $0[1] <= 234 && 234 < $0[1] + $0[3] } ?? false }?["id"] as? String)
        let full = try XCTUnwrap(height(before, row))
        XCTAssertEqual(try s.state("held").swipeState(row), "expanded")
        let u16 = try s.state("u16"), u150 = try s.state("u150"), u800 = try s.state("u800")
        XCTAssertTrue(u800.logActions.contains("favorite"), "the action ran")
        XCTAssertEqual(try XCTUnwrap(height(u16, row), "still on screen a frame after the release"), full, accuracy: full * 0.2)
        let mid = try XCTUnwrap(height(u150, row), "still collapsing 150 ms later")
        XCTAssertGreaterThan(mid, 1)
        XCTAssertLessThan(mid, full - 1)
        XCTAssertNil(u800.row(row), "gone once collapsed")
        XCTAssertFalse(u800.items.contains { $0["id"] as? String == row }, "and out of the list")
    }
}
