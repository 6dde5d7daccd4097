// `[display] on_hours = "07:00-19:00"` and `on_days = "mon-fri"`: when the panel is on. Outside
// them it is off as after `screen off`. The rule is plain minutes of the day and weekdays; the
// calendar (the system's time zone on the device, UTC on a replay's virtual clock, so replays
// give the same result everywhere) turns it into instants. The next change is found by asking
// the calendar for each boundary's wall time on the coming days (mktime normalises a time that a
// DST change skips or repeats), checking the rule there, and narrowing down to the first second
// the rule's answer differs, so a DST night moves the switch with the clocks.
import Glibc

/// On hours and days of the panel.
public struct ScreenSchedule: Hashable, Sendable {
    /// Minute of the day it goes on (0…1439) and off (1…1440); off before on means overnight.
    public let onMinute: Int
    public let offMinute: Int
    /// Weekdays on which an on period starts, 0 = Sunday … 6 = Saturday (`struct tm`'s `tm_wday`).
    public let days: Set<Int>

    static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// From the two keys' texts (nil: every day / the whole day); nil when one of them is
    /// invalid (``hoursProblem(_:)`` and ``daysProblem(_:)`` say why).
    public init?(hours: String?, days: String?) {
        let range = hours.map(Self.parseHours) ?? (0, 1440)
        guard let range, let set = days.map(Self.parseDays) ?? Set(0...6) else { return nil }
        onMinute = range.0
        offMinute = range.1
        self.days = set
    }

    /// "HH:MM-HH:MM", 00:00 to 24:00, the two different.
    static func parseHours(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let on = minute(parts[0]), let off = minute(parts[1]), on != off, on < 1440 else { return nil }
        return (on, off == 0 ? 1440 : off)
    }

    private static func minute(_ text: Substring) -> Int? {
        let hm = text.trimmingBlanks.split(separator: ":", omittingEmptySubsequences: false)
        guard hm.count == 2, hm[0].count == 2, hm[1].count == 2, let h = Int(hm[0]), let m = Int(hm[1]),
              (0...24).contains(h), (0...59).contains(m), h < 24 || m == 0 else { return nil }
        return h * 60 + m
    }

    /// "mon-fri", "sat,sun", "mon-wed,fri", "fri-mon" (wrapping), "daily".
    static func parseDays(_ text: String) -> Set<Int>? {
        let lowered = text.lowercased()
        if lowered.trimmingBlanks == "daily" { return Set(0...6) }
        var days = Set<Int>()
        for item in lowered.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false).map { dayNames.firstIndex(of: String($0.trimmingBlanks)) }
            guard (1...2).contains(ends.count), let first = ends[0], let last = ends[ends.count - 1] else { return nil }
            var day = first
            days.insert(day)
            while day != last { day = (day + 1) % 7; days.insert(day) }
        }
        return days.isEmpty ? nil : days
    }

    /// The message for a bad `on_hours`, nil when it is fine.
    public static func hoursProblem(_ text: String) -> String? {
        parseHours(text) == nil ? "display.on_hours must look like \"07:00-19:00\" (HH:MM-HH:MM, two different times, up to 24:00), not \"\(text)\"" : nil
    }

    /// The message for a bad `on_days`, nil when it is fine.
    public static func daysProblem(_ text: String) -> String? {
        parseDays(text) == nil ? "display.on_days must list days as \"mon-fri\", \"sat,sun\" or \"daily\" (sun mon tue wed thu fri sat), not \"\(text)\"" : nil
    }

    /// Whether the panel is on at `minute` of a day that is `weekday`.
    public func isOn(weekday: Int, minute: Int) -> Bool {
        if onMinute < offMinute { return days.contains(weekday) && minute >= onMinute && minute < offMinute }
        // Overnight: the evening of an on day, and the morning after it.
        return (days.contains(weekday) && minute >= onMinute) || (days.contains((weekday + 6) % 7) && minute < offMinute)
    }

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

extension StringProtocol {
    fileprivate var trimmingBlanks: Substring {
        Substring(self).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().reduce(into: "") { $0.append($1) }[...]
    }
}
