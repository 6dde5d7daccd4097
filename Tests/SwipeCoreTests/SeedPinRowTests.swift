// Pins row-controller behaviours of docs/BEHAVIOUR.md "Rows" (§1.2–§1.12, §9.1) that were implemented but untested.
import XCTest
@testable import SwipeCore

final class SeedPinRowTests: XCTestCase {
    /// The (1, 100, 18) release spring from `u` to `target`, leaving with `velocity` px/s, `dt` seconds later.
    private func releaseSpring(from u: Double, to target: Double, velocity: Double, after dt: Double) -> Double {
        Spring.swipeRelease.value(from: u, to: target, initialVelocity: velocity, time: dt)
    }

    /// The fixture's trailing actions with SwipeCellKit's ScaleTransition on every button.
    private var scalingTrailing: [SwipeAction] {
        Fixture.trailing.map { action in
            var a = action
            a.transition = .default
            return a
        }
    }

    /// §1.4.3, §9.1: a finger grabbing a row that animates to centre stops the animation and keeps
    /// the current displacement as u0; the row keeps its side whatever the direction of the grab.
    func testGrabbingAClosingRowKeepsItWhereTheAnimationHadIt() {
        let row = Fixture.row()
        row.show(side: .right, animated: false, time: 0)
        row.hide(animated: true, time: 1)
        XCTAssertEqual(row.state, .closing)
        let u0 = -222 + 222 * Spring.criticallyDamped(over: 0.7).value(target: 1, time: 0.1)
        XCTAssertTrue(row.beginDrag(direction: 1, fingerX: 200, time: 1.1))
        XCTAssertEqual(row.state, .dragging)
        XCTAssertEqual(row.side, .right, "a rightward grab would pick the left side on a row at rest")
        XCTAssertEqual(row.offset(at: 1.1), u0, accuracy: 1e-9)
        XCTAssertEqual(row.offset(at: 1.8), u0, accuracy: 1e-9, "the close animation stopped")
        row.drag(translation: -20, fingerX: 180, time: 1.2)
        XCTAssertEqual(row.offset(at: 1.2), u0 - 20, accuracy: 1e-9, "dragging continues from u0 without a jump")
    }

    /// §9.1: a new drag on an open row is handled without rebuilding: it keeps its side and cannot
    /// flip to the other side in one gesture; past centre it resists at 20 % (regime A, §1.5).
    func testAnOpenRowKeepsItsSideAndCannotFlipInOneGesture() {
        let row = Fixture.row()
        row.show(side: .right, animated: false, time: 0)
        XCTAssertTrue(row.beginDrag(direction: 800, fingerX: 50, time: 1))
        row.drag(translation: 300, fingerX: 350, time: 1.1)
        XCTAssertEqual(row.side, .right)
        XCTAssertEqual(row.offset(at: 1.1), 0.2 * 78, accuracy: 1e-9, "r = −222 + 300 = 78 on the wrong side")
        let snap = row.snapshot(at: 1.1)
        XCTAssertEqual(snap.side, .right)
        XCTAssertEqual(snap.buttons.map(\.action.id), ["delete", "flag", "more"], "the leading 'read' never appears")
    }

    /// §1.5: on the wrong side the visible width is w = max(0, −s·u) = 0 (SwipeCellKit feeds |u|):
    /// no strip shows and no transition callback fires.
    func testTheWrongSideShowsNoStripsAndFiresNoTransitions() {
        let row = Fixture.row(trailing: scalingTrailing)
        XCTAssertTrue(row.beginDrag(direction: -1, fingerX: 200, time: 0))
        row.drag(translation: 50, fingerX: 250, time: 0.1)
        XCTAssertEqual(row.offset(at: 0.1), 10, accuracy: 1e-9)
        let snap = row.snapshot(at: 0.1)
        XCTAssertEqual(snap.buttons.map(\.strip.width), [0, 0, 0])
        XCTAssertEqual(snap.buttons.map(\.percentVisible), [0, 0, 0])
        XCTAssertEqual(snap.buttons.map(\.appearance.scaleX), [1, 1, 1], "a callback would have set the hidden scale 0.8")
    }

