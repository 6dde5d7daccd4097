// Promises that depend on time hold however long nobody touches the kiosk: Undo is offered
// exactly while it can be done (`[data] undo_window_s`, shorter or longer than a toast), the
// purge happens when the window closes even if no frame is drawn, and the idle reset happens
// while the panel is blank, so the touch that wakes it shows the first list, not the previous
// person's sheet. All on replay's virtual clock, which jumps over idle time.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskReplay
@testable import KioskStore
import KioskUI
import SwipeCore

final class TimePromiseScenarioTests: XCTestCase {
    /// A full swipe deletes row 2 (`inbox-2`), as in SwipeScenarioTests; the delete lands before 600 ms.
    static let delete = "size 1280x800\nat 0 swipe 0 1250 178 40 178 250\n"
    /// The toast's Undo button on a 1280×800 screen.
    static let undoTap = "tap 836 752"

    /// A fresh database file for a scenario (the purge is checked in it after the replay).
    private func databasePath() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("time-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("items.sqlite3").path
    }

    /// The app on replay's virtual panel with `config`, given the touches of `script`; the test
    /// moves time with `run(untilMs:)` and looks at the app in between (nothing ticks it then).
    private func session(_ config: String, _ script: String) throws -> ReplaySession {
        var configuration = try KioskConfiguration.parse(config, file: "test.toml")
        configuration.data.demoData = true  // the demo items the scripts touch (--demo)
        let app = try AppOptions.parse([]).makeApplication(
            configuration: configuration, databasePath: ItemStore.inMemoryPath, size: (1280, 800))
        let replay = try ReplaySession(app: app, width: 1280, height: 800, steps: try TouchScript(parsing: script).steps)
        try replay.run(untilMs: 0)
        return replay
    }

    private func deleteTime(_ state: [String: Any]) throws -> Double {
        let entry = try XCTUnwrap((state["log"] as? [[String: Any]])?.first { $0["action"] as? String == "delete" })
        let ms = try XCTUnwrap(entry["time_ms"] as? Double)
        XCTAssertLessThan(ms, 600, "the script's times assume the delete lands before 600 ms")
        return ms
    }

    func testAnotherToastLeavesUndoReachableForItsWindow() throws {
        // undo_window_s = 10; 3 s after the delete a command's toast came and replaced the Undo
        // toast, so the item could no longer be restored by anyone (finding M3). Now the message
        // shows above the Undo toast, and the Undo button stays where it was.
        let config = """
            [data]
            undo_window_s = 10
            [[lists]]
            id = "inbox"
            title = "Inbox"
            [lists.trailing]
            expansion = "destructive"
            [[lists.trailing.actions]]
            id = "delete"
            title = "Delete"
            effect = "delete"
            [[lists.trailing.actions]]
            id = "print"
            title = "Print"
            effect = "command"
            command = ["/bin/true"]
            """
        let open = Self.delete + "at 2000 swipe 0 1250 178 900 178 250\n"
        let probe = try Scenario(open + "at 3000 state open.json\nat 3000 end\n", config: config)
        let row = try XCTUnwrap(try probe.state("open").rows.first { ($0["swipe"] as? [String: Any])?["state"] as? String == "open" })
        let frame = try XCTUnwrap(try probe.state("open").actionFrame(row: try XCTUnwrap(row["id"] as? String), action: "print"))
        let s = try Scenario(open + """
            at 3000 tap \(Int(frame[0] + frame[2] / 2)) \(Int(frame[1] + frame[3] / 2))
            at 4000 state both.json
            at 8000 \(Self.undoTap)
            at 8500 state undone.json
            at 8600 end
            """, config: config)
        let both = try s.state("both")
        _ = try deleteTime(both)
        XCTAssertEqual(both["toasts"] as? [String], ["Deleted", "print not run (commands run only with --run-commands here)"],
                       "the message above the Undo toast")
        XCTAssertEqual(both["toast"] as? String, "print not run (commands run only with --run-commands here)", "the newest")
        let undone = try s.state("undone")
        XCTAssertEqual(undone.logActions, ["delete", "print", "print-skipped", "undo-delete"])
        XCTAssertTrue(undone.items.contains { $0["id"] as? String == "inbox-2" })
    }

    func testAShortUndoWindowTakesTheUndoAwayWhenItCloses() throws {
        // undo_window_s = 2: the toast offered Undo for 5 s, and a tap on it at 3 s did nothing.
        let database = try databasePath()
        let s = try Scenario(Self.delete + """
            at 1000 state open.json
            at 2600 state closed.json
            at 3000 \(Self.undoTap)
            at 3500 state after.json
            at 3600 end
            """, config: "[data]\nundo_window_s = 2\n", database: database)
        _ = try deleteTime(try s.state("open"))
        XCTAssertEqual(try s.state("open")["toast"] as? String, "Deleted", "Undo offered inside the window")
        XCTAssertTrue(try s.state("closed")["toast"] is NSNull, "the Undo toast goes when the window closes")
        let after = try s.state("after")
        XCTAssertEqual(after.logActions, ["delete"], "nothing to undo after the window")
        XCTAssertFalse(after.items.contains { $0["id"] as? String == "inbox-2" })
        XCTAssertNil(try ItemStore(path: database).item(id: "inbox-2"), "purged when the window closed")
    }

