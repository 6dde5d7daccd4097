// SwipeDownConfiguration (docs/BEHAVIOUR.md "Sheets" §4, §9.3) from every grab point of a sheet, through
// `replay`: the offset is the finger's translation for the whole pan, wherever the finger came
// down on the panel (grabber, title, a row, the bottom), so a slow drag past `minimum_fraction`
// dismisses. The state dump's sheet frame says where the panel is.
import XCTest
@testable import KioskApp

final class SheetGrabPointScenarioTests: XCTestCase {
    /// The action sheet of row 2, presented: its frame [x, y, w, h] from the state dump.
    func presentedFrame() throws -> [Double] {
        let s = try Scenario("""
            size 1280x800
            at 0    down 1 400 178
            at 700  up 1
            at 1000 state presented.json
            at 1000 screenshot presented.png
            at 1100 end
            """)
        let sheet = try XCTUnwrap(try s.state("presented").sheet)
        let frame = try XCTUnwrap(sheet["frame"] as? [Double])
        XCTAssertEqual(frame.count, 4)
        XCTAssertEqual(frame[0], 0)
        XCTAssertEqual(frame[2], 1280)
        XCTAssertEqual(frame[1] + frame[3], 800, accuracy: 0.5, "a presented sheet rests on the screen's bottom edge")
        // The frame is where the panel is drawn: white inside, dimmed page above it.
        let image = try s.image("presented")
        XCTAssertTrue(image.matches(16, Int(frame[1]) + 30, 0xFFFFFF), "panel below its top edge")
        XCTAssertFalse(image.matches(16, Int(frame[1]) - 4, 0xFFFFFF), "dimmed page above it")
        return frame
    }

    /// Grabs the presented sheet at `y` and moves the finger slowly down by `distance` over
    /// `ms`, 8 ms a step, holds still, then lifts: returns the state mid-way, at the end of the
    /// drag (finger still down) and after settling.
    func slowDrag(fromY y: Double, by distance: Double, ms: Int = 1200)
        throws -> (midway: [String: Any], end: [String: Any], after: [String: Any], endImage: Scenario) {
        var script = TimedScript(size: "1280x800")
        script.at(0, "down 1 400 178")
        script.at(700, "up 1")
        script.drag(0, from: (640, y), to: (640, y + distance), at: 1000, ms: ms)
        let end = 1000 + ms / 8 * 8
        script.at(1000 + ms / 8 * 4, "state midway.json")
        script.at(end + 100, "state end.json")
        script.at(end + 100, "screenshot end.png")
        script.at(end + 200, "up 0")
        script.at(end + 1200, "state after.json")
        script.at(end + 1300, "end")
        let s = try Scenario(script.text)
        return (try s.state("midway"), try s.state("end"), try s.state("after"), s)
    }

    /// Grabbed at `dy` below the panel's top: the sheet follows the finger the whole way and a
    /// slow drag past half the height dismisses it.
    func checkGrab(dy: Double, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = try presentedFrame()
        let distance = (frame[3] * 0.6).rounded()
        let r = try slowDrag(fromY: frame[1] + dy, by: distance)
        let mid = try XCTUnwrap(r.midway.sheet, name, file: file, line: line)
        XCTAssertEqual(mid["status"] as? String, "dragging", name, file: file, line: line)
        XCTAssertEqual(mid["offset"] as? Double ?? 0, distance / 2, accuracy: 1.5, "\(name): half way", file: file, line: line)
        let end = try XCTUnwrap(r.end.sheet, name, file: file, line: line)
        XCTAssertEqual(end["offset"] as? Double ?? 0, distance, accuracy: 0.5, "\(name): the whole translation", file: file, line: line)
        let endFrame = try XCTUnwrap(end["frame"] as? [Double], file: file, line: line)
        XCTAssertEqual(endFrame[1], frame[1] + distance, accuracy: 0.5, "\(name): frame moved with the finger", file: file, line: line)
        let image = try r.endImage.image("end")
        // The panel (fading as it goes) is lighter than the dimmed page just above its top edge.
        let top = Int(endFrame[1])
        XCTAssertGreaterThan(image.rgb(1000, top + 30).0, image.rgb(1000, top - 4).0 + 8, "\(name): panel drawn where it is",
                             file: file, line: line)
        XCTAssertNil(r.after.sheet, "\(name): 60 % of the height, slowly, dismisses (minimum_fraction 0.3)", file: file, line: line)
        XCTAssertTrue(r.after.hapticEvents.contains("sheet-dismiss"), name, file: file, line: line)
    }

    func testSwipeDownFromTheGrabberFollowsTheFingerAndDismisses() throws {
        try checkGrab(dy: 6, "grabber")
    }

    func testSwipeDownFromTheTitleFollowsTheFingerAndDismisses() throws {
        try checkGrab(dy: 28, "title")
    }

    func testSwipeDownFromARowFollowsTheFingerAndDismisses() throws {
        try checkGrab(dy: 56 + 28, "first row")
    }

    /// The bottom of the panel: the finger cannot go further down than the screen's edge, so
    /// the sheet follows it by the few pixels left, and springs back.
    func testSwipeDownFromTheBottomFollowsTheFinger() throws {
        let frame = try presentedFrame()
        let r = try slowDrag(fromY: frame[1] + frame[3] - 10, by: 9, ms: 400)
        XCTAssertEqual(r.end.sheet?["status"] as? String, "dragging")
        XCTAssertEqual(r.end.sheet?["offset"] as? Double ?? 0, 9, accuracy: 0.5, "the whole 9 px, slop included")
        XCTAssertEqual(r.after.sheet?["status"] as? String, "presented", "9 px slowly: back")
        XCTAssertEqual((r.after.sheet?["frame"] as? [Double])?[1] ?? 0, frame[1], accuracy: 0.5, "back at rest")
    }
}