    /// §1.9: after each layout pass only the buttons whose visible width changed get a transition
    /// callback. Drag style, m = 74: w = 30 gives v = [30, 0, 0] innermost first, w = 100 gives [74, 26, 0].
    func testTransitionCallbacksReachOnlyButtonsWhoseVisibleWidthChanged() {
        let row = Fixture.row(transition: .drag, trailing: scalingTrailing)
        XCTAssertTrue(row.beginDrag(direction: -1, fingerX: 300, time: 0))
        row.drag(translation: -30, fingerX: 270, time: 0.1)
        // User order: delete (outermost), flag, more (innermost).
        XCTAssertEqual(row.snapshot(at: 0.1).buttons.map(\.appearance.scaleX), [1, 1, 0.8])
        row.drag(translation: -100, fingerX: 200, time: 0.2)
        // "more" crossed 50 % (0.8 → 1 over 0.15 s), "flag" appeared (0.8), "delete" was never called.
        XCTAssertEqual(row.snapshot(at: 0.4).buttons.map(\.appearance.scaleX), [1, 0.8, 1])
    }

    /// §1.5: the scrollRatio of each regime scales the release velocity handed to the spring:
    /// wrong side 0.4, expansion style 1.0 (even past P), no expansion 0.4 past P and 1.0 within it.
    func testScrollRatioOfEachRegimeScalesTheReleaseVelocity() {
        // (regime, style, finger start, translation, release velocity, state, spring start, target, ratio)
        let cases: [(String, SwipeExpansionStyle?, Double, Double, Double, SwipeRowState, Double, Double, Double)] = [
            ("wrong side", nil, 200, 50, 1000, .closing, 10, 0, 0.4),
            ("expansion style past P (230 lies between P = 222 and T = 242)", .selection, 380, -230, 100, .open, -230, -222, 1.0),
            ("no expansion past P", nil, 380, -300, 100, .open, -253.2, -222, 0.4),
            ("no expansion within P", nil, 380, -150, -300, .open, -150, -222, 1.0),
        ]
        for (regime, style, fingerX, translation, velocity, state, from, target, ratio) in cases {
            let row = Fixture.row(style)
            _ = row.beginDrag(direction: -1, fingerX: fingerX, time: 0)
            row.drag(translation: translation, fingerX: fingerX + translation, time: 0.1)
            XCTAssertFalse(row.isExpanded, regime)
            row.endDrag(velocityX: velocity, time: 0.1)
            XCTAssertEqual(row.state, state, regime)
            XCTAssertEqual(row.offset(at: 0.15), releaseSpring(from: from, to: target, velocity: ratio * velocity, after: 0.05),
                           accuracy: 1e-9, regime)
        }
    }

    /// §1.7.4: the release spring starts at the row velocity vx·scrollRatio (absolute px/s, so no
    /// division by the distance) and lands exactly on the open position.
    func testReleaseSpringLeavesAtTheFingerVelocityTimesScrollRatio() {
        let row = Fixture.row()
        _ = row.beginDrag(direction: -1, fingerX: 380, time: 0)
        row.drag(translation: -300, fingerX: 80, time: 0.1)
        row.endDrag(velocityX: 500, time: 0.1)
        XCTAssertEqual(row.state, .open, "−253.2 + 0.4995·200 still projects past P/2")
        let h = 1e-5
        let speed = (row.offset(at: Instant(seconds: 0.1 + h)) - row.offset(at: 0.1)) / h
        XCTAssertEqual(speed, 0.4 * 500, accuracy: 0.1, "leaves at 40 % of the finger speed")
        row.tick(time: 2)
        XCTAssertEqual(row.offset(at: 2), -222)
        XCTAssertTrue(row.isAtRest(at: 2))
    }

    /// §1.7.2: released from the wrong side with zero velocity the row closes. SwipeCellKit opens
    /// it (vx == 0 means open); projection closes it by construction.
    func testZeroVelocityReleaseFromTheWrongSideCloses() {
        let row = Fixture.row()
        _ = row.beginDrag(direction: -1, fingerX: 200, time: 0)
        row.drag(translation: 50, fingerX: 250, time: 0.1)
        row.endDrag(velocityX: 0, time: 0.1)
        XCTAssertEqual(row.state, .closing)
        XCTAssertEqual(row.offset(at: 0.8), 0)
        row.tick(time: 0.8)
        XCTAssertEqual(row.state, .idle)
        XCTAssertNil(row.side)
        XCTAssertEqual(row.takeEffects(), [])
    }