    func testALongUndoWindowKeepsUndoOnScreenForAllOfIt() throws {
        // undo_window_s = 10: the toast went after 5 s, leaving an item that could be restored
        // but no way to restore it.
        let s = try Scenario(Self.delete + """
            at 7000 state kept.json
            at 8000 \(Self.undoTap)
            at 8500 state undone.json
            at 8600 end
            """, config: "[data]\nundo_window_s = 10\n")
        XCTAssertEqual(try s.state("kept")["toast"] as? String, "Deleted", "still offered 7 s after the delete")
        let undone = try s.state("undone")
        XCTAssertEqual(undone.logActions, ["delete", "undo-delete"])
        XCTAssertTrue(undone.items.contains { $0["id"] as? String == "inbox-2" })
    }

    func testAFractionalUndoWindowIsKeptToTheFrame() throws {
        // undo_window_s = 0.25: offered at 0.2 s after the delete, gone (and purged) at 0.3 s.
        let replay = try session("[data]\nundo_window_s = 0.25\n", Self.delete)
        let app = replay.app
        var ms = 250.0
        while ms < 600, !app.log.contains(where: { $0.action == "delete" }) {
            ms += 10
            try replay.run(untilMs: ms)
        }
        let deleted = try XCTUnwrap(app.log.first { $0.action == "delete" }).timeMs
        XCTAssertLessThanOrEqual(Double(deleted), ms)
        try replay.run(untilMs: Double(deleted) + 200)
        XCTAssertEqual(app.scene.toast?.actionTitle, "Undo")
        XCTAssertNotNil(try app.store.item(id: "inbox-2"))
        try replay.run(untilMs: Double(deleted) + 300)
        XCTAssertNil(app.scene.toast, "gone with the window")
        XCTAssertNil(try app.store.item(id: "inbox-2"), "purged with the window")
    }

    func testThePurgeHappensWhenTheWindowClosesThoughNothingIsDrawn() throws {
        // undo_window_s = 10 and nobody touches the kiosk: after the idle reset at 2 s took the
        // toast away no frame is wanted, and the loop used to sleep until the next touch before
        // purging.
        let replay = try session("[idle]\nreset_after_s = 2\n[data]\nundo_window_s = 10\n", Self.delete)
        try replay.run(untilMs: 5_000)
        XCTAssertFalse(replay.app.undoable.entries.isEmpty, "the window is still open")
        try replay.run(untilMs: 30_000)
        XCTAssertTrue(replay.app.undoable.entries.isEmpty, "the window closed at about 10.3 s")
        XCTAssertNil(try replay.app.store.item(id: "inbox-2"), "purged without a touch")
    }

    func testTheIdleResetTakesThePreviousPersonsUndoAway() throws {
        // undo_window_s = 600 keeps Undo on screen for 10 minutes; the idle reset after 5 s
        // clears the screen for the next person, the Undo toast included.
        let s = try Scenario(Self.delete + """
            at 4000 state before.json
            at 6000 state reset.json
            at 6100 \(Self.undoTap)
            at 6500 state after.json
            at 6600 end
            """, config: "[idle]\nreset_after_s = 5\n[data]\nundo_window_s = 600\n")
        XCTAssertEqual(try s.state("before")["toast"] as? String, "Deleted")
        XCTAssertTrue(try s.state("reset")["toast"] is NSNull, "the reset cleared the toast")
        XCTAssertEqual(try s.state("after").logActions.filter { $0 == "undo-delete" }, [], "the next person cannot undo it")
    }

    func testAToastPastItsLifetimeTakesNoTouch() throws {
        // On the device a touch is handled before the next tick removes an expired toast: a tap
        // on the Undo button at the instant the window closes was still taken by the toast.
        let replay = try session("[data]\nundo_window_s = 2\n", Self.delete)
        try replay.run(untilMs: 1_000)
        let scene = replay.app.scene
        let toast = try XCTUnwrap(scene.toast)
        _ = scene.takeEffects()
        scene.handle(TouchEvent(slot: 4, phase: .began, point: Point(x: 836, y: 752), time: toast.expires))
        XCTAssertFalse(scene.takeEffects().contains(.toastAction(id: toast.id)), "Undo is not offered past the window")
    }

