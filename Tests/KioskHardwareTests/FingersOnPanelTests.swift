// The session's bookkeeping of fingers on the panel (FingersOnPanel) against a model written as
// the session kept it before (a set of held slots, the last sample per slot, a set of swallowed
// slots), over random multi-finger streams with swallows and screen-offs between the samples,
// and the cases the routing depends on at explicit times.
import SwipeCore
import TestSupport
import XCTest
@testable import KioskHardware

final class FingersOnPanelTests: XCTestCase {
    func sample(_ slot: Int, _ phase: TouchPhase, _ x: Double = 0, at ns: Int64 = 0) -> TouchEvent {
        TouchEvent(slot: slot, phase: phase, point: Point(x: x, y: 0), time: Instant(nanoseconds: ns))
    }

    func testAStillFingerIsDownUntilItLiftsAndAMoveOfAnUnseenFingerIsNotOne() {
        var fingers = FingersOnPanel()
        fingers.note(sample(3, .moved, 5))
        XCTAssertFalse(fingers.anyDown, "a move without a began (the finger went down before the start)")
        fingers.note(sample(1, .began, 10))
        fingers.note(sample(1, .moved, 20, at: 16_000_000))
        XCTAssertEqual(fingers.down[1]?.point.x, 20)
        fingers.note(sample(1, .cancelled))
        XCTAssertFalse(fingers.anyDown)
    }

    func testAScreenOffCancelsEachDeliveredFingerOnceInSlotOrder() {
        var fingers = FingersOnPanel()
        for slot in [4, 0, 2] { fingers.note(sample(slot, .began, Double(slot))) }
        fingers.swallow(sample(2, .began))
        XCTAssertEqual(fingers.swallowDelivered().map(\.slot), [0, 4], "the swallowed finger was never the app's")
        XCTAssertEqual(fingers.swallowDelivered().map(\.slot), [], "each once")
        XCTAssertTrue(fingers.takeIfSwallowed(sample(4, .moved)))
        XCTAssertTrue(fingers.takeIfSwallowed(sample(4, .ended)), "the lift is swallowed too")
        XCTAssertFalse(fingers.takeIfSwallowed(sample(4, .began)), "and frees the slot for the next finger")
    }

    func testRandomStreamsKeepTheBooksAsTheSessionDidBefore() {
        var random = SplitMix64(state: 0xF1_6E75)
        for round in 0..<300 {
            var fingers = FingersOnPanel()
            var held = Set<Int>(), last = [Int: TouchEvent](), swallowed = Set<Int>()
            for step in 0..<80 {
                let slot = Int.random(in: 0..<4, using: &random)
                let phase: TouchPhase = [.began, .moved, .moved, .ended, .cancelled].randomElement(using: &random)!
                let s = sample(slot, phase, Double(step), at: Int64(step) * 8_000_000)
                switch Int.random(in: 0..<10, using: &random) {
                case 0:  // screen off
                    var expected: [TouchEvent] = []
                    for (k, v) in last where !swallowed.contains(k) { swallowed.insert(k); expected.append(v) }
                    XCTAssertEqual(fingers.swallowDelivered(), expected.sorted { $0.slot < $1.slot }, "round \(round) step \(step)")
                default:
                    fingers.note(s)
                    switch phase {
                    case .began: held.insert(slot); last[slot] = s
                    case .moved: if held.contains(slot) { last[slot] = s }
                    case .ended, .cancelled: held.remove(slot); last[slot] = nil
                    }
                    if Int.random(in: 0..<4, using: &random) == 0 {
                        fingers.swallow(s)
                        if phase == .ended || phase == .cancelled { swallowed.remove(slot) } else { swallowed.insert(slot) }
                    } else {
                        let was = swallowed.contains(slot)
                        if was, phase == .ended || phase == .cancelled { swallowed.remove(slot) }
                        XCTAssertEqual(fingers.takeIfSwallowed(s), was, "round \(round) step \(step)")
                    }
                }
                XCTAssertEqual(fingers.anyDown, !held.isEmpty, "round \(round) step \(step)")
                XCTAssertEqual(fingers.down, last, "round \(round) step \(step)")
                XCTAssertEqual(fingers.swallowed, swallowed, "round \(round) step \(step)")
            }
        }
    }
}
