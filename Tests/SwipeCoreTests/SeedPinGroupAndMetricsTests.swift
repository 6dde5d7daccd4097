// Pins row-group rules and button metrics of docs/BEHAVIOUR.md "Rows" (§1.3, §1.4, §1.8, §1.12, §2.4, §9.1) that were implemented but untested.
import XCTest
@testable import SwipeCore

/// Fixed-pitch text; the icon named "big" is 40 × 40, every other icon 24 × 24.
private struct MixedIconMeasurer: SwipeActionMeasuring {
    let text = FixedPitchMeasurer()
    func titleSize(_ title: String, maxWidth: Double?) -> Size { text.titleSize(title, maxWidth: maxWidth) }
    func imageSize(_ icon: String) -> Size { icon == "big" ? Size(width: 40, height: 40) : text.imageSize(icon) }
}

final class SeedPinGroupAndMetricsTests: XCTestCase {
    private func group(leading: [SwipeAction] = Fixture.leading) -> SwipeRowGroup {
        SwipeRowGroup { _ in SwipeRowConfiguration(leading: leading, trailing: Fixture.trailing) }
    }

    private func hit(_ row: Int) -> RowHit { RowHit(id: "\(row)", frame: Rect(x: 0, y: Double(row) * 64, width: 390, height: 64)) }

    private func touch(_ slot: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, _ time: Instant) -> TouchEvent {
        TouchEvent(slot: slot, phase: phase, point: Point(x: x, y: y), time: time)
    }

    private func metrics(
        _ actions: [SwipeAction], _ options: SwipeOptions = SwipeOptions(), width: Double = 390, height: Double = 64,
        measurer: SwipeActionMeasuring = FixedPitchMeasurer()
    ) -> SwipeButtonMetrics {
        SwipeButtonMetrics(actions: actions, options: options, rowWidth: width, rowHeight: height, measurer: measurer)
    }

    // MARK: Row group

    /// §1.12, §9.1: a programmatic show opens its row and closes the other open row (0.7 s).
    func testShowOnOneRowClosesTheOtherOpenRow() {
        var g = group()
        XCTAssertTrue(g.show(hit(1), side: .right, time: 0))
        _ = g.tick(time: 1)
        XCTAssertEqual(g.openRows, ["1"])
        XCTAssertTrue(g.show(hit(3), side: .left, time: 2))
        XCTAssertEqual(g.openRows, ["3"])
        XCTAssertEqual(g.snapshot(row: "1", at: 2).state, .closing)
        XCTAssertEqual(g.snapshot(row: "1", at: 2.7).offset, 0)
        _ = g.tick(time: 2.7)
        XCTAssertEqual(g.rows.keys.sorted(), ["3"])
        XCTAssertEqual(g.snapshot(row: "3", at: 2.7).offset, 74)
    }

    /// §1.12: hideAll closes every row except the excepted one, animated by default or at once.
    func testHideAllClosesEveryRowButTheExceptedOne() {
        var g = group()
        XCTAssertTrue(g.show(hit(1), side: .right, animated: false, time: 0))
        g.hideAll(except: "1", time: 1)
        XCTAssertEqual(g.openRows, ["1"])
        g.hideAll(time: 1)
        XCTAssertEqual(g.snapshot(row: "1", at: 1).state, .closing)
        XCTAssertEqual(g.snapshot(row: "1", at: 1.7).offset, 0)
        XCTAssertTrue(g.show(hit(2), side: .right, animated: false, time: 3))
        g.hideAll(animated: false, time: 4)
        XCTAssertEqual(g.openRows, [])
        XCTAssertEqual(g.snapshot(row: "2", at: 4).state, .idle)
        XCTAssertEqual(g.snapshot(row: "2", at: 4).offset, 0)
        _ = g.tick(time: 4)
        XCTAssertTrue(g.rows.isEmpty)
    }

    /// §2.4, §9.1 [MGU]: when the velocity is 0 at recognition the side comes from the sign of the
    /// translation. Here the finger rests 0.3 s, then moves 20 px right in one event: the 0.1 s
    /// velocity window holds one sample, so the tracker reports 0 px/s.
    func testZeroVelocityAtRecognitionTakesTheSideFromTheTranslation() {
        var g = group()
        _ = g.handle(touch(0, .began, 200, 96, 0), hit: hit(1))
        _ = g.handle(touch(0, .moved, 220, 96, 0.3), hit: hit(1))
        XCTAssertTrue(g.isTracking)
        XCTAssertEqual(g.snapshot(row: "1", at: 0.3).side, .left, "dx = +20: the leading side")
        _ = g.handle(touch(0, .moved, 270, 96, 0.31), hit: hit(1))
        XCTAssertEqual(g.snapshot(row: "1", at: 0.31).offset, 50)
    }

