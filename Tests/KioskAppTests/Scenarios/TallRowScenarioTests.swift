// Vertically centred swipe actions for tall rows (docs/BEHAVIOUR.md "Rows" §1.14, SwipeCellKit's
// "Vertically Centered Swipe Actions for Tall Cells"): a row taller than the space between the
// navigation bar and the screen edge, scrolled part-way off, centres its actions' content in
// the part that is on screen, not in the middle of the whole row.
import XCTest
@testable import KioskApp

final class TallRowScenarioTests: XCTestCase {
    /// 600 px rows on 800x480: the first row scrolled up under the bar, then swiped open.
    static func scrolledAndOpened() throws -> Scenario {
        try Scenario("""
            size 800x480
            at 0    down 0 400 420
            at 100  move 0 400 380
            at 200  move 0 400 330
            at 300  move 0 400 280
            at 400  move 0 400 230
            at 1400 move 0 400 230
            at 1500 up 0
            at 2500 swipe 1 760 300 480 300 250
            at 3500 screenshot a.png
            at 3500 state a.json
            at 3600 end
            """, config: "[theme.sizes]\nrow_height = 600\n")
    }

    func testTheActionsOfATallRowAreCentredInItsVisiblePart() throws {
        let s = try Self.scrolledAndOpened()
        let state = try s.state("a")
        XCTAssertEqual(state.swipeState("inbox-1"), "open")
        let frame = try XCTUnwrap(state.rowFrame("inbox-1"))
        let visibleTop = max(frame[1], 64), visibleBottom = min(frame[1] + frame[3], 480)
        XCTAssertLessThan(frame[1], 64, "scrolled part-way under the bar")
        XCTAssertGreaterThan(frame[1] + frame[3], 480, "and past the bottom edge")
        // The white icon and title of the Delete button: their middle.
        let image = try s.image("a")
        var sum = 0, count = 0
        for y in 64..<480 { for x in 736..<792 where image.matches(x, y, 0xFFFFFF, tolerance: 10) { sum += y; count += 1 } }
        XCTAssertGreaterThan(count, 50, "the Delete button's content is drawn")
        let middle = Double(sum) / Double(max(1, count))
        XCTAssertEqual(middle, (visibleTop + visibleBottom) / 2, accuracy: 24, "centred in the visible part")
        XCTAssertGreaterThan(abs(middle - (frame[1] + frame[3] / 2)), 40, "not in the middle of the whole row")
    }

    /// The same row with the "Today" section header pinned over its top: the actions centre in the
    /// part below the header, the part a person sees.
    func testAPinnedSectionHeaderIsNotCountedAsVisible() throws {
        let s = try Self.scrolledAndOpened()
        let state = try s.state("a")
        let frame = try XCTUnwrap(state.rowFrame("inbox-1"))
        let header = try XCTUnwrap(state.headers.first?["frame"] as? [Double])
        XCTAssertEqual(header[1], 64, "the Today header is pinned under the bar")
        XCTAssertGreaterThan(header[1] + header[3], frame[1], "over the row's top")
        let uncoveredTop = header[1] + header[3], visibleBottom = min(frame[1] + frame[3], 480)
        let image = try s.image("a")
        var top = Int.max, bottom = 0
        for y in 64..<480 { for x in 736..<792 where image.matches(x, y, 0xFFFFFF, tolerance: 10) { top = min(top, y); bottom = max(bottom, y) } }
        let middle = Double(top + bottom) / 2
        XCTAssertEqual(middle, (uncoveredTop + visibleBottom) / 2, accuracy: 4, "centred below the pinned header")
    }
}
