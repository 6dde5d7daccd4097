// Pins release, expansion, fill/delete and per-button animations at explicit timestamps
// (docs/BEHAVIOUR.md "Rows" §1.6, §1.7, §1.10, §1.11, §1.12, §11.2).
import XCTest
@testable import SwipeCore

final class RowSwipeBehaviourTests: XCTestCase {
    // §11.2: release by projection. SwipeCellKit would open a 5 px drag released with any opening velocity.
    func testReleaseIsDecidedByVelocityProjectionNotItsSign() {
        let small = Fixture.row()
        let t = small.dragBy(-5)
        small.endDrag(velocityX: -20, time: t)
        XCTAssertEqual(small.state, .closing, "-5 + 0.4995·(−20) = −15 < P/2: closes")
        let slow = Fixture.row()
        let t2 = slow.dragBy(-100)
        slow.endDrag(velocityX: 0, time: t2)
        XCTAssertEqual(slow.state, .closing, "100 < 111")
        let flick = Fixture.row()
        let t3 = flick.dragBy(-100)
        flick.endDrag(velocityX: -500, time: t3)
        XCTAssertEqual(flick.state, .open, "−100 − 250 projects past P/2")
        // The release spring (1, 100, 18) takes over with the row velocity and lands exactly on −P.
        let end = t3 + .seconds(2)
        flick.tick(time: end)
        XCTAssertEqual(flick.offset(at: end), -222)
        XCTAssertTrue(flick.isAtRest(at: end + .seconds(1)))
        // A long drag released moving back toward closed (SwipeCellKit: closes) stays open by projection.
        let back = Fixture.row()
        let t4 = back.dragBy(-200)
        back.endDrag(velocityX: 60, time: t4)
        XCTAssertEqual(back.state, .open)
    }

    func testZeroVelocityReleaseUsesTheCriticallyDampedSevenTenths() {
        let row = Fixture.row()
        let t = row.dragBy(-150)
        row.endDrag(velocityX: 0, time: t)
        XCTAssertEqual(row.offset(at: t + .milliseconds(350)), -150 + (-72) * Spring.criticallyDamped(over: 0.7).value(target: 1, time: 0.35), accuracy: 1e-9)
        XCTAssertEqual(row.offset(at: t + .milliseconds(700)), -222)
        row.tick(time: t + .milliseconds(700))
        XCTAssertTrue(row.isOpen)
    }

    // §1.6: haptic on entering and on leaving expansion, every flip.
    func testExpansionFlipsEmitHapticsEveryTime() {
        let row = Fixture.row(.destructive)
        var t = row.dragBy(-380, startX: 385)
        XCTAssertTrue(row.isExpanded)
        row.drag(translation: -100, fingerX: 285, time: t + .milliseconds(10))
        XCTAssertFalse(row.isExpanded)
        row.drag(translation: -380, fingerX: 5, time: t + .milliseconds(20))
        t += .milliseconds(20)
        XCTAssertEqual(row.state, .expanded)
        XCTAssertEqual(row.takeEffects(), [.haptic(.expansionEnter), .haptic(.expansionExit), .haptic(.expansionEnter)])
    }

    // §1.6 snap-to-target: a trigger expands early and the row animates to T over 0.7 s.
    func testTouchThresholdSnapsTheRowToTheTarget() {
        let row = Fixture.row(.destructive)
        _ = row.beginDrag(direction: -1, fingerX: 320, time: 0)
        row.drag(translation: -250, fingerX: 70, time: 0.1)
        XCTAssertTrue(row.isExpanded)
        XCTAssertEqual(row.offset(at: 0.1), -250, accuracy: 1e-9, "starts where the finger had it")
        XCTAssertEqual(row.offset(at: 0.8), -360, accuracy: 1e-9, "reaches T after 0.7 s")
        // Further travel continues from T without a jump.
        row.drag(translation: -260, fingerX: 60, time: 0.9)
        XCTAssertEqual(row.offset(at: 0.9), -362, accuracy: 1e-9, "beyond T at 20 %")
    }

