// Pins sizing, targets, resistance and the three transition layouts to docs/BEHAVIOUR.md "Rows" §1.5–1.9 and §8.
import XCTest
@testable import SwipeCore

final class RowSwipeGeometryTests: XCTestCase {
    // §1.8: min 74, max (W − 30)/n, padding 8; P = n·m.
    func testButtonSizingOfSection1_8() {
        let metrics = SwipeButtonMetrics(
            actions: Fixture.trailing, options: SwipeOptions(), rowWidth: 390, rowHeight: 64,
            measurer: FixedPitchMeasurer())
        XCTAssertEqual(metrics.buttonWidth, 74)
        XCTAssertEqual(metrics.openWidth, 222)
        // A long title widens every button, up to the maximum (390 − 30)/3 = 120.
        var long = Fixture.trailing
        long[1].title = "Flag for follow-up"
        let wide = SwipeButtonMetrics(
            actions: long, options: SwipeOptions(), rowWidth: 390, rowHeight: 64, measurer: FixedPitchMeasurer())
        XCTAssertEqual(wide.buttonWidth, 120)
        // Image above title, spacing 8, centred vertically in the row (centerFirstBaseline).
        let content = metrics.content[0]
        XCTAssertEqual(content.imageRect, Rect(x: 25, y: 32 - 25, width: 24, height: 24))
        XCTAssertEqual(content.titleRect?.minY, 7 + 24 + 8)
        XCTAssertEqual(content.titleRect?.width, 48)
    }

    // §1.14: tall rows centre the buttons in the visible slice.
    func testTallRowCentresButtonsInTheVisibleSliceOfSection1_14() {
        let metrics = SwipeButtonMetrics(
            actions: Fixture.trailing, options: SwipeOptions(), rowWidth: 390, rowHeight: 1000,
            measurer: FixedPitchMeasurer(), visibleRect: Rect(x: 0, y: 600, width: 390, height: 400))
        XCTAssertEqual(metrics.band, 600...1000)
        let image = metrics.content[0].imageRect!
        XCTAssertEqual(image.minY + 25, 800, accuracy: 1e-9)
    }

    // §1.6 worked numbers: W = 390, 3 actions → T = 360 for .fill; .selection with one action → 195.
    func testExpansionTargetsOfSection1_6() {
        XCTAssertEqual(SwipeExpansionStyle.fill.targetOffset(rowWidth: 390, openWidth: 222), 360)
        XCTAssertEqual(SwipeExpansionStyle.destructive.targetOffset(rowWidth: 390, openWidth: 222), 360)
        XCTAssertEqual(SwipeExpansionStyle.selection.targetOffset(rowWidth: 390, openWidth: 74), 195)
        // max(P + 20, raw): a wide open width wins.
        XCTAssertEqual(SwipeExpansionStyle.selection.targetOffset(rowWidth: 390, openWidth: 222), 242)
    }

    // §1.6 should-expand test: 8 pt minimum, P first, T, touchThreshold(0.8), overscroll(30).
    func testShouldExpandTriggersOfSection1_6() {
        let d = SwipeExpansionStyle.destructive
        XCTAssertFalse(d.shouldExpand(opening: 361, translation: 8, fingerX: 10, side: .right, rowWidth: 390, openWidth: 222))
        XCTAssertTrue(d.shouldExpand(opening: 361, translation: 9, fingerX: 300, side: .right, rowWidth: 390, openWidth: 222))
        XCTAssertFalse(d.shouldExpand(opening: 222.9, translation: 100, fingerX: 10, side: .right, rowWidth: 390, openWidth: 222))
        // Finger in the leftmost 20 % of a right-side row: (390 − 70)/390 = 0.82 > 0.8.
        XCTAssertTrue(d.shouldExpand(opening: 230, translation: 100, fingerX: 70, side: .right, rowWidth: 390, openWidth: 222))
        XCTAssertFalse(d.shouldExpand(opening: 230, translation: 100, fingerX: 80, side: .right, rowWidth: 390, openWidth: 222))
        // Left side measures from the left edge.
        XCTAssertTrue(d.shouldExpand(opening: 230, translation: 100, fingerX: 320, side: .left, rowWidth: 390, openWidth: 222))
        let f = SwipeExpansionStyle.fill
        XCTAssertTrue(f.shouldExpand(opening: 252.5, translation: 100, fingerX: 200, side: .right, rowWidth: 390, openWidth: 222))
        XCTAssertFalse(f.shouldExpand(opening: 252, translation: 100, fingerX: 200, side: .right, rowWidth: 390, openWidth: 222))
    }

