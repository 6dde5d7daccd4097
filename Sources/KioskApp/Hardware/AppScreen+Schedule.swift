// `[display] on_hours` / `on_days` on a running panel: at each change of the schedule the
// screen goes off or on as with `ctl screen off|on` (KioskSession.setScreen), and between changes
// nothing runs: the next change is one of the app's timers (`nextTimer`), which the loop keeps
// while the panel is dark without drawing a frame. Only changes act, so an operator's `screen on`
// at night lasts until the next change. The wall clock is re-read at each wake-up, and a wake-up
// comes at least hourly, so a clock set by NTP, a suspend or a DST night cannot leave the panel in
// the wrong state for long. The rule is read from the configuration each time (a reload changes it).
import KioskHardware
import SwipeCore

extension AppScreen {
    /// How the schedule sees the time: the calendar, and the wall clock (epoch seconds) at a loop instant.
    public struct ScheduleClock: Sendable {
        let calendar: ScheduleCalendar
        let epochSeconds: @Sendable (Instant) -> Int64

        /// The device: the system's time zone and the real-time clock.
        public static let system = ScheduleClock(calendar: .local) { _ in ScheduleCalendar.nowEpochSeconds() }

        /// A replay: UTC, `epochMilliseconds` at the loop's start plus virtual time (the same result on every machine).
        public static func virtual(epochMilliseconds: Int64) -> ScheduleClock {
            ScheduleClock(calendar: .utc) { instant in (epochMilliseconds + instant.nanoseconds / 1_000_000) / 1000 }
        }
    }

    /// The longest the loop sleeps between looks at the schedule.
    static let scheduleRecheckNanoseconds: Int64 = 3_600_000_000_000

    /// Follows `[display] on_hours` / `on_days` from now on, on `clock`.
    public func followSchedule(on clock: ScheduleClock) {
        scheduleClock = clock
        scheduleCheckAt = session.loop.now
    }

    /// Applies a change of the schedule that is due (called on each tick).
    func applySchedule(now: Instant) {
        guard let clock = scheduleClock, let due = scheduleCheckAt, now >= due else { return }
        guard let rule = app.configuration.display.schedule else {
            if scheduleWantsOn == false { session.setScreen(on: true) }
            scheduleWantsOn = nil
            scheduleCheckAt = nil
            return
        }
        let seconds = clock.epochSeconds(now)
        let on = rule.isOn(atEpochSeconds: seconds, calendar: clock.calendar)
        if on != scheduleWantsOn {
            scheduleWantsOn = on
            session.logger.info("screen schedule: \(on ? "on" : "off") until the next change")
            session.setScreen(on: on)
        }
        let recheck = now + .nanoseconds(Self.scheduleRecheckNanoseconds)
        guard let change = rule.nextChange(afterEpochSeconds: seconds, calendar: clock.calendar) else {
            scheduleCheckAt = recheck
            return
        }
        scheduleCheckAt = min(recheck, now + .seconds(change - seconds))
    }
}
