// The explore-mode gestures and the start gesture at explicit timestamps (issue 25): a held
// finger explores (and never flicks or taps), a lone tap explores after the double-tap interval,
// two quick taps activate, quick flicks move or step, a second finger spoils the gesture; one
// finger held still for 3 s starts speech, a long press, a scroll or a second finger does not.
import SwipeCore
import XCTest
@testable import KioskApp

final class ExploreRecognizerTests: XCTestCase {
    func event(_ phase: TouchPhase, _ x: Double, _ y: Double, at time: Instant, slot: Int = 0) -> TouchEvent {
        TouchEvent(slot: slot, phase: phase, point: Point(x: x, y: y), time: time)
    }

    func testAHeldFingerExploresWhereItIsAndAsItSlidesAndItsLiftDoesNothing() {
        var r = ExploreRecognizer(flickDistance: 40)
        XCTAssertEqual(r.handle(event(.began, 100, 200, at: 1)), [])
        XCTAssertEqual(r.nextDeadline(), 1.25)
        XCTAssertEqual(r.tick(time: 1.2), [], "not yet: it may still be a tap or a flick")
        XCTAssertEqual(r.tick(time: 1.25), [.explore(Point(x: 100, y: 200), fresh: true)])
        XCTAssertNil(r.nextDeadline())
        XCTAssertEqual(r.handle(event(.moved, 100, 300, at: 1.4)), [.explore(Point(x: 100, y: 300), fresh: false)])
        XCTAssertEqual(r.handle(event(.ended, 400, 300, at: 1.5)), [], "a long slide is no flick")
        XCTAssertEqual(r.tick(time: 3), [])
    }

    func testALoneTapExploresAfterTheIntervalAndTwoTapsActivate() {
        var r = ExploreRecognizer(flickDistance: 40)
        _ = r.handle(event(.began, 10, 20, at: 0))
        XCTAssertEqual(r.handle(event(.ended, 12, 20, at: 0.06)), [])
        XCTAssertEqual(r.nextDeadline(), 0.46)
        XCTAssertEqual(r.tick(time: 0.46), [.explore(Point(x: 12, y: 20), fresh: true)])

        _ = r.handle(event(.began, 500, 500, at: 1))
        XCTAssertEqual(r.handle(event(.ended, 500, 500, at: 1.06)), [])
        _ = r.handle(event(.began, 900, 100, at: 1.2))
        XCTAssertEqual(r.handle(event(.ended, 900, 100, at: 1.26)), [.activate], "anywhere: the second tap need not be near the first")
        XCTAssertNil(r.nextDeadline(), "the double tap consumed the first tap: it explores nothing")
        XCTAssertEqual(r.tick(time: 2), [])
    }

    func testTapsFurtherApartThanTheIntervalAreTwoSingleTaps() {
        var r = ExploreRecognizer(flickDistance: 40)
        _ = r.handle(event(.began, 10, 20, at: 0))
        _ = r.handle(event(.ended, 10, 20, at: 0.05))
        // No tick in between: the next touch's events deliver the expired tap first.
        XCTAssertEqual(r.handle(event(.began, 10, 20, at: 0.5)), [.explore(Point(x: 10, y: 20), fresh: true)])
        XCTAssertEqual(r.handle(event(.ended, 10, 20, at: 0.55)), [])
    }

    func testQuickFlicksInFourDirections() {
        var r = ExploreRecognizer(flickDistance: 40)
        func flick(_ dx: Double, _ dy: Double, at t: Instant) -> [ExploreGesture] {
            _ = r.handle(event(.began, 600, 400, at: t))
            _ = r.handle(event(.moved, 600 + dx / 2, 400 + dy / 2, at: t + .milliseconds(50)))
            return r.handle(event(.ended, 600 + dx, 400 + dy, at: t + .milliseconds(100)))
        }
        XCTAssertEqual(flick(200, 30, at: 0), [.flick(.next)])
        XCTAssertEqual(flick(-200, -30, at: 1), [.flick(.previous)])
        XCTAssertEqual(flick(20, 150, at: 2), [.flick(.down)])
        XCTAssertEqual(flick(-20, -150, at: 3), [.flick(.up)])
        XCTAssertEqual(flick(39, 0, at: 4), [], "under the flick distance: a tap")
        XCTAssertEqual(r.tick(time: 4.5), [.explore(Point(x: 639, y: 400), fresh: true)])
    }

    func testASecondFingerSpoilsTheGestureAndIsIgnored() {
        var r = ExploreRecognizer(flickDistance: 40)
        _ = r.handle(event(.began, 600, 400, at: 0))
        XCTAssertEqual(r.handle(event(.began, 700, 400, at: 0.02, slot: 1)), [])
        XCTAssertEqual(r.handle(event(.moved, 800, 400, at: 0.05, slot: 1)), [])
        XCTAssertNil(r.nextDeadline(), "a spoiled touch does not explore")
        XCTAssertEqual(r.handle(event(.ended, 800, 400, at: 0.1)), [], "no flick")
        XCTAssertEqual(r.handle(event(.ended, 800, 400, at: 0.1, slot: 1)), [])
        XCTAssertEqual(r.tick(time: 1), [])
    }

    func testACancelledTouchAsksForNothing() {
        var r = ExploreRecognizer(flickDistance: 40)
        _ = r.handle(event(.began, 600, 400, at: 0))
        XCTAssertEqual(r.handle(event(.cancelled, 600, 400, at: 0.05)), [])
        XCTAssertNil(r.nextDeadline())
    }

    func testTheStartHoldFiresOnceAfterThreeStillSeconds() {
        var h = SpeechStartHold(slop: 16)
        h.handle(event(.began, 600, 400, at: 10))
        XCTAssertEqual(h.nextDeadline, 13)
        h.handle(event(.moved, 610, 392, at: 11))
        XCTAssertNil(h.tick(time: 12.99))
        let held = h.tick(time: 13)
        XCTAssertEqual(held?.slot, 0)
        XCTAssertEqual(held?.point, Point(x: 600, y: 400), "where it came down")
        XCTAssertNil(h.tick(time: 14), "once")
        XCTAssertNil(h.nextDeadline)
    }

    func testALongPressAScrollOrTwoFingersAreNoStartHold() {
        var h = SpeechStartHold(slop: 16)
        h.handle(event(.began, 600, 400, at: 0))
        h.handle(event(.ended, 600, 400, at: 1))
        XCTAssertNil(h.tick(time: 5), "a long press lifted after 1 s")

        h.handle(event(.began, 600, 400, at: 10))
        h.handle(event(.moved, 600, 417, at: 10.5))
        XCTAssertNil(h.tick(time: 14), "a scroll moved past the slop")

        h.handle(event(.ended, 600, 417, at: 15))
        h.handle(event(.began, 600, 400, at: 20))
        h.handle(event(.began, 700, 400, at: 20.1, slot: 1))
        XCTAssertNil(h.tick(time: 24), "two fingers")
        h.handle(event(.ended, 700, 400, at: 25, slot: 1))
        XCTAssertNil(h.tick(time: 29), "the finger left after the other lifted does not start a hold")
    }
}
