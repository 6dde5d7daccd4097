// `[display] on_hours` / `on_days` through `replay`: a script's time 0 is the headless epoch,
// Thursday 2026-01-01 00:00 UTC. Outside the hours the panel is dark and no frame is drawn; it
// comes on at the minute without any input, and goes off again; an operator's `screen on` holds
// until the next change. Bad values are `file:line:column` diagnostics (check-config, exit 65).
import Foundation
import KioskConfig
import KioskStore
import XCTest
@testable import KioskApp

final class ScreenScheduleScenarioTests: XCTestCase {
    private func display(_ state: [String: Any]) -> (blanked: Bool?, frames: Int?) {
        let d = state["display"] as? [String: Any]
        return (d?["blanked"] as? Bool, d?["frames"] as? Int)
    }

    private let hour = 3_600_000

    func testPanelFollowsTheOfficeHours() throws {
        let s = try Scenario("""
            size 640x400
            at 1000 state night.json
            at \(8 * hour - 1000) state before-eight.json
            at \(8 * hour + 100) state eight.json
            at \(18 * hour - 1000) state before-six.json
            at \(18 * hour + 100) state six.json
            at \(24 * hour + 8 * hour + 100) state friday.json
            at \(48 * hour + 8 * hour + 100) state saturday.json
            at \(48 * hour + 8 * hour + 200) end
            """, config: "[display]\non_hours = \"08:00-18:00\"\non_days = \"mon-fri\"\n")
        let night = display(try s.state("night")), beforeEight = display(try s.state("before-eight"))
        XCTAssertEqual(night.blanked, true, "Thursday 00:00 is outside the hours")
        XCTAssertEqual(beforeEight.blanked, true)
        XCTAssertEqual(night.frames, 0, "nothing is drawn while it is off")
        XCTAssertEqual(beforeEight.frames, 0)
        let eight = display(try s.state("eight"))
        XCTAssertEqual(eight.blanked, false, "on at 08:00 without any input")
        XCTAssertGreaterThan(eight.frames ?? 0, 0, "…and the list drawn")
        XCTAssertEqual(display(try s.state("before-six")).blanked, false)
        XCTAssertEqual(display(try s.state("six")).blanked, true, "off at 18:00")
        XCTAssertEqual(display(try s.state("friday")).blanked, false)
        XCTAssertEqual(display(try s.state("saturday")).blanked, true, "not on Saturday")
    }

    func testThePanelWakesByItsOwnTimerWithNothingElseDue() throws {
        // No capture or touch at 08:00: only the schedule's timer (kept while the panel is dark) wakes the loop.
        let configuration = try KioskConfiguration.parse("[display]\non_hours = \"08:00-18:00\"\n", file: "test.toml")
        let app = try AppOptions.parse([]).makeApplication(configuration: configuration, databasePath: ItemStore.inMemoryPath, size: (640, 400))
        let replay = try ReplaySession(app: app, width: 640, height: 400)
        replay.screen.followSchedule(on: .virtual(epochMilliseconds: AppOptions.headlessEpoch))
        try replay.run(untilMs: Double(8 * hour - 1))
        XCTAssertTrue(replay.session.display.isBlanked)
        try replay.run(untilMs: Double(8 * hour + 20))
        XCTAssertFalse(replay.session.display.isBlanked, "on at 08:00 by the schedule's own timer")
    }

    func testScreenOnAtNightHoldsUntilTheNextChange() throws {
        let s = try Scenario("""
            size 640x400
            at 1000 screen on
            at 2000 state woken.json
            at \(8 * hour + 100) state eight.json
            at \(18 * hour + 100) state six.json
            at \(18 * hour + 200) end
            """, config: "[display]\non_hours = \"08:00-18:00\"\n")
        XCTAssertEqual(display(try s.state("woken")).blanked, false, "an operator's screen on at night")
        XCTAssertEqual(display(try s.state("eight")).blanked, false)
        XCTAssertEqual(display(try s.state("six")).blanked, true, "the schedule's next change switches it off")
    }

    func testBadValuesAreDiagnosedAtTheirPlace() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("bad.toml")
        let run = try KioskProcess.checkConfig("[display]\non_hours = \"7-19\"\non_days = \"weekdays\"\n", at: config)
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.standardError.contains("\(config):2:12: display.on_hours must look like \"07:00-19:00\""), run.standardError)
        XCTAssertTrue(run.standardError.contains("\(config):3:11: display.on_days must list days"), run.standardError)
    }
}