    /// §1.2: an open row dragged back and released in the closing direction returns to centre
    /// and drops its actions.
    func testDraggingAnOpenRowBackAndReleasingClosesIt() {
        let row = Fixture.row()
        row.show(side: .right, animated: false, time: 0)
        XCTAssertTrue(row.beginDrag(direction: 300, fingerX: 100, time: 1))
        row.drag(translation: 150, fingerX: 250, time: 1.1)
        XCTAssertEqual(row.state, .dragging)
        XCTAssertEqual(row.offset(at: 1.1), -72)
        row.endDrag(velocityX: 200, time: 1.1)
        XCTAssertEqual(row.state, .closing, "−72 + 0.4995·200 = 27.9 is short of P/2")
        row.tick(time: 3)
        XCTAssertEqual(row.state, .idle)
        XCTAssertEqual(row.offset(at: 3), 0)
        XCTAssertNil(row.side)
    }

    /// §1.7.2 (kiosk, 2.4.2-style fix): a cancelled drag settles by position alone, open when at
    /// least half open (−s·u ≥ P/2), closed below; it performs nothing, and an expanded row closes.
    func testCancelSettlesOpenFromHalfOpenAndClosedBelowIt() {
        let half = Fixture.row()
        let t = half.dragBy(-111)
        half.cancelDrag(time: t)
        XCTAssertEqual(half.state, .open, "111 = P/2")
        XCTAssertEqual(half.offset(at: t + .milliseconds(700)), -222)
        XCTAssertEqual(half.takeEffects(), [])

        let less = Fixture.row()
        let t2 = less.dragBy(-110)
        less.cancelDrag(time: t2)
        XCTAssertEqual(less.state, .closing)
        XCTAssertEqual(less.offset(at: t2 + .milliseconds(700)), 0)

        let expanded = Fixture.row(.destructive)
        let t3 = expanded.dragBy(-380, startX: 385)
        XCTAssertTrue(expanded.isExpanded)
        _ = expanded.takeEffects()
        expanded.cancelDrag(time: t3)
        XCTAssertEqual(expanded.state, .closing, "364 ≥ P/2, but an expanded row closes")
        XCTAssertFalse(expanded.isExpanded)
        XCTAssertEqual(expanded.takeEffects(), [], "no action and no exit haptic")
    }

    /// §1.7.1, §1.7.4: a release exactly where the row settles starts no animation, whatever the
    /// velocity (SwipeCellKit divides the velocity by that distance 0); a centred row just resets.
    func testReleaseAtTheTargetStartsNoAnimation() {
        let centred = Fixture.row()
        XCTAssertTrue(centred.beginDrag(direction: -1, fingerX: 200, time: 0))
        centred.endDrag(velocityX: 0, time: 0.1)
        XCTAssertEqual(centred.state, .idle)
        XCTAssertNil(centred.side)
        XCTAssertTrue(centred.isAtRest(at: 0.1))

        let open = Fixture.row()
        open.show(side: .right, animated: false, time: 0)
        XCTAssertTrue(open.beginDrag(direction: -1, fingerX: 200, time: 1))
        open.endDrag(velocityX: -100, time: 1)
        XCTAssertEqual(open.state, .open)
        for time: Instant in [1, 1.05, 1.5] {
            XCTAssertEqual(open.offset(at: time), -222, "at \(time)")
        }
        XCTAssertTrue(open.isAtRest(at: 1))
    }

