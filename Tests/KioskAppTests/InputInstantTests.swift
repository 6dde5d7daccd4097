// Issue 23's one input vocabulary, end to end: a touch reaches the list page carrying the very
// Instant its source stamped it with, with nothing converted on the way. Scripted input is
// stamped on the virtual clock (a script's milliseconds); a libinput event is stamped with the
// kernel's CLOCK_MONOTONIC microseconds moved onto the loop's clock, here 40 days after boot,
// where Double seconds would no longer hold every nanosecond.
import KioskConfig
import KioskHardware
import KioskReplay
import KioskStore
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskUI

final class InputInstantTests: XCTestCase {
    /// The session's client in front of the app's screen: after each touch reached the app, notes
    /// the touch's time and the time the list page on top last heard of.
    final class Watcher: SessionClient {
        let screen: AppScreen
        var seen: [(stamped: Instant, page: Instant?, app: Instant)] = []

        init(_ screen: AppScreen) { self.screen = screen }

        func handle(_ event: InputEvent) {
            screen.handle(event)
            guard case .touch(let touch) = event else { return }
            var page: Instant?
            if case .list(let list) = screen.app.scene.top { page = list.lastTime }
            seen.append((touch.time, page, screen.app.now))
        }

        func tick(now: Instant) { screen.tick(now: now) }
        var wantsFrame: Bool { screen.wantsFrame }
        func draw(into shadow: PixelBuffer, now: Instant) -> [PixelRect] { screen.draw(into: shadow, now: now) }
        func nextDeadline(now: Instant) -> Instant? { screen.nextDeadline(now: now) }
        func nextTimer(now: Instant) -> Instant? { screen.nextTimer(now: now) }
        var readyStatus: String { screen.readyStatus }
        func handle(signal: LoopSignal) { screen.handle(signal: signal) }
    }

    private func replay(_ script: String) throws -> (ReplaySession, Watcher) {
        var configuration = KioskConfiguration.demo
        configuration.data.demoData = true
        let app = try AppOptions.parse([]).makeApplication(
            configuration: configuration, databasePath: ItemStore.inMemoryPath, size: (800, 480))
        let replay = try ReplaySession(app: app, width: 800, height: 480, steps: try TouchScript(parsing: script).steps)
        let watcher = Watcher(replay.screen)
        replay.session.client = watcher
        return (replay, watcher)
    }

    func testScriptedTouchesArriveWithTheirScriptInstants() throws {
        let (replay, watcher) = try replay("size 800x480\nat 1017 down 0 400 300\nat 1033 move 0 380 300\nat 1050 up 0\n")
        try replay.run(untilMs: 1100)
        let stamped: [Instant] = [1.017, 1.033, 1.05]
        XCTAssertEqual(watcher.seen.map(\.stamped), stamped)
        XCTAssertEqual(watcher.seen.map(\.page), stamped)
        XCTAssertEqual(watcher.seen.map(\.app), stamped)
    }

    func testLibinputTimestampsArriveAsTheInstantsTheyWereStampedWith() throws {
        let (replay, watcher) = try replay("size 800x480\n")
        try replay.run(untilMs: 100)
        // What LibinputSource+Translate does with a touch: the kernel's microseconds on
        // CLOCK_MONOTONIC onto the loop's clock, then the shared tracker, then the session.
        var tracker = TouchTracker(screen: ScreenMapping(physicalSize: PixelSize(width: 800, height: 480), rotation: .none))
        let fortyDays: Int64 = 40 * 86_400 * 1_000_000
        // A swipe (a tap would open the item, and the list page would no longer be on top).
        let samples: [(Int64, TouchPhase, Double)] = [(fortyDays + 1, .began, 400), (fortyDays + 8_002, .moved, 380), (fortyDays + 16_003, .moved, 300)]
        var stamped: [Instant] = []
        for (usec, phase, x) in samples {
            let time = Instant(monotonicNanoseconds: usec * 1000)
            stamped.append(time)
            replay.session.input.onEvent?(.touch(tracker.touch(slot: 0, phase: phase, physical: Point(x: x, y: 300), time: time)))
        }
        replay.session.input.onEvent?(.touch(try XCTUnwrap(tracker.end(slot: 0, phase: .ended, time: stamped[2]))))
        stamped.append(stamped[2])
        XCTAssertEqual(watcher.seen.map(\.stamped), stamped)
        XCTAssertEqual(watcher.seen.map(\.page), stamped)
        XCTAssertEqual(watcher.seen.map(\.app), stamped)
        XCTAssertEqual(stamped[1] - stamped[0], .microseconds(8_001), "exact, 40 days after boot")
    }
}
