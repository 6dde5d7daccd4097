// The interactive pop's finger (PopDrag) at explicit times: the translation is measured from
// where the finger went down (in the pop's direction, mirrored right to left), the release
// velocity is the finger's, only on lifting, and a new pop starts afresh.
import SwipeCore
import XCTest
@testable import KioskUI

final class PopDragTests: XCTestCase {
    func event(_ x: Double, _ phase: TouchPhase, at time: Instant) -> TouchEvent {
        TouchEvent(slot: 0, phase: phase, point: Point(x: x, y: 300), time: time)
    }

    func testTranslationFromTheStartAndTheReleaseVelocityOnlyOnLifting() {
        var drag = PopDrag()
        drag.begin()
        let first = drag.follow(event(30, .moved, at: 0), start: Point(x: 10, y: 300), sign: 1)
        XCTAssertEqual(first.translation, 20)
        XCTAssertNil(first.releaseVelocity)
        for k in 1...10 { _ = drag.follow(event(30 + Double(k) * 10, .moved, at: .zero + .milliseconds(10 * k)), start: nil, sign: 1) }
        let lift = drag.follow(event(130, .ended, at: 0.1), start: nil, sign: 1)
        XCTAssertEqual(lift.translation, 120)
        XCTAssertEqual(lift.releaseVelocity ?? 0, 1000, accuracy: 1, "10 points every 10 ms")
    }

    func testRightToLeftMirrorsBothAndANewPopStartsAfresh() {
        var drag = PopDrag()
        drag.begin()
        _ = drag.follow(event(700, .moved, at: 0), start: Point(x: 790, y: 300), sign: -1)
        for k in 1...10 { _ = drag.follow(event(700 - Double(k) * 5, .moved, at: .zero + .milliseconds(10 * k)), start: nil, sign: -1) }
        let lift = drag.follow(event(650, .ended, at: 0.1), start: nil, sign: -1)
        XCTAssertEqual(lift.translation, 140)
        XCTAssertEqual(lift.releaseVelocity ?? 0, 500, accuracy: 1)
        drag.begin()
        let next = drag.follow(event(400, .moved, at: 5), start: nil, sign: 1)
        XCTAssertEqual(next.translation, 0, "the last pop's start is forgotten: no translation without a start")
        _ = drag.follow(event(380, .moved, at: 5.005), start: Point(x: 400, y: 300), sign: 1)
        let cancelled = drag.follow(event(300, .cancelled, at: 5.01), start: nil, sign: 1)
        XCTAssertNil(cancelled.releaseVelocity, "a cancel has no release")
        XCTAssertEqual(cancelled.translation, -100)
    }
}