    // §1.11: destructive = fill 0.3 s to −(W + m), handler with the slide, delete, 0.3 s collapse.
    func testDestructiveFillDeletesWithTheHandlerAtTheStart() {
        let row = Fixture.row(.destructive)
        let t = row.dragBy(-380, startX: 385)
        _ = row.takeEffects()
        row.endDrag(velocityX: -800, time: t)
        XCTAssertEqual(row.takeEffects(), [.invokeAction(id: "delete", side: .right), .haptic(.action), .delete(actionID: "delete", side: .right)])
        XCTAssertEqual(row.state, .removing)
        XCTAssertEqual(row.offset(at: t + .milliseconds(300)), -(390 + 74))
        XCTAssertEqual(row.snapshot(at: t + .milliseconds(150)).heightFraction, 0.5, accuracy: 1e-6)
        row.tick(time: t + .milliseconds(310))
        XCTAssertEqual(row.state, .removed)
        XCTAssertEqual(row.takeEffects(), [.removed])
    }

    func testDestructiveAfterFillCallsTheHandlerWhenTheSlideEnds() {
        let row = Fixture.row(.destructiveAfterFill)
        let t = row.dragBy(-380, startX: 385)
        _ = row.takeEffects()
        row.endDrag(velocityX: 0, time: t)
        XCTAssertEqual(row.takeEffects(), [])
        XCTAssertEqual(row.state, .filling)
        row.tick(time: t + .milliseconds(200))
        XCTAssertEqual(row.takeEffects(), [])
        row.tick(time: t + .milliseconds(300))
        XCTAssertEqual(row.takeEffects(), [.invokeAction(id: "delete", side: .right), .haptic(.action), .delete(actionID: "delete", side: .right)])
        XCTAssertEqual(row.snapshot(at: t + .milliseconds(450)).actionsAlpha, 0.5, accuracy: 1e-6, "actions fade with the collapse")
    }

    // .fill is manual: the app fulfils; later calls are ignored. reset returns to centre.
    func testManualFillWaitsForFulfilment() {
        let row = Fixture.row(.fill)
        let t = row.dragBy(-380, startX: 385)
        _ = row.takeEffects()
        row.endDrag(velocityX: 0, time: t)
        row.tick(time: t + .milliseconds(300))
        XCTAssertEqual(row.takeEffects(), [.invokeAction(id: "delete", side: .right), .haptic(.action)])
        XCTAssertEqual(row.state, .filling)
        row.fulfill(.reset, time: t + .seconds(1))
        XCTAssertEqual(row.state, .closing)
        row.fulfill(.delete, time: t + .milliseconds(1100))
        XCTAssertEqual(row.takeEffects(), [], "a second fulfilment is ignored")
        row.tick(time: t + .milliseconds(1750))
        XCTAssertEqual(row.state, .idle)
    }

    // .selection and MGU's fillReverse bounce back to centre and run the handler.
    func testBounceAndFillReverseReturnToCentre() {
        for style in [SwipeExpansionStyle.selection, .fillReverse] {
            let row = Fixture.row(style, trailing: [Fixture.trailing[0]])
            let t = row.dragBy(-380, startX: 385)
            _ = row.takeEffects()
            row.endDrag(velocityX: 0, time: t)
            XCTAssertEqual(row.takeEffects(), [.invokeAction(id: "delete", side: .right), .haptic(.action)])
            XCTAssertEqual(row.state, .closing)
            row.tick(time: t + .milliseconds(700))
            XCTAssertEqual(row.state, .idle)
            XCTAssertEqual(row.offset(at: t + .milliseconds(700)), 0)
        }
    }

    // §1.11: tapping a button runs its handler; the expandable button with a style performs the expansion.
    func testTappingButtons() {
        let row = Fixture.row()
        row.show(side: .right, animated: false, time: 0)
        row.tapButton(id: "flag", time: 1)
        XCTAssertEqual(row.takeEffects(), [.invokeAction(id: "flag", side: .right), .haptic(.action)])
        XCTAssertTrue(row.isOpen, "hidesWhenSelected defaults to false")
        let fill = Fixture.row(.destructive)
        fill.show(side: .right, animated: false, time: 0)
        fill.tapButton(id: "delete", time: 1)
        XCTAssertEqual(fill.takeEffects(), [.invokeAction(id: "delete", side: .right), .haptic(.action), .delete(actionID: "delete", side: .right)])
    }

