// Haptic patterns and configuration, the command backend's rate limit, and the idle-blank policy
// (the first touch after blanking only wakes) — all pure, driven by virtual instants.
import SwipeCore
import Foundation
import XCTest
@testable import KioskHardware

final class HapticAndPowerTests: XCTestCase {
    func testPatternParsingAndClamping() {
        XCTAssertEqual(HapticPattern(parsing: "20 0.6"), HapticPattern(durationMilliseconds: 20, strength: 0.6))
        XCTAssertEqual(HapticPattern(parsing: "35ms 1"), HapticPattern(durationMilliseconds: 35, strength: 1))
        XCTAssertNil(HapticPattern(parsing: "20"))
        XCTAssertNil(HapticPattern(parsing: "0 0.5"))
        XCTAssertNil(HapticPattern(parsing: "20 1.5"))
        XCTAssertEqual(HapticPattern(durationMilliseconds: 0, strength: 3).strength, 1)
    }

    func testEveryEventHasADefaultPatternAndOverridesWin() {
        var config = HapticConfiguration(backend: .visual)
        XCTAssertEqual(Set(HapticPattern.defaults.keys), Set(HapticEvent.allCases))
        config.patterns[.action] = HapticPattern(durationMilliseconds: 99, strength: 0.1)
        XCTAssertEqual(config.pattern(for: .action).durationMilliseconds, 99)
        config.patterns.removeValue(forKey: .longPress)
        XCTAssertEqual(config.pattern(for: .longPress), HapticPattern.defaults[.longPress])
        XCTAssertEqual(HapticEvent(rawValue: "expansion-enter"), .expansionEnter)
    }

    func testRateLimiterAllowsOnePerInterval() {
        var limiter = RateLimiter(minimumIntervalMilliseconds: 50)
        let ms = { (v: Int64) in Instant(nanoseconds: v * 1_000_000) }
        XCTAssertTrue(limiter.accept(at: ms(0)))
        XCTAssertFalse(limiter.accept(at: ms(49)))
        XCTAssertTrue(limiter.accept(at: ms(50)))
        XCTAssertFalse(limiter.accept(at: ms(60)))
        XCTAssertTrue(limiter.accept(at: ms(200)))
    }

    func testVisualBackendCallsThePulse() throws {
        let loop = try EventLoop(signals: [])
        let engine = HapticEngine(configuration: HapticConfiguration(backend: .visual), loop: loop,
                                  logger: .init(label: "test"))
        var pulses: [HapticEvent] = []
        engine.onVisualPulse = { event, _ in pulses.append(event) }
        engine.fire(.sheetDismiss)
        XCTAssertEqual(pulses, [.sheetDismiss])
    }

    func testMissingLEDDisablesFeedbackWithoutThrowing() throws {
        let loop = try EventLoop(signals: [])
        let engine = HapticEngine(configuration: HapticConfiguration(backend: .led(name: "no-such-led", transient: false)),
                                  loop: loop, logger: .init(label: "test"))
        XCTAssertTrue(engine.failed, "a missing LED turns feedback off at start")
        engine.fire(.action)  // logs once, never throws
        XCTAssertTrue(engine.failed)
    }

    func testLEDBackendTurnsTheLEDOnAtThePatternsStrength() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("leds-\(UUID().uuidString)")
        let led = root.appendingPathComponent("vibrator")
        try FileManager.default.createDirectory(at: led, withIntermediateDirectories: true)
        try "255\n".write(to: led.appendingPathComponent("max_brightness"), atomically: true, encoding: .utf8)
        try "0".write(to: led.appendingPathComponent("brightness"), atomically: true, encoding: .utf8)
        let loop = try EventLoop(signals: [])
        let backend = try LEDHaptics(name: "vibrator", transient: false, loop: loop, root: root.path)
        try backend.play(.action, pattern: HapticPattern(durationMilliseconds: 30, strength: 0.8))
        XCTAssertEqual(try String(contentsOf: led.appendingPathComponent("brightness"), encoding: .utf8), "204")
        try? FileManager.default.removeItem(at: root)
    }

    func testIdleBlankAndWakeSwallowsTheFirstTouch() {
        var power = DisplayPowerController(idleMilliseconds: 1000)
        let ms = { (v: Int64) in Instant(nanoseconds: v * 1_000_000) }
        XCTAssertFalse(power.shouldBlank(now: ms(0)))
        XCTAssertFalse(power.noteActivity(now: ms(500)))
        XCTAssertEqual(power.deadline, ms(1500))
        XCTAssertFalse(power.shouldBlank(now: ms(1499)))
        XCTAssertTrue(power.shouldBlank(now: ms(1500)))
        XCTAssertFalse(power.shouldBlank(now: ms(3000)), "only once")
        XCTAssertTrue(power.noteActivity(now: ms(4000)), "the waking touch is swallowed")
        XCTAssertFalse(power.noteActivity(now: ms(4100)))
        XCTAssertNil(DisplayPowerController(idleMilliseconds: 0).deadline)
    }

    func testScreenOffHoldsTheDisplayDarkUntilScreenOn() {
        var power = DisplayPowerController(idleMilliseconds: 1000)
        let ms = { (v: Int64) in Instant(nanoseconds: v * 1_000_000) }
        XCTAssertFalse(power.shouldBlank(now: ms(0)))
        XCTAssertTrue(power.hold(off: true, now: ms(100)), "on → off changes power")
        XCTAssertTrue(power.isBlanked)
        XCTAssertNil(power.deadline, "no idle blank while off")
        XCTAssertTrue(power.noteActivity(now: ms(200)), "a touch is swallowed…")
        XCTAssertTrue(power.isBlanked, "…and does not wake it")
        XCTAssertTrue(power.noteActivity(now: ms(300)), "every touch, not only the first")
        XCTAssertFalse(power.hold(off: true, now: ms(400)), "off again changes nothing")
        XCTAssertTrue(power.hold(off: false, now: ms(500)))
        XCTAssertFalse(power.isBlanked)
        XCTAssertEqual(power.deadline, ms(1500), "screen on counts as activity")
        XCTAssertFalse(power.noteActivity(now: ms(600)), "touches reach the app again")
        XCTAssertTrue(power.shouldBlank(now: ms(1600)), "idle blanking works again")
        XCTAssertTrue(power.hold(off: false, now: ms(1700)), "screen on wakes an idle-blanked display too")
        XCTAssertFalse(power.isBlanked)
    }
}
