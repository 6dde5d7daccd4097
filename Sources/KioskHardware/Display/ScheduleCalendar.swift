// The screen schedule (SwipeCore's ScreenSchedule) on the calendar: the system's time zone on
// the device, UTC on a replay's virtual clock, so replays give the same result everywhere. The
// next change is found by asking the calendar for each boundary's wall time on the coming days
// (mktime normalises a time that a DST change skips or repeats), checking the rule there, and
// narrowing down to the first second the rule's answer differs, so a DST night moves the switch
// with the clocks.
import Glibc
import SwipeCore

extension ScreenSchedule {
    /// Whether the panel is on at `seconds` since the epoch.
    public func isOn(atEpochSeconds seconds: Int64, calendar: ScheduleCalendar) -> Bool {
        let t = calendar.components(seconds)
        return isOn(weekday: Int(t.tm_wday), minute: Int(t.tm_hour) * 60 + Int(t.tm_min))
    }

    /// The first second after `seconds` at which ``isOn(atEpochSeconds:calendar:)`` changes;
    /// nil when it never does (every minute of every day on).
    public func nextChange(afterEpochSeconds seconds: Int64, calendar: ScheduleCalendar) -> Int64? {
        let state = isOn(atEpochSeconds: seconds, calendar: calendar)
        let today = calendar.components(seconds)
        var best: Int64?
        for dayOffset in 0...8 {
            for minute in [onMinute, offMinute] {
                let candidate = calendar.epochSeconds(of: today, dayOffset: dayOffset, minute: minute)
                guard candidate > seconds, best.map({ candidate < $0 }) ?? true,
                      isOn(atEpochSeconds: candidate, calendar: calendar) != state else { continue }
                best = candidate
            }
        }
        // A boundary in an hour a DST change skips is normalised past the change (02:30 becomes
        // 03:30): the state really changes at the first second it differs, found by halving.
        guard var high = best else { return nil }
        var low = seconds
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if isOn(atEpochSeconds: middle, calendar: calendar) != state { high = middle } else { low = middle }
        }
        return high
    }
}

/// Wall time for the schedule: the system's time zone, or UTC.
public enum ScheduleCalendar: Sendable {
    case local
    case utc

    /// Seconds since the epoch now (`CLOCK_REALTIME`).
    public static func nowEpochSeconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec)
    }

    func components(_ seconds: Int64) -> tm {
        var time = time_t(seconds)
        var result = tm()
        switch self {
        case .local: localtime_r(&time, &result)
        case .utc: gmtime_r(&time, &result)
        }
        return result
    }

    /// `minute` of the day `dayOffset` days after `day` (mktime or timegm normalise overflow;
    /// a local time a DST change skips lands just after the change).
    func epochSeconds(of day: tm, dayOffset: Int, minute: Int) -> Int64 {
        var t = tm()
        t.tm_year = day.tm_year
        t.tm_mon = day.tm_mon
        t.tm_mday = day.tm_mday + Int32(dayOffset)
        t.tm_hour = Int32(minute / 60)
        t.tm_min = Int32(minute % 60)
        t.tm_isdst = -1
        switch self {
        case .local: return Int64(mktime(&t))
        case .utc: return Int64(timegm(&t))
        }
    }
}
