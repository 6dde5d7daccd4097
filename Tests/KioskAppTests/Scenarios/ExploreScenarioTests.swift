// Explore by touch through `replay` (issue 25): after the start gesture (one finger held still
// for 3 s, which starts on-demand speech), a finger on the list speaks the rows under it and acts on nothing (the database file is unchanged); a double tap anywhere opens
// the focused row; flicks move the focus as the arrow keys do; vertical flicks reach a row's
// actions and a double tap runs the chosen one (Delete: the row is gone from the database); the
// back button, a sheet row and the toast are spoken and pressed the same way. A long press or a
// scroll is no start gesture; without it a swipe opens a row as before, with speech on too.
import Foundation
import XCTest
@testable import KioskStore

final class ExploreScenarioTests: XCTestCase {
    static let on = "[accessibility]\nspeech = \"on\"\n"

    /// `script` (times from 1000 ms on) after the start gesture: a finger held on the title from
    /// 0 to 3.1 s; the script's times move 3 s later.
    static func afterStartGesture(_ script: String) -> String {
        let shifted = script.split(separator: "\n").map { line -> String in
            guard line.hasPrefix("at "), let time = Int(line.dropFirst(3).prefix { $0.isNumber }) else { return String(line) }
            return "at \(time + 3_000)" + line.dropFirst(3).drop { $0.isNumber }
        }
        return "size 1280x800\nat 0 down 0 640 32\nat 3100 up 0\n" + shifted.filter { !$0.hasPrefix("size") }.joined(separator: "\n") + "\n"
    }
    static let actions = SpeechScenarioTests.actions
    static let maria = SpeechScenarioTests.maria
    static let tom = SpeechScenarioTests.tom

