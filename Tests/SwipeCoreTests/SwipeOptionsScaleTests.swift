// The display scale applied to swipe options: every length (button widths and their built-in
// 30/74 pt defaults, paddings, the circle, expansion insets and triggers) doubles at 2x, while
// fractions stay, so a row of twice the pixels behaves as the same row at 1x.
import XCTest
@testable import SwipeCore

final class SwipeOptionsScaleTests: XCTestCase {
    private let actions = [SwipeAction(id: "a", title: "A"), SwipeAction(id: "b", title: "B")]

    func testButtonWidthsAndTheirDefaultsDouble() {
        let one = SwipeButtonMetrics(actions: actions, options: SwipeOptions(), rowWidth: 400, rowHeight: 72,
                                     measurer: FixedPitchMeasurer())
        let two = SwipeButtonMetrics(actions: actions, options: SwipeOptions().scaled(by: 2), rowWidth: 800, rowHeight: 144,
                                     measurer: FixedPitchMeasurer(characterWidth: 16, lineHeight: 36, iconSize: 48))
        XCTAssertEqual(one.buttonWidth, 74, "the 74 pt minimum")
        XCTAssertEqual(two.buttonWidth, 148)
        XCTAssertEqual(two.openWidth, 2 * one.openWidth)
        var narrow = SwipeOptions()
        narrow.maximumButtonWidth = 50
        narrow.buttonPadding = 4
        let scaled = narrow.scaled(by: 1.5)
        XCTAssertEqual(scaled.maximumButtonWidth, 75)
        XCTAssertEqual(scaled.buttonPadding, 6)
        XCTAssertEqual(scaled.circleDiameter, 75)
        XCTAssertEqual(narrow.scaled(by: 1), narrow, "1.0 changes nothing")
    }

    func testExpansionLengthsDoubleAndFractionsStay() {
        let fill = SwipeExpansionStyle.fill.scaled(by: 2)
        XCTAssertEqual(fill.target, .edgeInset(60))
        XCTAssertEqual(fill.additionalTriggers, [.overscroll(60)])
        XCTAssertEqual(fill.minimumTargetOverscroll, 40)
        XCTAssertEqual(fill.minimumExpansionTranslation, 16)
        let destructive = SwipeExpansionStyle.destructive.scaled(by: 2)
        XCTAssertEqual(destructive.additionalTriggers, [.touchThreshold(0.8)])
        XCTAssertEqual(SwipeExpansionStyle.selection.scaled(by: 2).target, .percentage(0.5))
        XCTAssertEqual(fill.targetOffset(rowWidth: 800, openWidth: 300), 2 * SwipeExpansionStyle.fill.targetOffset(rowWidth: 400, openWidth: 150))
    }
}
