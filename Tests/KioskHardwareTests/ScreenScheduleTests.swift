// `[display] on_hours` / `on_days`: parsing, the rule at a weekday and minute, and the next change
// on a calendar, including the nights the clocks change (Europe/Berlin, through TZ).
import Glibc
import XCTest
@testable import KioskHardware
import SwipeCore

final class ScreenScheduleTests: XCTestCase {
    /// 2026-01-01T00:00:00Z, a Thursday.
    let thursday: Int64 = 1_767_225_600

    func testParsing() throws {
        let office = try XCTUnwrap(ScreenSchedule(hours: "07:00-19:00", days: "mon-fri"))
        XCTAssertEqual([office.onMinute, office.offMinute], [420, 1140])
        XCTAssertEqual(office.days, [1, 2, 3, 4, 5])
        XCTAssertEqual(ScreenSchedule(hours: nil, days: "sat, sun")?.days, [0, 6])
        XCTAssertEqual(ScreenSchedule(hours: nil, days: "fri-mon")?.days, [5, 6, 0, 1], "a range may wrap")
        XCTAssertEqual(ScreenSchedule(hours: "18:00-00:00", days: "Daily")?.offMinute, 1440, "until midnight")
        XCTAssertEqual(ScreenSchedule(hours: "00:00-24:00", days: nil)?.days.count, 7)
        for bad in ["7:00-19:00", "07:00", "07:00-07:00", "25:00-26:00", "07:60-08:00", "24:00-06:00", "a-b", ""] {
            XCTAssertNil(ScreenSchedule(hours: bad, days: nil), bad)
            XCTAssertNotNil(ScreenSchedule.hoursProblem(bad), bad)
        }
        for bad in ["monday", "mon-", "", "mon,,fri", "weekdays"] {
            XCTAssertNil(ScreenSchedule(hours: nil, days: bad), bad)
            XCTAssertNotNil(ScreenSchedule.daysProblem(bad), bad)
        }
    }

    func testOvernightBelongsToTheDayItStarts() throws {
        let night = try XCTUnwrap(ScreenSchedule(hours: "22:00-06:00", days: "fri"))
        XCTAssertTrue(night.isOn(weekday: 5, minute: 23 * 60), "Friday evening")
        XCTAssertTrue(night.isOn(weekday: 6, minute: 5 * 60), "Saturday early morning")
        XCTAssertFalse(night.isOn(weekday: 5, minute: 5 * 60), "Friday early morning belongs to Thursday")
        XCTAssertFalse(night.isOn(weekday: 6, minute: 23 * 60))
    }

    func testNextChangeInUTC() throws {
        let office = try XCTUnwrap(ScreenSchedule(hours: "08:00-18:00", days: "mon-fri"))
        XCTAssertFalse(office.isOn(atEpochSeconds: thursday, calendar: .utc))
        XCTAssertEqual(office.nextChange(afterEpochSeconds: thursday, calendar: .utc), thursday + 8 * 3600)
        XCTAssertEqual(office.nextChange(afterEpochSeconds: thursday + 8 * 3600, calendar: .utc), thursday + 18 * 3600)
        // Friday 18:00 off, then Monday 08:00 on.
        let friday18 = thursday + 86_400 + 18 * 3600
        XCTAssertEqual(office.nextChange(afterEpochSeconds: friday18, calendar: .utc), thursday + 4 * 86_400 + 8 * 3600)
        XCTAssertNil(ScreenSchedule(hours: nil, days: "daily")?.nextChange(afterEpochSeconds: thursday, calendar: .utc), "always on")
    }

    func testNextChangeFollowsTheClocksOnDSTNights() throws {
        try XCTSkipUnless(access("/usr/share/zoneinfo/Europe/Berlin", R_OK) == 0, "no tzdata")
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", "Europe/Berlin", 1)
        tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        let early = try XCTUnwrap(ScreenSchedule(hours: "01:00-07:00", days: "daily"))
        // 2026-03-29: 02:00 CET becomes 03:00 CEST. 01:00 CET is 00:00Z; 07:00 CEST is 05:00Z (not 06:00Z).
        let march29 = Int64(1_774_742_400)  // 2026-03-29T00:00:00Z
        XCTAssertTrue(early.isOn(atEpochSeconds: march29 + 60, calendar: .local))
        XCTAssertEqual(early.nextChange(afterEpochSeconds: march29 + 60, calendar: .local), march29 + 5 * 3600)
        // 2026-10-25: 03:00 CEST becomes 02:00 CET. 07:00 CET is 06:00Z.
        let october25 = Int64(1_792_886_400)  // 2026-10-25T00:00:00Z (02:00 CEST)
        XCTAssertEqual(early.nextChange(afterEpochSeconds: october25, calendar: .local), october25 + 6 * 3600)
        // A switch inside the skipped hour (02:30 does not exist on 2026-03-29) happens at the change.
        let skipped = try XCTUnwrap(ScreenSchedule(hours: "02:30-05:00", days: "daily"))
        XCTAssertEqual(skipped.nextChange(afterEpochSeconds: march29 - 3600, calendar: .local), march29 + 3600, "03:00 CEST = 01:00Z")
    }
}