    // §1.5 regimes: wrong side 0.2, beyond P without expansion 0.4, beyond T with expansion 0.2.
    func testResistanceFactorsOfSection1_5() {
        let wrong = Fixture.row(trailing: [])
        XCTAssertFalse(wrong.beginDrag(direction: -1, fingerX: 200, time: 0), "no trailing actions: ignored")
        let row = Fixture.row()
        XCTAssertTrue(row.beginDrag(direction: -1, fingerX: 300, time: 0))
        row.drag(translation: 50, fingerX: 350, time: 0.01)
        XCTAssertEqual(row.offset(at: 0.01), 10, accuracy: 1e-9)
        row.drag(translation: -300, fingerX: 0, time: 0.02)
        XCTAssertEqual(row.offset(at: 0.02), -(222 + 0.4 * 78), accuracy: 1e-9)
        let expanding = Fixture.row(.selection)
        _ = expanding.beginDrag(direction: -1, fingerX: 380, time: 0)
        expanding.drag(translation: -300, fingerX: 80, time: 0.5)
        XCTAssertEqual(expanding.expansionTarget, 242)
        XCTAssertEqual(expanding.offset(at: 0.5), -(242 + 0.2 * 58), accuracy: 1e-9)
    }

    // §1.9: border / drag / reveal at w = 111 (half open), m = 74, n = 3.
    func testTransitionLayoutsOfSection1_9() {
        let border = SwipeTransitionLayout(style: .border, buttonWidth: 74, count: 3, elasticOverscroll: false)
        XCTAssertEqual(border.buttons(visible: 111).map(\.start), [0, 37, 74])
        XCTAssertEqual(border.buttons(visible: 111).map(\.visibleWidth), [37, 37, 37])
        XCTAssertEqual(border.buttons(visible: 111).map(\.end), [37, 74, 111])
        let drag = SwipeTransitionLayout(style: .drag, buttonWidth: 74, count: 3, elasticOverscroll: false)
        XCTAssertEqual(drag.buttons(visible: 111).map(\.start), [0, 74, 148])
        XCTAssertEqual(drag.buttons(visible: 111).map(\.visibleWidth), [74, 37, 0])
        let reveal = SwipeTransitionLayout(style: .reveal, buttonWidth: 74, count: 3, elasticOverscroll: false)
        XCTAssertEqual(reveal.buttons(visible: 111).map(\.start), [-111, -37, 37])
        XCTAssertEqual(reveal.buttons(visible: 111).map(\.visibleWidth), [0, 37, 74])
        // Expanded: the outermost strip covers everything from the content edge.
        let expanded = border.buttons(visible: 300, expansion: 1)
        XCTAssertEqual(expanded[2].start, 0)
        XCTAssertEqual(expanded[0].end - expanded[0].start, 0)
        // Elastic overscroll: C = P + 0.25·(w − P).
        let elastic = SwipeTransitionLayout(style: .border, buttonWidth: 74, count: 3, elasticOverscroll: true)
        XCTAssertEqual(elastic.contentWidth(visible: 322), 247)
    }

    // Snapshot geometry: the right side's strips sit between the moved content edge and the screen edge.
    func testSnapshotPlacesButtonsInRowCoordinates() {
        let row = Fixture.row(transition: .drag)
        row.setOffset(-.infinity, animated: false, time: 0)
        let snap = row.snapshot(at: 0)
        XCTAssertEqual(snap.state, .open)
        XCTAssertEqual(snap.offset, -222)
        XCTAssertEqual(snap.buttons.map(\.action.id), ["delete", "flag", "more"])
        XCTAssertEqual(snap.buttons.map(\.strip.minX), [316, 242, 168])
        XCTAssertEqual(snap.buttons[0].strip.maxX, 390)
        XCTAssertEqual(snap.buttons.map(\.percentVisible), [1, 1, 1])
    }

    // §2.2 RTL: leading actions appear on the physical right side.
    func testRightToLeftMapsLeadingActionsToTheRightSide() {
        XCTAssertEqual(LayoutDirection.rightToLeft.side(for: .leading), .right)
        XCTAssertEqual(LayoutDirection.leftToRight.side(for: .leading), .left)
        let row = Fixture.row(direction: .rightToLeft)
        XCTAssertTrue(row.beginDrag(direction: -1, fingerX: 300, time: 0))
        XCTAssertEqual(row.side, .right)
        XCTAssertEqual(row.snapshot(at: 0).buttons.map(\.action.id), ["read"])
        let left = Fixture.row(direction: .rightToLeft)
        left.show(side: .left, animated: false, time: 0)
        let snap = left.snapshot(at: 0)
        XCTAssertEqual(snap.offset, 222)
        XCTAssertEqual(snap.buttons.map(\.action.id), ["delete", "flag", "more"])
        // Mirrored: the outermost (delete) is at the screen's left edge.
        XCTAssertEqual(snap.buttons[0].strip.minX, 0)
    }
}