    /// §1.4.3: when the side chosen at recognition has no actions, the whole touch is ignored:
    /// reversing toward the side that has actions, or moving vertically, does nothing.
    func testASideWithoutActionsIgnoresTheWholeTouch() {
        var g = group(leading: [])
        var routes = g.handle(touch(0, .began, 200, 96, 0), hit: hit(1))
        routes += g.handle(touch(0, .moved, 215, 96, 0.01), hit: hit(1))
        routes += g.handle(touch(0, .moved, 100, 96, 0.05), hit: hit(1))
        routes += g.handle(touch(0, .moved, 100, 300, 0.1), hit: hit(1))
        routes += g.handle(touch(0, .ended, 100, 300, 0.12), hit: hit(1))
        XCTAssertEqual(routes, [])
        XCTAssertTrue(g.rows.isEmpty)
        XCTAssertFalse(g.isTracking)
    }

    /// §9.1 [MGU]: a list scroll begun by another finger cancels the dragged row and closes it;
    /// the first finger no longer drives any row and its lift performs nothing.
    func testAScrollByAnotherFingerCancelsTheDraggedRow() {
        var g = group()
        _ = g.handle(touch(0, .began, 300, 96, 0), hit: hit(1))
        _ = g.handle(touch(0, .moved, 290, 96, 0.01), hit: hit(1))
        _ = g.handle(touch(0, .moved, 190, 96, 0.05), hit: hit(1))
        XCTAssertEqual(g.snapshot(row: "1", at: 0.05).offset, -100)
        let routes = g.handle(touch(1, .began, 200, 400, 0.1), hit: hit(6))
            + g.handle(touch(1, .moved, 200, 380, 0.12), hit: hit(6))
        XCTAssertEqual(routes.first, .scrollBegan(slot: 1))
        XCTAssertFalse(g.isTracking)
        XCTAssertEqual(g.openRows, [])
        _ = g.handle(touch(0, .moved, 90, 96, 0.15), hit: hit(1))
        XCTAssertFalse(g.isTracking, "the first finger does not start a new drag")
        _ = g.handle(touch(0, .ended, 90, 96, 0.2), hit: hit(1))
        XCTAssertEqual(g.snapshot(row: "1", at: 0.9).offset, 0)
        _ = g.tick(time: 0.9)
        XCTAssertTrue(g.rows.isEmpty)
        XCTAssertEqual(g.takeEffects().map(\.effect), [])
    }

    // MARK: Options and button metrics

    /// §1.3: option defaults: border, no expansion, systemGray5 background, padding and spacing 8,
    /// no safe-area margin; action colours systemRed (destructive) and systemGray3.
    func testOptionDefaultsOfSection1_3() {
        let o = SwipeOptions()
        XCTAssertEqual(o.transitionStyle, .border)
        XCTAssertNil(o.expansionStyle)
        XCTAssertNil(o.expansionAnimation)
        XCTAssertEqual(o.backgroundColor, SwipeColor(rgb: 0xE5E5EA))
        XCTAssertNil(o.maximumButtonWidth)
        XCTAssertNil(o.minimumButtonWidth)
        XCTAssertEqual(o.buttonPadding, 8)
        XCTAssertEqual(o.buttonSpacing, 8)
        XCTAssertEqual(o.verticalAlignment, .centerFirstBaseline)
        XCTAssertEqual(o.safeAreaMargin, 0)
        XCTAssertEqual(SwipeAction(id: "more").resolvedBackground, SwipeColor(rgb: 0xC7C7CC))
        XCTAssertEqual(SwipeAction(id: "delete", style: .destructive).resolvedBackground, SwipeColor(rgb: 0xFF3B30))
    }

    /// §1.3, §1.8: the default padding is 8 on each side: an 88 px title makes a 104 px button
    /// with the title 8 px from its left edge.
    func testDefaultPaddingIsEightOnEachSide() {
        let m = metrics([SwipeAction(id: "archive", title: "Archive now", icon: "archive"), SwipeAction(id: "flag", title: "Flag", icon: "flag")])
        XCTAssertEqual(m.buttonWidth, 88 + 2 * 8)
        XCTAssertEqual(m.openWidth, 208)
        XCTAssertEqual(m.content[0].titleRect?.minX, 8)
        XCTAssertEqual(m.content[0].titleRect?.width, 88)
    }

