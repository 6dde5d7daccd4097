// Pins sheet dismissal (docs/BEHAVIOUR.md "Sheets" §4, §9.3), interactive transitions (§3, §9.4) and
// the navigation transition layers at explicit timestamps.
import XCTest
@testable import SwipeCore

final class SheetAndTransitionTests: XCTestCase {
    func presented(_ config: SwipeDownConfiguration = SwipeDownConfiguration()) -> SheetDismissController {
        let sheet = Fixture.presentedSheet(config)
        XCTAssertEqual(sheet.phase, .presented)
        return sheet
    }

    // §4: dismiss when ty > H·0.30 or vy > 1300; otherwise cancelled; statuses initiated/completed.
    func testSheetThresholdsOfSection4() {
        var far = presented()
        far.beginDrag(time: 1)
        far.drag(by: 241, time: 1.1)
        far.endDrag(velocityY: 0, time: 1.1)
        XCTAssertEqual(far.phase, .dismissing)
        XCTAssertEqual(far.takeStatuses(), [.initiated])
        far.tick(time: 1.3)
        XCTAssertEqual(far.phase, .dismissed)
        XCTAssertEqual(far.takeStatuses(), [.completed])

        var near = presented()
        near.beginDrag(time: 1)
        near.drag(by: 239, time: 1.1)
        near.endDrag(velocityY: 1300, time: 1.1)
        XCTAssertEqual(near.phase, .restoring, "1300 is not above the minimum")
        XCTAssertEqual(near.takeStatuses(), [.cancelled])

        var flick = presented()
        flick.beginDrag(time: 1)
        flick.drag(by: -50, time: 1.05)
        flick.endDrag(velocityY: 1301, time: 1.05)
        XCTAssertEqual(flick.phase, .dismissing, "velocity is OR-ed, even after an upward drag")
    }

    func testStickyFadeAndClamp() {
        var config = SwipeDownConfiguration()
        config.isSticky = true
        config.minimumScreenFraction = 0.95
        XCTAssertEqual(config.minimumScreenFraction, 0.9)
        config.minimumScreenFraction = 0.3
        var sheet = presented(config)
        sheet.beginDrag(time: 1)
        sheet.drag(by: 200, time: 1.1)
        XCTAssertEqual(sheet.offset(at: 1.1), 100, "sticky: half the finger travel")
        XCTAssertEqual(sheet.alpha(at: 1.1), 0.875, accuracy: 1e-12, "(H − y)/H")
        // The distance test uses the raw translation (240 > 240? no; 250 > 240 yes).
        sheet.drag(by: 50, time: 1.2)
        sheet.endDrag(velocityY: 0, time: 1.2)
        XCTAssertEqual(sheet.phase, .dismissing)
        XCTAssertEqual(sheet.offset(at: 1.4), 800, "animationDuration 0.2 s")
    }

    func testUpwardDragRubberBandsAndReleaseVelocityIsHandedOver() {
        var sheet = presented()
        sheet.beginDrag(time: 1)
        sheet.drag(by: -100, time: 1.1)
        XCTAssertEqual(sheet.offset(at: 1.1), RubberBand(dimension: 800).displacement(for: -100), accuracy: 1e-9)
        XCTAssertLessThan(sheet.offset(at: 1.1), 0)
        sheet.drag(by: 400, time: 1.2)
        sheet.endDrag(velocityY: 3000, time: 1.2)
        // With the hand-off, the sheet leaves at the finger's speed instead of from rest.
        XCTAssertGreaterThan(sheet.offset(at: 1.21), 300 + 3000 * 0.01 * 0.8)
    }

    func testNestedScrollHandsTheDragToTheSheetAtTheTop() {
        let arbiter = NestedScrollArbiter()
        XCTAssertTrue(arbiter.split(delta: 30, listOffset: 100, sheetOffset: 0) == (0, -30), "list scrolls back first")
        XCTAssertTrue(arbiter.split(delta: 30, listOffset: 10, sheetOffset: 0) == (20, -10), "the rest pulls the sheet")
        XCTAssertTrue(arbiter.split(delta: -30, listOffset: 0, sheetOffset: 20) == (-20, 10), "sheet goes up first, then the list")
    }

    // §3: finish when p > 0.5; fast short flicks finish by projection; cancel on touch cancel.
    func testInteractiveTransitionFinishesByDistanceOrProjection() {
        var slow = InteractiveTransition.interactive(extent: 1000)
        slow.update(translation: 400)
        XCTAssertEqual(slow.progress(at: 0), 0.4)
        slow.end(velocity: 0, time: 0)
        XCTAssertEqual(slow.phase, .cancelling)
        XCTAssertFalse(slow.tick(time: 1))
        XCTAssertEqual(slow.progress(at: 1), 0)

        var flick = InteractiveTransition.interactive(extent: 1000)
        flick.update(translation: 150)
        flick.end(velocity: 800, time: 0)
        XCTAssertEqual(flick.phase, .finishing, "0.15 + 0.4995·800/1000 > 0.5")
        XCTAssertTrue(flick.tick(time: 1), "commits once")
        XCTAssertFalse(flick.tick(time: 2))
        XCTAssertEqual(flick.progress(at: 2), 1)

        var past = InteractiveTransition.interactive(extent: 1000)
        past.update(translation: 501)
        past.end(velocity: -100, time: 0)
        XCTAssertEqual(past.phase, .finishing)

        var cancelled = InteractiveTransition.interactive(extent: 1000)
        cancelled.update(translation: 900)
        cancelled.cancel(time: 0)
        XCTAssertEqual(cancelled.phase, .cancelling)

        let auto = InteractiveTransition.animated(start: 0)
        XCTAssertEqual(auto.progress(at: 0.15), 0.5, accuracy: 1e-6)
    }

    func testNavigationTransitionLayers() {
        let size = Size(width: 1000, height: 800)
        let push = NavigationTransitionStyle.push.layers(progress: 0.5, size: size)
        XCTAssertEqual(push.upper.translation.x, 500)
        XCTAssertEqual(push.lower.translation.x, -150, "the lower page moves 30 %")
        XCTAssertEqual(push.lower.dim, 0.075, accuracy: 1e-12)
        XCTAssertEqual(NavigationTransitionStyle.push.layers(progress: 0.5, size: size, mirrored: true).upper.translation.x, -500)
        XCTAssertEqual(NavigationTransitionStyle.fade.layers(progress: 0.25, size: size).upper.alpha, 0.25)
        XCTAssertEqual(NavigationTransitionStyle.pull.layers(progress: 0.25, size: size).upper.translation.y, 600)
        XCTAssertEqual(NavigationTransitionStyle.zoom.layers(progress: 1, size: size).upper.scale, 1)
        XCTAssertEqual(NavigationTransitionStyle.zoom.layers(progress: .nan, size: size).upper.alpha, 0)
    }
}