    func said(_ state: [String: Any]) -> [String] {
        (state["speech"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    func focus(_ state: [String: Any]) -> String? { state["focus"] as? String }

    /// A database file with the demo items (the app seeds it on its first run).
    func demoDatabase() throws -> (directory: TemporaryDirectory, path: String, items: [ItemRecord]) {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        _ = try Scenario("at 0 end\n", database: path)
        return (dir, path, try records(path))
    }

    func records(_ path: String) throws -> [ItemRecord] {
        try ItemStore(path: path).items(ItemQuery(listID: "inbox"), limit: 1_000)
    }

    func testAFingerOnTheListSpeaksEachRowItCrossesAndActsOnNothing() throws {
        let db = try demoDatabase()
        let s = try Scenario(Self.afterStartGesture("""
            size 1280x800
            at 1000 down 0 640 130
            at 1500 move 0 640 150
            at 2000 move 0 640 206
            at 3000 move 0 640 282
            at 4000 up 0
            at 4000 state held.json
            at 5000 end
            """), database: db.path)
        let held = try s.state("held")
        let spoken = said(held)
        XCTAssertEqual(Array(spoken.prefix(3)), ["Inbox.", Self.maria, Self.tom],
                       "the page at the start; then each row once as the finger reaches it (the move within Maria's row says nothing)")
        XCTAssertEqual(spoken.count, 4)
        let third = spoken.dropFirst(3).first ?? ""
        XCTAssertTrue(third.hasPrefix("Service Desk."), third)
        XCTAssertTrue(third.hasSuffix("3 of 21. \(Self.actions)"), third)
        XCTAssertEqual(focus(held), "inbox-3", "the focus is where the finger left it")
        XCTAssertEqual(held.stack, ["inbox"], "no row opened")
        XCTAssertNil(held.sheet, "no long press")
        XCTAssertEqual(held.swipeState("inbox-1"), "idle")
        XCTAssertTrue(held.logActions.isEmpty)
        XCTAssertEqual(try records(db.path), db.items, "the database is unchanged")
    }

    func testADoubleTapAnywhereOpensTheFocusedRow() throws {
        let s = try Scenario(Self.afterStartGesture("""
            size 1280x800
            at 1000 tap 300 206
            at 2000 state explored.json
            at 2000 screenshot explored.png
            at 3000 tap 900 700
            at 3150 tap 900 700
            at 4000 state opened.json
            at 5000 end
            """))
        let explored = try s.state("explored")
        XCTAssertEqual(said(explored).last, Self.tom, "one tap speaks the row under it")
        XCTAssertEqual(explored.stack, ["inbox"], "and does not open it")
        XCTAssertEqual(focus(explored), "inbox-2")
        let frame = try XCTUnwrap(explored.rowFrame("inbox-2"))
        XCTAssertTrue(try s.image("explored").matches(Int(frame[0]) + 3, Int(frame[1] + frame[3] / 2), KeyboardFocusScenarioTests.accent, tolerance: 8),
                      "the focus ring is drawn on it, for a helper who looks")
        let opened = try s.state("opened")
        XCTAssertEqual(opened.stack, ["inbox", "detail:inbox-2"], "the double tap far from the row opened the focused one")
        XCTAssertEqual(said(opened).last, "Tom Becker. Lunch on Thursday? The new place near the station has a terrace. 12:30?")
    }

    func testFlicksMoveTheFocusAsTheArrowKeysDo() throws {
        let s = try Scenario(Self.afterStartGesture("""
            size 1280x800
            at 1000 swipe 0 400 500 700 500 100
            at 2000 swipe 0 400 500 700 520 100
            at 2500 state second.json
            at 3000 swipe 0 700 500 400 500 100
            at 3500 state back.json
            at 4000 end
            """))
        let second = try s.state("second")
        XCTAssertEqual(said(second), ["Inbox.", Self.maria, Self.tom], "next from no focus is the first row on screen, then the row after it")
        XCTAssertEqual(focus(second), "inbox-2")
        XCTAssertEqual(second.swipeState("inbox-2"), "idle", "a flick over a row does not swipe it")
        let back = try s.state("back")
        XCTAssertEqual(said(back).last, Self.maria)
        XCTAssertEqual(focus(back), "inbox-1")
        XCTAssertTrue(back.logActions.isEmpty)
    }

    func testTheActionsOfTheFocusedRowAreAListAndADoubleTapRunsDelete() throws {
        let db = try demoDatabase()
        let s = try Scenario(Self.afterStartGesture("""
            size 1280x800
            at 1000 tap 300 206
            at 2000 swipe 0 640 400 640 600 100
            at 2500 swipe 0 640 400 640 600 100
            at 3000 swipe 0 640 600 640 400 100
            at 3500 state chosen.json
            at 4000 tap 640 500
            at 4150 tap 640 500
            at 6000 state deleted.json
            at 6100 end
            """), database: db.path)
        let chosen = try s.state("chosen")
        XCTAssertEqual(Array(said(chosen).suffix(4)), [Self.tom, "Actions: Delete.", "Flag.", "Actions: Delete."],
                       "down, down, up: through the actions and back to the first")
        XCTAssertTrue(chosen.logActions.isEmpty, "choosing runs nothing")
        let deleted = try s.state("deleted")
        XCTAssertEqual(deleted.logActions, ["delete"])
        XCTAssertFalse(deleted.items.contains { $0["id"] as? String == "inbox-2" })
        XCTAssertNotNil(try ItemStore(path: db.path).item(id: ItemID("inbox-2"))?.deletedAt, "the row is gone in the database")
        XCTAssertEqual(try records(db.path).map(\.id), db.items.map(\.id).filter { $0 != ItemID("inbox-2") }, "only it")
        XCTAssertTrue(said(deleted).contains("Deleted. Undo available."), "\(said(deleted))")
    }

    /// The Styles cog in the navigation bar is an element too: touched it is said and not
    /// pressed; a double tap presses it (it was unreachable in explore mode).
    func testTheStylesCogIsSpokenAndADoubleTapOpensItsSheet() throws {
        let s = try Scenario(Self.afterStartGesture("""
            size 1280x800
            at 1000 tap 1248 32
            at 1800 state cog.json
            at 2000 tap 640 500
            at 2150 tap 640 500
            at 3000 state sheet.json
            at 3100 end
            """), config: Self.on)
        let cog = try s.state("cog")
        XCTAssertEqual(said(cog).last, "Styles. Button.", "a tap on the cog speaks it")
        XCTAssertNil(cog.sheet, "and does not open the sheet")
        XCTAssertEqual(try s.state("sheet").sheet?["id"] as? String, "styles", "the double tap pressed it")
    }

    func testTheDetailPageAndItsBackButtonAreExploredAndFlickedThroughAndADoubleTapGoesBack() throws {
        let s = try Scenario(Self.afterStartGesture("""
            size 1280x800
            at 1000 tap 300 206
            at 1500 tap 640 700
            at 1650 tap 640 700
            at 3000 tap 40 32
            at 3800 state button.json
            at 4000 swipe 0 400 500 700 500 100
            at 4500 state text.json
            at 5000 tap 640 300
            at 6000 swipe 0 700 500 400 500 100
            at 6500 state back.json
            at 7000 tap 640 700
            at 7150 tap 640 700
            at 8000 state popped.json
            at 8100 end
            """))
        let detail = "Tom Becker. Lunch on Thursday? The new place near the station has a terrace. 12:30?"
        let button = try s.state("button")
        XCTAssertEqual(button.stack, ["inbox", "detail:inbox-2"])
        XCTAssertEqual(said(button).last, "Back. Button.", "a tap on the back button speaks it and does not go back")
        XCTAssertEqual(said(try s.state("text")).last, detail, "a flick right from the button: the page's text")
        let back = try s.state("back")
        XCTAssertEqual(Array(said(back).suffix(2)), [detail, "Back. Button."], "a tap on the text says it; a flick left: the button")
        XCTAssertEqual(back.stack, ["inbox", "detail:inbox-2"])
        XCTAssertEqual(try s.state("popped").stack, ["inbox"], "the double tap pressed it")
    }

    func testHoldingOneFingerStillForThreeSecondsStartsOnDemandSpeech() throws {
        let s = try Scenario("""
            size 1280x800
            at 1000 down 0 640 32
            at 3900 state before.json
            at 4000 state after.json
            at 4500 up 0
            at 6000 tap 300 206
            at 7000 state explored.json
            at 7100 end
            """)
        XCTAssertEqual(said(try s.state("before")), [], "on-demand: silent until the gesture")
        XCTAssertEqual(said(try s.state("after")), ["Inbox."], "three seconds held: speech starts with the page")
        let explored = try s.state("explored")
        XCTAssertEqual(said(explored).last, Self.tom, "and the next touch explores")
        XCTAssertEqual(explored.stack, ["inbox"])
    }

    func testALongPressAndAScrollDoNotStartSpeech() throws {
        let s = try Scenario("""
            size 1280x800
            at 1000 down 0 640 206
            at 2000 up 0
            at 2500 tap 640 100
            at 3000 down 0 640 600
            at 3100 move 0 640 500
            at 6500 up 0
            at 8000 end
            """)
        let final = try s.state("final")
        XCTAssertTrue(final.hapticEvents.contains("long-press"), "the long press did what it does")
        XCTAssertNil(final.sheet, "the tap above it dismissed the actions sheet")
        XCTAssertEqual(said(final), [], "neither started speech")
    }

    func testWithoutTheStartGestureASwipeOpensTheRowAsBeforeWithSpeechOnToo() throws {
        let script = "size 1280x800\nat 1000 swipe 0 1100 206 700 206 300\nat 2000 state swiped.json\nat 2100 end\n"
        XCTAssertEqual(try Scenario(script).state("swiped").swipeState("inbox-2"), "open", "on-demand, not started")
        XCTAssertEqual(try Scenario(script, config: Self.on).state("swiped").swipeState("inbox-2"), "open",
                       "speech on: a sighted passer-by still swipes")
        let keyed = try Scenario(script.replacingOccurrences(of: "at 1000", with: "at 500 key DOWN\nat 1000"))
        XCTAssertEqual(said(try keyed.state("swiped")).count, 1, "a key started speech")
        XCTAssertEqual(try keyed.state("swiped").swipeState("inbox-2"), "open", "and touch works as before for the keypad user")

        let exploring = try Scenario(Self.afterStartGesture(script), config: Self.on)
        let swiped = try exploring.state("swiped")
        XCTAssertEqual(swiped.swipeState("inbox-2"), "idle", "after the start gesture the same swipe does not move the row")
        XCTAssertEqual(swiped["focus"] as? String, "inbox-2", "held past 0.25 s, the finger explored the row it is on")
        XCTAssertEqual(said(swiped), ["Inbox.", "Inbox.", Self.tom], "speech on: the gesture says the page again, where the person is")
    }

    func testWithSpeechOffTheHoldStartsNothing() throws {
        let s = try Scenario(Self.afterStartGesture("at 1000 tap 300 206\nat 2000 end"), config: "[accessibility]\nspeech = \"off\"\n")
        let final = try s.state("final")
        XCTAssertEqual(said(final), [])
        XCTAssertEqual(final.stack, ["inbox", "detail:inbox-2"], "the tap opened the row as always")
    }

    func testASheetRowAndTheToastAreExploredAndPressedByADoubleTap() throws {
        let s = try Scenario(Self.afterStartGesture("""
            size 1280x800
            at 1000 tap 300 206
            at 1500 tap 640 700
            at 1650 tap 640 700
            at 2500 state sheet.json
            at 3000 tap 640 548
            at 4000 state row.json
            at 4500 tap 640 200
            at 4650 tap 640 200
            at 6000 state deleted.json
            at 6500 tap 640 752
            at 7500 state toast.json
            at 8000 tap 300 400
            at 8150 tap 300 400
            at 9500 state undone.json
            at 9600 end
            """), config: "[sheet]\ndetail_as_sheet = true\n")
        let sheet = try s.state("sheet")
        XCTAssertEqual(sheet.sheet?["id"] as? String, "detail:inbox-2", "the double tap opened the focused row's sheet")
        XCTAssertEqual(sheet.sheet?["frame"] as? [Double], [0, 405, 1280, 395], "its first row is at y 520–576 (below the title and text)")
        XCTAssertEqual(said(try s.state("row")).last, "Delete. 1 of 5.", "one tap on a sheet row speaks it")
        let deleted = try s.state("deleted")
        XCTAssertEqual(deleted.logActions, ["delete"], "the double tap above the sheet's rows chose the focused one")
        XCTAssertEqual(said(deleted).last, "Deleted. Undo available.")
        XCTAssertEqual(said(try s.state("toast")).last, "Deleted. Undo available.", "the toast is spoken again when touched")
        let undone = try s.state("undone")
        XCTAssertTrue(undone.items.contains { $0["id"] as? String == "inbox-2" }, "the double tap pressed Undo")
        XCTAssertEqual(undone.logActions, ["delete", "undo-delete"])
    }
}
