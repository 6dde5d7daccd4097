// `[display] on_hours = "07:00-19:00"` and `on_days = "mon-fri"`: when the panel is on. Outside
// them it is off as after `screen off`. The rule is plain minutes of the day and weekdays, a
// value the configuration reads; KioskHardware's ScheduleCalendar turns it into instants.

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
}

extension StringProtocol {
    fileprivate var trimmingBlanks: Substring {
        Substring(self).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().reduce(into: "") { $0.append($1) }[...]
    }
}