    /// §1.12: hide(animated: false) jumps to centre and drops the actions; setOffset(0) hides,
    /// animated over 0.7 s or at once.
    func testNonAnimatedHideAndSetOffsetZero() {
        let row = Fixture.row()
        row.show(side: .right, animated: false, time: 0)
        row.hide(animated: false, time: 1)
        XCTAssertEqual(row.state, .idle)
        XCTAssertEqual(row.offset(at: 1), 0)
        XCTAssertNil(row.side)
        XCTAssertTrue(row.isAtRest(at: 1))

        let zero = Fixture.row()
        zero.show(side: .left, animated: false, time: 0)
        XCTAssertEqual(zero.offset(at: 0), 74)
        XCTAssertTrue(zero.setOffset(0, animated: true, time: 1))
        XCTAssertEqual(zero.state, .closing)
        XCTAssertEqual(zero.offset(at: 1.35), 74 - 74 * Spring.criticallyDamped(over: 0.7).value(target: 1, time: 0.35), accuracy: 1e-9)
        XCTAssertEqual(zero.offset(at: 1.7), 0)
        zero.tick(time: 1.7)
        XCTAssertEqual(zero.state, .idle)

        let jump = Fixture.row()
        jump.show(side: .right, animated: false, time: 0)
        XCTAssertTrue(jump.setOffset(0, animated: false, time: 1))
        XCTAssertEqual(jump.state, .idle)
        XCTAssertEqual(jump.offset(at: 1), 0)
    }

    /// §1.12, §2.4: hide acts only on an open or dragged row. On a dragged row it cancels the drag
    /// (MGU): no action, no haptic, and the finger no longer drives the row; on a centred or
    /// closing row it does nothing.
    func testHideCancelsADragAndIgnoresCentredOrClosingRows() {
        let dragged = Fixture.row(.destructive)
        let t = dragged.dragBy(-380, startX: 385)
        XCTAssertTrue(dragged.isExpanded)
        _ = dragged.takeEffects()
        dragged.hide(animated: true, time: t)
        XCTAssertFalse(dragged.isTracking)
        XCTAssertFalse(dragged.isExpanded)
        dragged.drag(translation: -390, fingerX: 0, time: t + .milliseconds(100))
        dragged.endDrag(velocityX: -2000, time: t + .milliseconds(200))
        XCTAssertEqual(dragged.takeEffects(), [], "the finger no longer drives the row")
        XCTAssertEqual(dragged.offset(at: t + .milliseconds(700)), 0)

        let centred = Fixture.row()
        centred.hide(animated: true, time: 0)
        XCTAssertEqual(centred.state, .idle)
        XCTAssertNil(centred.nextDeadline(after: 0))

        let closing = Fixture.row()
        closing.show(side: .right, animated: false, time: 0)
        closing.hide(animated: true, time: 1)
        let mid = closing.offset(at: 1.35)
        closing.hide(animated: false, time: 1.35)
        closing.hide(animated: true, time: 1.35)
        XCTAssertEqual(closing.offset(at: 1.35), mid, "no jump")
        XCTAssertEqual(closing.offset(at: 1.7), 0, "the first 0.7 s animation was not restarted")
    }

    /// §1.12, §2.4, §9.1 (MGU): hiding a row while it is dragged cancels the drag and closes it over
    /// 0.7 s from where the finger had it; before, it snapped shut (or jumped back open first).
    func testHideDuringADragClosesFromWhereTheFingerHadTheRow() {
        let row = Fixture.row()
        row.beginDrag(direction: -1, fingerX: 300, time: 0)
        row.drag(translation: -100, fingerX: 200, time: 0.1)
        XCTAssertEqual(row.offset(at: 0.1), -100)
        row.hide(animated: true, time: 0.1)
        XCTAssertFalse(row.isTracking)
        XCTAssertEqual(row.offset(at: 0.1), -100, "no jump")
        XCTAssertLessThan(row.offset(at: 0.3), -1, "still closing")
        XCTAssertEqual(row.offset(at: 0.8), 0, "closed after 0.7 s")

        let open = Fixture.row()
        open.show(side: .right, animated: false, time: 0)
        open.beginDrag(direction: 1, fingerX: 100, time: 1)
        open.drag(translation: 100, fingerX: 200, time: 1.1)
        let held = open.offset(at: 1.1)
        open.hide(animated: true, time: 1.1)
        XCTAssertEqual(open.offset(at: 1.1), held, "an open row dragged part-way closes from there")
        XCTAssertEqual(open.offset(at: 1.8), 0)
    }
}
