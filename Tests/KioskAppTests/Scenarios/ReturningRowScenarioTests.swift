// A row that is leaving (collapsing after a delete, or slid off) whose item comes back before
// the list reloads grows back in: an Undo tapped during the 0.3 s collapse, or another program
// putting the item back meanwhile, used to leave the item in the list but its row never drawn.
// And the idle reset goes back to the first list, whichever list the Styles sheet showed.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskConfig
@testable import KioskReplay

final class ReturningRowScenarioTests: XCTestCase {
    func testUndoDuringTheCollapseBringsTheRowBack() throws {
        let s = try Scenario("""
            size 1280x800
            at 0 swipe 0 1200 206 900 206 200
            at 900 state open.json
            at 1000 tap 1243 206
            at 1100 state collapsing.json
            at 1200 tap 836 752
            at 5000 state end.json
            at 5000 end
            """)
        let open = try s.state("open")
        let row = try XCTUnwrap(open.rows.first { $0["swipe"].flatMap { ($0 as? [String: Any])?["state"] as? String } == "open" }?["id"] as? String)
        let collapsing = try XCTUnwrap(try s.state("collapsing").rowFrame(row), "still collapsing when Undo is tapped")
        XCTAssertLessThan(collapsing[3], 76)
        let end = try s.state("end")
        XCTAssertEqual(end.logActions.suffix(2), ["delete", "undo-delete"])
        XCTAssertTrue(end.items.contains { $0["id"] as? String == row })
        XCTAssertEqual(try XCTUnwrap(end.rowFrame(row), "the row is drawn again")[3], 76, "at its full height")
    }

    func testAnItemAnotherProgramPutsBackDuringItsCollapseIsDrawnAgain() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let app = try AppOptions.parse([]).makeApplication(configuration: .demo, databasePath: path, size: (1280, 800))
        var ms = 0.0
        func run(until end: Double) { while ms <= end { app.tick(time: ReplaySession.instant(ms: ms)); ms += 1000.0 / 60 } }
        func dump() -> [String: Any] { StateDump(app: app, timeMs: ms, width: 1280, height: 800).object() }
        run(until: 300)
        XCTAssertEqual(dump().rowFrame("inbox-3")?[3], 76, "\(dump().rows.map { $0["id"] ?? "" })")
        let other = try ItemStore(path: path)
        try other.apply(.delete, to: "inbox-3", at: 2)
        let deleted = ms
        while (dump().rowFrame("inbox-3")?[3] ?? 0) == 76, ms < deleted + 1000 { run(until: ms) }
        XCTAssertLessThan(dump().rowFrame("inbox-3")?[3] ?? 76, 76, "the deleted row collapses")
        try other.apply(.undoDelete, to: "inbox-3", at: 3)
        run(until: ms + 2000)
        XCTAssertTrue(dump().items.contains { $0["id"] as? String == "inbox-3" })
        XCTAssertEqual(dump().rowFrame("inbox-3")?[3], 76, "put back by the other program: drawn again, full height")
    }

    /// The unflag of demo.toml's favourites list (LeavingRowScenarioTests) collapses its row; a
    /// program that flags the item again meanwhile brings the row back once the change is seen.
    func testARowLeavingByItsOwnActionComesBackWhenAnotherProgramPutsItBack() throws {
        let demo = try String(contentsOfFile: ConfigLoadingTests.example("demo.toml", file: (#filePath as NSString).deletingLastPathComponent),
                              encoding: .utf8)
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let app = try AppOptions.parse([]).makeApplication(
            configuration: try KioskConfiguration.parse(demo, file: "demo.toml"), databasePath: path, size: (1280, 800))
        var script = TimedScript(size: "1280x800")
        script.at(0, "tap 1248 32")
        for tap in 1...3 { script.at(400 + tap * 200, "tap 640 700") }
        script.at(1200, "tap 640 756")
        script.drag(0, from: (80, 234), to: (1270, 234), at: 2000, ms: 112)
        script.at(2700, "up 0")
        let replay = try ReplaySession(app: app, width: 1280, height: 800, steps: try TouchScript(parsing: script.text).steps)
        var ms = 0.0
        func dump() -> [String: Any] { StateDump(app: app, timeMs: ms, width: 1280, height: 800).object() }
        func run(_ until: Double) throws { try replay.run(untilMs: until); ms = until }
        try run(1900)
        let row = try XCTUnwrap(dump().rows.first { ($0["frame"] as? [Double]).map { $0[1] <= 234 && 234 < $0[1] + $0[3] } ?? false }?["id"] as? String)
        try run(2850)
        XCTAssertLessThan(try XCTUnwrap(dump().rowFrame(row), "collapsing")[3], 76)
        let other = try ItemStore(path: path)
        try other.db.execute("UPDATE items SET flagged = 1, updated_at = updated_at + 1 WHERE id = '\(row)'", operation: "test")
        try run(5000)
        XCTAssertTrue(dump().items.contains { $0["id"] as? String == row }, "flagged again: in the list")
        XCTAssertEqual(try XCTUnwrap(dump().rowFrame(row), "and drawn")[3], 76)
    }

    func testTheIdleResetGoesBackToTheFirstList() throws {
        let demo = try String(contentsOfFile: ConfigLoadingTests.example("demo.toml", file: (#filePath as NSString).deletingLastPathComponent),
                              encoding: .utf8)
        let s = try Scenario("""
            size 1280x800
            at 0 tap 1248 32
            at 600 tap 640 700
            at 800 tap 640 756
            at 1500 state switched.json
            at 9000 state idle.json
            at 9100 end
            """, config: demo + "\n[idle]\nreset_after_s = 5\n")
        XCTAssertEqual((try s.state("switched")["page"] as? [String: Any])?["id"] as? String, "mailbox")
        XCTAssertEqual((try s.state("idle")["page"] as? [String: Any])?["id"] as? String, "mail", "back to the first list")
    }
}