    /// §1.3, §1.8: maximumButtonWidth 0 means no wrapping and no limit; the minimum min(0, 74) is 0,
    /// so the content alone sets the width.
    func testZeroMaximumButtonWidthIsUnlimited() {
        var o = SwipeOptions()
        o.maximumButtonWidth = 0
        let long = metrics([SwipeAction(id: "long", title: String(repeating: "x", count: 60))], o)
        XCTAssertEqual(long.buttonWidth, 480 + 16, "one unwrapped line, wider than the row")
        XCTAssertEqual(long.content[0].titleRect?.height, 18)
        let short = metrics([SwipeAction(id: "ok", title: "OK", icon: "check")], o)
        XCTAssertEqual(short.buttonWidth, 24 + 16)
    }

    /// §1.3, §1.8: the default minimum is min(maximum, 74): it falls to a maximum below 74,
    /// configured (60) or the default (W − 30)/n of a narrow row ((230 − 30)/3).
    func testMinimumFallsToAMaximumBelow74() {
        var o = SwipeOptions()
        o.maximumButtonWidth = 60
        let short = [SwipeAction(id: "a", title: "OK"), SwipeAction(id: "b", title: "No")]
        XCTAssertEqual(metrics(short, o).buttonWidth, 60, "the content needs only 32")
        XCTAssertEqual(metrics(short).buttonWidth, 74)
        let narrow = metrics(Fixture.trailing, width: 230)
        XCTAssertEqual(narrow.buttonWidth, 200.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(narrow.openWidth, 200, accuracy: 1e-12)
    }

    /// §1.8, §1.5: P = n·m + safeAreaMargin, and the margin is subtracted from the visible width:
    /// fully open the buttons are exactly 100 % visible and stop short of the screen edge.
    func testSafeAreaMarginWidensTheOpenWidthAndStaysEmpty() {
        var o = SwipeOptions()
        o.safeAreaMargin = 20
        let m = metrics(Fixture.trailing, o)
        XCTAssertEqual(m.buttonWidth, 74)
        XCTAssertEqual(m.openWidth, 242)
        let row = SwipeRowController(
            configuration: SwipeRowConfiguration(trailing: Fixture.trailing, trailingOptions: o), width: 390, height: 64)
        row.show(side: .right, animated: false, time: 0)
        let snap = row.snapshot(at: 0)
        XCTAssertEqual(snap.offset, -242)
        XCTAssertEqual(snap.buttons.map(\.percentVisible), [1, 1, 1], "w = 242 − 20 = 3·74")
        XCTAssertEqual(snap.buttons[0].strip.maxX, 370)
    }

    /// §1.8: the image row is as tall as the tallest image of the side (for buttons with an image),
    /// so titles align across buttons; the spacing 8 exists only with both an image and a title.
    func testTallestImageSetsTheImageRowAndSpacingNeedsBoth() {
        let actions = [
            SwipeAction(id: "big", title: "Big", icon: "big"),
            SwipeAction(id: "flag", title: "Flag", icon: "flag"),
            SwipeAction(id: "note", title: "Note"),
        ]
        let m = metrics(actions, height: 100, measurer: MixedIconMeasurer())
        XCTAssertEqual(m.buttonWidth, 74)
        // Blocks of 40 + 8 + 18 = 66 centred in 100: top 17.
        XCTAssertEqual(m.content[0].imageRect, Rect(x: 17, y: 17, width: 40, height: 40))
        XCTAssertEqual(m.content[1].imageRect, Rect(x: 25, y: 17 + 8, width: 24, height: 24), "centred in the 40 px row")
        XCTAssertEqual(m.content[0].titleRect?.minY, 17 + 40 + 8)
        XCTAssertEqual(m.content[1].titleRect?.minY, 17 + 40 + 8)
        // No image: no image row and no spacing; the 18 px title alone is centred.
        XCTAssertNil(m.content[2].imageRect)
        XCTAssertEqual(m.content[2].titleRect?.minY, 41)
        // Display modes: image only and title only drop the spacing too (row 64, icons 24).
        var imageOnly = SwipeOptions()
        imageOnly.displayMode = .imageOnly
        XCTAssertEqual(metrics(Fixture.trailing, imageOnly).content[0].imageRect?.minY, 20)
        XCTAssertNil(metrics(Fixture.trailing, imageOnly).content[0].titleRect)
        var titleOnly = SwipeOptions()
        titleOnly.displayMode = .titleOnly
        XCTAssertEqual(metrics(Fixture.trailing, titleOnly).content[0].titleRect?.minY, 23)
        XCTAssertNil(metrics(Fixture.trailing, titleOnly).content[0].imageRect)
    }
}