    // §1.12: show/hide/setOffset with 0.7 s critically damped animations.
    func testProgrammaticShowHideAndSetOffset() {
        let row = Fixture.row()
        XCTAssertTrue(row.setOffset(-100, animated: true, time: 0))
        XCTAssertEqual(row.offset(at: 0.7), -100)
        XCTAssertTrue(row.setOffset(-1000, animated: false, time: 1))
        XCTAssertEqual(row.offset(at: 1), -390, "clamped to W")
        row.hide(animated: true, time: 2)
        XCTAssertEqual(row.state, .closing)
        row.tick(time: 2.7)
        XCTAssertEqual(row.state, .idle)
        XCTAssertNil(row.side, "the actions view is dropped at centre")
        let none = Fixture.row(leading: [])
        XCTAssertFalse(none.show(side: .left, animated: true, time: 0))
    }

    // §1.10: ScaleTransition: 0.8 when hidden, 0.8 → 1 over 0.15 s after crossing 50 %.
    func testDefaultButtonAnimationScalesAtHalfVisibility() {
        var state = ButtonTransitionState(kind: .default)
        state.update(from: 0, to: 0.2, time: 0)
        XCTAssertEqual(state.appearance(at: 0).scaleX, 0.8)
        state.update(from: 0.2, to: 0.6, time: 1)
        XCTAssertEqual(state.appearance(at: 1.075).scaleX, 0.9, accuracy: 1e-6, "50 % of the ease-in-out")
        XCTAssertEqual(state.appearance(at: 1.15).scaleX, 1)
        state.update(from: 0.6, to: 0.4, time: 2)
        XCTAssertEqual(state.appearance(at: 2.15).scaleX, 0.8)
    }

    // §2.7: Spring, Rotate and Favorite key frames, armed once until nearly hidden again.
    func testKeyframedButtonAnimations() {
        var spring = ButtonTransitionState(kind: .spring)
        spring.update(from: 0, to: 0.1, time: 0)
        spring.update(from: 0.1, to: 0.5, time: 1)
        XCTAssertEqual(spring.appearance(at: 1.15).scaleX, 1.2, accuracy: 1e-9)
        XCTAssertEqual(spring.appearance(at: 1.15).scaleY, 0.5, accuracy: 1e-9)
        XCTAssertEqual(spring.appearance(at: 1.27).scaleY, 1.25, accuracy: 1e-9)
        spring.update(from: 0.5, to: 0.4, time: 2)
        spring.update(from: 0.4, to: 0.6, time: 3)
        XCTAssertEqual(spring.appearance(at: 3.15).scaleX, 1, "not re-armed above 3 %")
        var rotate = ButtonTransitionState(kind: .rotate)
        rotate.update(from: 0, to: 0.6, time: 0)
        XCTAssertEqual(rotate.appearance(at: 0.075).rotationY, 45, accuracy: 1e-9)
        XCTAssertEqual(rotate.appearance(at: 0.135).rotationY, -15, accuracy: 1e-9)
        var favorite = ButtonTransitionState(kind: .favorite)
        favorite.update(from: 0, to: 0.2, time: 0)
        XCTAssertFalse(favorite.appearance(at: 0).selected)
        favorite.update(from: 0.2, to: 0.7, time: 1)
        XCTAssertTrue(favorite.appearance(at: 1.2).selected)
        XCTAssertEqual(favorite.appearance(at: 1.3).scaleX, 1.2, accuracy: 1e-9)
        favorite.update(from: 0.7, to: 0.01, time: 3)
        XCTAssertFalse(favorite.appearance(at: 3).selected, "re-armed below 3 %: unselected")
    }

    // §1.10: ScaleAndAlphaExpansion staggers the other buttons by 0.1 s, 0.15 s each.
    func testScaleAndAlphaExpansionStaggers() {
        let e = ScaleAndAlphaExpansion.default
        let a = e.animations(expanding: true, current: [0, 0, 0], time: 0)
        XCTAssertEqual(a[1].delay, .zero)
        XCTAssertEqual(a[0].delay, .milliseconds(100))
        XCTAssertEqual(a[2].duration, .zero, "the outermost does not fade")
        XCTAssertEqual(e.look(progress: a[1].value(at: 0.15)).alpha, 0)
        XCTAssertEqual(e.look(progress: 1).scale, 0.8, accuracy: 1e-12)
        let back = e.animations(expanding: false, current: [1, 1, 0], time: 0)
        XCTAssertEqual(back[0].delay, .milliseconds(100))
        XCTAssertEqual(back[1].delay, .milliseconds(200))
    }
}
