// `[navigation] swipe_back`: with it off an edge swipe is an ordinary touch of the page, and
// the back button still pops; the data options that act over time (`poll_interval_ms`,
// `undo_window_s`) with the app driven through replay.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskConfig

final class NavigationOptionTests: XCTestCase {
    func testSwipeBackOffLeavesTheEdgeToThePageButTheBackButtonPops() throws {
        let script = """
            size 1280x800
            at 0    tap 400 178
            at 600  swipe 0 4 400 800 400 400
            at 1000 state during.json
            at 1800 state after.json
            at 2000 tap 30 32
            at 2800 state popped.json
            at 2900 end
            """
        let on = try Scenario(script)
        let during = try on.state("during")["navigation"] as? [String: Any]
        XCTAssertEqual((during?["transition"] as? [String: Any])?["kind"] as? String, "pop")
        XCTAssertEqual(try on.state("after").stack, ["inbox"], "swipe_back = true: the edge swipe pops")
        let off = try Scenario(script, config: "[navigation]\nswipe_back = false\n")
        XCTAssertTrue((try off.state("during")["navigation"] as? [String: Any])?["transition"] is NSNull, "no interactive pop")
        XCTAssertEqual(try off.state("after").stack, ["inbox", "detail:inbox-2"], "swipe_back = false: the page stays")
        XCTAssertEqual(try off.state("popped").stack, ["inbox"], "the back button still pops")
    }

    func testUndoWindowDecidesWhenADeletedItemIsGoneForGood() throws {
        // A full swipe deletes row 2; 3 s later it is purged with a 1 s window and still kept
        // (restorable) with the default 30 s.
        func remaining(_ config: String) throws -> Int {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("undo-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let database = dir.appendingPathComponent("items.sqlite3").path
            _ = try Scenario("size 1280x800\nat 0 swipe 0 1260 178 60 178 300\nat 4000 state a.json\nat 4100 end\n",
                             config: config, database: database)
            return try ItemStore(path: database).item(id: "inbox-2") == nil ? 0 : 1
        }
        XCTAssertEqual(try remaining(""), 1, "kept for undo")
        XCTAssertEqual(try remaining("[data]\nundo_window_s = 1\n"), 0, "purged after the window")
    }

    func testPollIntervalDecidesHowSoonAnOutsideChangeShows() throws {
        // Another connection inserts an item at 300 ms; the app notices at its next poll.
        func firstSeen(_ config: String) throws -> Double {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("poll-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let path = dir.appendingPathComponent("items.sqlite3").path
            let configuration = try KioskConfiguration.parse(config, file: "test.toml")
            let app = try AppOptions.parse([]).makeApplication(configuration: configuration, databasePath: path, size: (800, 480))
            let replay = try ReplaySession(app: app, width: 800, height: 480)
            try replay.run(untilMs: 300)
            try ItemStore(path: path).insert([ItemRecord(
                id: "outside-1", listID: "inbox", title: "From outside", sortKey: -1, updatedAt: AppOptions.headlessEpoch + 300)])
            var ms = 300.0
            while ms < 3000, !(app.pages["inbox"].map { page in (0..<page.data.count).contains { page.data.item(at: $0).id == "outside-1" } } ?? false) {
                ms += 10
                try replay.run(untilMs: ms)
            }
            return ms - 300
        }
        let fast = try firstSeen("[data]\npoll_interval_ms = 50\n")
        let slow = try firstSeen("[data]\npoll_interval_ms = 1000\n")
        XCTAssertLessThanOrEqual(fast, 60, "seen within one 50 ms poll")
        XCTAssertGreaterThan(slow, 300, "a 1 s poll has not looked yet")
        XCTAssertLessThanOrEqual(slow, 1010)
    }

    /// Bar buttons act when the finger lifts over them: pressed and dragged away, they do nothing
    /// (the back button used to pop and the gear to open the Styles sheet after any drag).
    func testABarButtonDraggedAwayFromDoesNothing() throws {
        let s = try Scenario("""
            size 1280x800
            at 0 down 0 1248 32
            at 50 move 0 1000 300
            at 100 move 0 700 500
            at 150 up 0
            at 800 state gear.json
            at 900 tap 400 206
            at 2000 down 0 30 32
            at 2050 move 0 300 300
            at 2100 move 0 600 400
            at 2150 up 0
            at 3000 state back.json
            at 3100 down 0 30 32
            at 3160 up 0
            at 4000 state popped.json
            at 4100 end
            """)
        XCTAssertNil(try s.state("gear").sheet, "the gear dragged away from opens nothing")
        XCTAssertEqual(try s.state("back").stack.count, 2, "the back button dragged away from does not pop")
        XCTAssertEqual(try s.state("popped").stack, ["inbox"], "a tap on it still does")
    }

    /// A sheet is modal for keys too: arrows and Enter under the Styles sheet used to move the
    /// list's focus and push a detail page beneath the sheet.
    func testKeysDoNotReachTheListUnderASheet() throws {
        let s = try Scenario("""
            size 1280x800
            at 0 tap 1248 32
            at 600 key DOWN
            at 650 key ENTER
            at 1500 state sheet.json
            at 1600 key ESC
            at 2400 key DOWN
            at 2450 key ENTER
            at 3500 state pushed.json
            at 3600 end
            """)
        let sheet = try s.state("sheet")
        XCTAssertEqual(sheet.sheet?["id"] as? String, "styles")
        XCTAssertEqual(sheet.stack, ["inbox"], "nothing pushed beneath the sheet")
        XCTAssertEqual(try s.state("pushed").stack.count, 2, "without the sheet, Enter opens the focused row")
    }
}
