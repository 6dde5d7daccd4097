// The idle reset's clock (IdleClock) at explicit times: the reset is due `reset_after_s` after
// the last input, once per idle spell, never while a finger rests on the screen; the time-out
// warning comes its lead before; more time on request moves both; without a reset time,
// nothing is ever due. A random stream of touches and ticks checks the same against a model.
import SwipeCore
import TestSupport
import XCTest
@testable import KioskApp

final class IdleClockTests: XCTestCase {
    func testTheResetComesOnceAfterTheIdleTime() {
        var idle = IdleClock(resetAfter: .seconds(60))
        XCTAssertNil(idle.resetDeadline, "nothing to reset before the first input")
        idle.input(at: 10)
        XCTAssertEqual(idle.resetDeadline, 70)
        XCTAssertEqual(idle.warningDeadline(lead: .seconds(20)), 50)
        XCTAssertFalse(idle.takeReset(at: 69.999))
        XCTAssertTrue(idle.takeReset(at: 70))
        XCTAssertFalse(idle.takeReset(at: 500), "once per idle spell")
        XCTAssertNil(idle.resetDeadline)
        XCTAssertNil(idle.warningDeadline(lead: .seconds(20)))
        idle.input(at: 600)
        XCTAssertEqual(idle.resetDeadline, 660)
    }

    func testAFingerRestingOnTheScreenHoldsTheReset() {
        var idle = IdleClock(resetAfter: .seconds(30))
        idle.touch(slot: 0, phase: .began, at: 1)
        idle.touch(slot: 1, phase: .began, at: 2)
        XCTAssertNil(idle.resetDeadline)
        XCTAssertFalse(idle.takeReset(at: 1000))
        idle.touch(slot: 0, phase: .ended, at: 1001)
        XCTAssertFalse(idle.takeReset(at: 2000), "one finger is still down")
        idle.touch(slot: 1, phase: .cancelled, at: 2001)
        XCTAssertEqual(idle.resetDeadline, 2031)
        XCTAssertTrue(idle.takeReset(at: 2031))
    }

    func testMoreTimeMovesTheResetAndTheWarning() {
        var idle = IdleClock(resetAfter: .seconds(120))
        idle.input(at: 0)
        idle.extend(at: 100)
        XCTAssertEqual(idle.resetDeadline, 220)
        XCTAssertEqual(idle.warningDeadline(lead: .seconds(20)), 200)
        XCTAssertNil(idle.warningDeadline(lead: nil))
    }

    func testWithoutAResetTimeNothingIsDue() {
        var idle = IdleClock(resetAfter: nil)
        idle.input(at: 5)
        XCTAssertNil(idle.resetDeadline)
        XCTAssertNil(idle.warningDeadline(lead: .seconds(10)))
        XCTAssertFalse(idle.takeReset(at: 1e9))
    }

    func testRandomStreamsAgreeWithAModel() {
        var random = SplitMix64(state: 0x1D1E)
        for run in 0..<200 {
            let after = Duration.seconds(Int.random(in: 1...50, using: &random))
            var idle = IdleClock(resetAfter: after)
            var down: Set<Int> = [], last = Instant.zero, pending = false, time = Instant.zero
            for _ in 0..<100 {
                time += .seconds(Int.random(in: 0...30, using: &random))
                if Bool.random(using: &random) {
                    let slot = Int.random(in: 0..<3, using: &random)
                    let phase: TouchPhase = down.contains(slot) ? [.moved, .ended, .cancelled].randomElement(using: &random)! : .began
                    idle.touch(slot: slot, phase: phase, at: time)
                    if phase == .began { down.insert(slot) } else if phase != .moved { down.remove(slot) }
                    last = time
                    pending = true
                } else {
                    let due = pending && down.isEmpty && time >= last + after
                    XCTAssertEqual(idle.takeReset(at: time), due, "run \(run) at \(time)")
                    if due { pending = false }
                }
                XCTAssertEqual(idle.touchesDown, down)
            }
        }
    }
}
