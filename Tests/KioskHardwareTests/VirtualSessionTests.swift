// The session on virtual time: the code `run` uses, with a VirtualDisplay and ScriptedInput.
// Pins flip pacing at the panel's refresh rate, pointer-as-touch, the wake-up swallow after
// idle blanking and idle time being skipped rather than stepped through.
import KioskHardware
import Logging
import SwipeCore
import XCTest

/// Records what reaches the client and asks for frames while `animateUntil` lies ahead.
private final class RecordingClient: SessionClient {
    var touches: [TouchEvent] = []
    var ticks: [Instant] = []
    var draws: [Instant] = []
    var animateUntil = Instant(nanoseconds: 0)
    /// A timer (not a frame) the client wants to be ticked at, drawn or not.
    var timer: Instant?
    var now = Instant(nanoseconds: 0)

    func tick(now: Instant) {
        self.now = now
        ticks.append(now)
    }
    func handle(_ event: InputEvent) { if case .touch(let sample) = event { touches.append(sample) } }
    var wantsFrame: Bool { now < animateUntil }
    func draw(into shadow: PixelBuffer, now: Instant) -> [PixelRect] {
        draws.append(now)
        shadow.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), color: UInt32(draws.count))
        return [PixelRect(x: 0, y: 0, width: 1, height: 1)]
    }
    func nextDeadline(now: Instant) -> Instant? {
        [now < animateUntil ? now : nil, nextTimer(now: now)].compactMap { $0 }.min()
    }
    func nextTimer(now: Instant) -> Instant? { timer.flatMap { $0 > now ? $0 : nil } }
    var readyStatus: String { "test" }
    func handle(signal: LoopSignal) {}
}

final class VirtualSessionTests: XCTestCase {
    private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

    private func session(refresh: Double = 60, pointerAsTouch: Bool = true, blankAfter: Int = 0,
                         _ events: [ScriptedInput.Event] = []) throws -> (KioskSession, RecordingClient) {
        let session = try KioskSession.virtual(
            physicalSize: PixelSize(width: 64, height: 48), refreshRate: refresh, pointerAsTouch: pointerAsTouch,
            events: events, blankAfterSeconds: blankAfter, logger: Logger(label: "test"))
        let client = RecordingClient()
        session.client = client
        return (session, client)
    }

    func testAnimationFramesArePacedByFlipsAtTheRefreshRate() throws {
        for refresh in [30.0, 60.0, 75.0] {
            let (session, client) = try session(refresh: refresh)
            client.animateUntil = ms(1000)
            try session.run(until: ms(1000))
            let display = try XCTUnwrap(session.display as? VirtualDisplay)
            // One frame per refresh period over one second (the first at 0), never two per vblank.
            XCTAssertEqual(Double(display.presentedFrames), refresh, accuracy: 1, "\(refresh) Hz")
            let gaps = zip(client.draws.dropFirst(), client.draws).map { Double($0.nanoseconds - $1.nanoseconds) / 1e6 }
            XCTAssertEqual(gaps.min() ?? 0, 1000 / refresh, accuracy: 0.01, "\(refresh) Hz: frames at vblanks")
        }
    }

    func testIdleTimeIsSkippedNotStepped() throws {
        let (session, client) = try session()
        try session.run(until: ms(3_600_000))  // an hour with nothing to do
        XCTAssertEqual(session.loop.now, ms(3_600_000))
        XCTAssertLessThan(client.ticks.count, 5, "an idle hour is a few iterations, not 216,000 frames")
        XCTAssertEqual(client.draws.count, 1, "the first frame only")
    }

    func testPointerActsAsAFingerOnlyWhenAllowed() throws {
        let events: [ScriptedInput.Event] = [
            .init(time: ms(10), kind: .pointer(physical: Point(x: 20, y: 10))),
            .init(time: ms(20), kind: .button(pressed: true)),
            .init(time: ms(30), kind: .pointer(physical: Point(x: 30, y: 10))),
            .init(time: ms(40), kind: .button(pressed: false)),
        ]
        let (on, onClient) = try session(pointerAsTouch: true, events)
        try on.run(until: ms(100))
        XCTAssertEqual(onClient.touches.map(\.phase), [.began, .moved, .ended])
        XCTAssertEqual(onClient.touches.map(\.slot), [TouchTracker.pointerSlot, TouchTracker.pointerSlot, TouchTracker.pointerSlot])
        XCTAssertEqual(onClient.touches[1].point, Point(x: 30, y: 10))
        XCTAssertEqual(onClient.touches[1].time, ms(30), "kernel (script) timestamps are kept")
        let (off, offClient) = try session(pointerAsTouch: false, events)
        try off.run(until: ms(100))
        XCTAssertTrue(offClient.touches.isEmpty, "pointer_as_touch = false: a mouse does nothing")
    }

    func testTheTouchThatWakesABlankedDisplayIsSwallowed() throws {
        let events: [ScriptedInput.Event] = [
            .init(time: ms(1500), kind: .touch(slot: 0, phase: .began, physical: Point(x: 5, y: 5))),
            .init(time: ms(1550), kind: .end(slot: 0, phase: .ended)),
            .init(time: ms(1600), kind: .touch(slot: 0, phase: .began, physical: Point(x: 6, y: 6))),
        ]
        let (session, client) = try session(blankAfter: 1, events)
        try session.run(until: ms(1200))
        XCTAssertTrue(session.display.isBlanked, "blank_after_s = 1")
        try session.run(until: ms(1700))
        XCTAssertFalse(session.display.isBlanked)
        XCTAssertEqual(client.touches.map(\.phase), [.began], "the waking touch never reaches the client")
        XCTAssertEqual(client.touches.first?.point, Point(x: 6, y: 6))
    }

    func testTheClientsTimersRunWhileThePanelIsBlank() throws {
        // The panel blanks at 1 s while the client still animates (a frame wanted now would mask
        // any later deadline) and has a timer at 5 s (an idle reset, a purge): it is ticked then,
        // without any input, although nothing is drawn.
        let (session, client) = try session(blankAfter: 1)
        client.animateUntil = ms(3000)
        client.timer = ms(5000)
        try session.run(until: ms(1200))
        XCTAssertTrue(session.display.isBlanked)
        let draws = client.draws.count
        try session.run(until: ms(60_000))
        XCTAssertTrue(client.ticks.contains(ms(5000)), "ticked at the timer: \(client.ticks.suffix(5))")
        XCTAssertEqual(client.draws.count, draws, "nothing drawn while blank")
        XCTAssertLessThan(client.ticks.filter { $0 > ms(1200) }.count, 5, "the animation's frames are not ticked while blank")
    }
}