    func testTimersRunWhileThePanelIsBlank() throws {
        // blank_after_s = 1 blanks the panel during a 10 s undo window; the loop used to ignore
        // every deadline of the app while blank, so the purge waited for the waking touch.
        let replay = try session("[idle]\nblank_after_s = 1\nreset_after_s = 0\n[data]\nundo_window_s = 10\n", Self.delete)
        try replay.run(untilMs: 2_000)
        XCTAssertTrue(replay.display.isBlanked)
        // Checked before 60 s: the session's one-shot latency report ticks the app then.
        try replay.run(untilMs: 30_000)
        XCTAssertTrue(replay.app.undoable.entries.isEmpty, "purged while blank")
        XCTAssertNil(try replay.app.store.item(id: "inbox-2"))
    }

    func testTheTouchThatWakesABlankPanelShowsTheResetScreen() throws {
        // A long press opens row 2's action sheet and the person walks away. The panel blanks
        // after 2 s; reset_after_s is 120. The touch that wakes the panel at 60 s used to show the
        // previous person's sheet (the reset was neither run while blank nor counted the blank).
        // With reset_after_s = 0 (no reset of its own) blanking resets all the same.
        for reset in ["120", "0"] {
            let config = "[idle]\nblank_after_s = 2\nreset_after_s = \(reset)\n"
            let script = "size 1280x800\nat 0 down 1 640 178\nat 700 up 1\n"
            let replay = try session(config, script)
            try replay.run(untilMs: 1_000)
            XCTAssertNotNil(replay.app.scene.sheet, "the action sheet is up")
            try replay.run(untilMs: 30_000)
            XCTAssertTrue(replay.display.isBlanked)
            XCTAssertTrue(replay.app.idle.resetDone, "reset when the panel blanked, not at the next touch")
            let s = try Scenario(script + "at 60000 tap 640 400\nat 60000 state woken.json\nat 60000 screenshot woken.png\nat 60100 end\n",
                                 config: config)
            let woken = try s.state("woken")
            XCTAssertEqual((woken["display"] as? [String: Any])?["blanked"] as? Bool, false, "the tap woke the panel")
            XCTAssertTrue(woken["sheet"] is NSNull, "no sheet of the previous person")
            XCTAssertEqual(woken.stack, ["inbox"])
            XCTAssertTrue(woken.logActions.isEmpty, "the waking tap did nothing else")
            let fresh = try Scenario("size 1280x800\nat 60000 screenshot woken.png\nat 60100 end\n")
            XCTAssertEqual(try s.bytes("woken"), try fresh.bytes("woken"), "the first frame is the untouched first list")
        }
    }

    func testALongUndoToastWantsNoFramesBetweenItsFades() throws {
        // The Undo toast lasts the window (30 s by default); it used to ask for a frame every
        // refresh for all of its life, although it only moves while it fades in and out.
        let replay = try session("", Self.delete)
        try replay.run(untilMs: 5_000)
        let toast = try XCTUnwrap(replay.app.scene.toast)
        XCTAssertEqual(toast.lifetime, .seconds(30))
        XCTAssertEqual(try XCTUnwrap(replay.app.scene.nextDeadline(after: 5)), toast.expires - .milliseconds(200),
                       "nothing to draw until the fade-out")
        XCTAssertEqual(replay.app.scene.nextDeadline(after: toast.expires - .milliseconds(100)), toast.expires - .milliseconds(100),
                       "every frame of the fade-out")
    }

    func testAFingerRestingOnThePanelKeepsItOnAndUnreset() throws {
        // A finger that rests without moving sends no events: the panel blanked under it after
        // blank_after_s, and the idle reset popped the page it was on after reset_after_s.
        let blank = try Scenario("""
            size 1280x800
            at 0    down 0 640 400
            at 2500 state held.json
            at 3000 up 0
            at 3900 state before.json
            at 4100 state after.json
            at 4200 end
            """, config: "[idle]\nblank_after_s = 1\nreset_after_s = 0\n")
        func blanked(_ name: String) throws -> Bool? { (try blank.state(name)["display"] as? [String: Any])?["blanked"] as? Bool }
        XCTAssertEqual(try blanked("held"), false, "on while touched")
        XCTAssertEqual(try blanked("before"), false)
        XCTAssertEqual(try blanked("after"), true, "1 s after the lift")
        let reset = try Scenario("""
            size 1280x800
            at 0    tap 400 178
            at 200  down 0 640 400
            at 1500 state held.json
            at 1600 up 0
            at 2300 state after.json
            at 2400 end
            """, config: "[idle]\nreset_after_s = 0.5\n")
        XCTAssertEqual(try reset.state("held").stack, ["inbox", "detail:inbox-2"], "no reset under the finger")
        XCTAssertEqual(try reset.state("after").stack, ["inbox"], "reset 0.5 s after the lift")
    }
}
