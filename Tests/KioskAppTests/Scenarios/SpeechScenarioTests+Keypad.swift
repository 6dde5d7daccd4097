// The tactile keypad through `replay` (issue 25): with `key KP…` lines the whole app is driven
// without sight and without a swipe: a list, a row's actions (run, and the item changes in the
// database), the detail page and back, each said in order; repeat; the volume keys (said,
// bounded at 0 and 100, heard in the audio, back at the default after the idle reset); help;
// a map from the configuration; and the actions key with no row focused and on the detail page.
import Foundation
import KioskStore
import XCTest
@testable import KioskApp

extension SpeechScenarioTests {
    static let help = "Keypad. 6: next. 4: previous. Enter: open. 0: back. 8: actions of the row. Dot: repeat. "
        + "Plus: louder. Minus: quieter. 2: stop speaking. 5: help."

    /// Three items of list `inbox` in a real SQLite file.
    func keypadDatabase(in dir: TemporaryDirectory) throws -> String {
        let path = dir.file("items.sqlite3")
        try ItemStore(path: path).insert(["Alpha", "Bravo", "Charlie"].enumerated().map { i, title in
            ItemRecord(id: ItemID(title.lowercased()), listID: "inbox", title: title, subtitle: "", body: "",
                       unread: false, sortKey: Int64(i), updatedAt: 1)
        })
        return path
    }

    func testKeypadReachesARowsActionsAndRunsOneWithoutASwipe() throws {
        let dir = try TemporaryDirectory()
        let database = try keypadDatabase(in: dir)
        let s = try Scenario("""
            size 1280x800
            at 0     key KP6
            at 3000  key KP6
            at 6000  key KP4
            at 9000  key KP8
            at 9500  state sheet.json
            at 12000 key KP6
            at 15000 key KP6
            at 18000 key KPENTER
            at 21000 end
            """, config: "[data]\ndemo_data = false\n", database: database)
        let actions = "Actions: Delete, Flag, More, Read."
        let final = try s.state("final")
        XCTAssertEqual(speech(final).map(\.text), [
            "Inbox. Alpha. 1 of 3. \(actions) Press 5 for help.",
            "Bravo. 2 of 3. \(actions)",
            "Alpha. 1 of 3. \(actions)",
            "Actions. Alpha.",
            "Delete. 1 of 5.",
            "Flag. 2 of 5.",
            "Flag: done. Alpha. Flagged. 1 of 3. \(actions)",
        ])
        XCTAssertEqual(speech(final).map(\.timeMs), [0, 3000, 6000, 9000, 12000, 15000, 18000])
        XCTAssertEqual(try s.state("sheet").sheet?["id"] as? String, "actions:alpha", "8 showed the focused row's actions")
        XCTAssertEqual(final.logActions, ["flag"])
        XCTAssertNil(final.sheet, "running the action closed the sheet")
        XCTAssertEqual(final.rows.compactMap { ($0["swipe"] as? [String: Any])?["state"] as? String }, ["idle", "idle", "idle"],
                       "no row was swiped")
        XCTAssertEqual(try ItemStore(path: database).item(id: ItemID("alpha"))?.flagged, true, "the item changed in the database")
        XCTAssertEqual(try ItemStore(path: database).item(id: ItemID("bravo"))?.flagged, false)
    }

    func testKeypadOpensTheDetailPageAndGoesBackSpeakingInOrder() throws {
        let s = try Scenario("""
            size 1280x800
            at 0     key KP6
            at 500   key KP6
            at 14500 key KPENTER
            at 24500 key KP0
            at 40000 end
            """)
        let final = try s.state("final")
        XCTAssertEqual(speech(final).map(\.text), [
            "Inbox. " + Self.maria + " Press 5 for help.",
            Self.tom,
            "Tom Becker. Lunch on Thursday? The new place near the station has a terrace. 12:30?",
            "Inbox. " + Self.tom,
        ], "the same words as the arrow keys, Enter and Escape say")
        XCTAssertEqual(final.stack, ["inbox"])
        XCTAssertEqual(final["focus"] as? String, "inbox-2")
    }

    func testRepeatSaysTheLastUtteranceAgainButNotThePreviousPersons() throws {
        let s = try Scenario("""
            size 1280x800
            at 0     key KP6
            at 3000  key KPDOT
            at 20000 key KPDOT
            at 23000 end
            """, config: "[idle]\nreset_after_s = 10\n")
        let first = "Inbox. " + Self.maria + " Press 5 for help."
        XCTAssertEqual(speech(try s.state("final")).map(\.text), [first, first, "Inbox. Press 5 for help."],
                       "after the idle reset at 13 s the dot starts the next person's speech afresh")
    }

    func testVolumeKeysSaySteppedBoundedLevelsThatTheIdleResetRestores() throws {
        var script = "size 1280x800\nat 0 key KPPLUS\nat 1000 key KPPLUS\nat 2000 key KPPLUS\nat 2500 state loud.json\n"
        for i in 0..<11 { script += "at \(3000 + 100 * i) key KPMINUS\n" }
        script += "at 4500 state quiet.json\nat 9500 state reset.json\nat 10000 key KP6\nat 16000 end\n"
        let s = try Scenario(script, config: "[accessibility]\nvolume = 80\n[idle]\nreset_after_s = 5\n", audio: true)
        let said = speech(try s.state("final")).map(\.text)
        guard said.count == 15 else { return XCTFail("3 + 11 volume keys and one after the reset: \(said)") }
        XCTAssertEqual(Array(said.prefix(3)), ["Inbox. Volume 90 percent. Press 5 for help.", "Volume 100 percent.", "Volume 100 percent."])
        XCTAssertEqual(Array(said[3..<14]), (0..<11).map { "Volume \(max(0, 90 - 10 * $0)) percent." })
        XCTAssertEqual(said.last, "Inbox. " + Self.maria + " Press 5 for help.")
        XCTAssertEqual(try s.state("loud")["speech_volume"] as? Int, 100, "bounded at 100")
        XCTAssertEqual(try s.state("quiet")["speech_volume"] as? Int, 0, "bounded at 0")
        XCTAssertEqual(try s.state("reset")["speech_volume"] as? Int, 80, "the idle reset at 9.0 s restores the configured volume")
        let wav = try WAV(try s.audio())
        XCTAssertEqual(wav.peak(from: 4.0, to: 10), 0, "volume 0 is silence until the next person")
        XCTAssertGreaterThan(wav.peak(from: 10, to: 12), 1_000, "the next person hears the default volume")
    }

    func testHelpSpeaksTheKeyMap() throws {
        let s = try Scenario("size 1280x800\nat 0 key KP5\nat 10000 key KP6\nat 13000 key KP5\nat 25000 end\n")
        XCTAssertEqual(speech(try s.state("final")).map(\.text), ["Inbox. " + Self.help, Self.maria, Self.help],
                       "5 first says where one is and the map (no \"press 5\"), later the map alone")
    }

    func testAKeypadMapFromTheConfigurationIsUsed() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    key KP2
            at 3000 key KP2
            at 6000 key KP8
            at 9000 key KP5
            at 9500 key KPASTERISK
            at 30000 end
            """, config: "[accessibility.keypad]\nKP2 = \"next\"\nkp8 = \"previous\"\nKP5 = \"none\"\nKEY_KPASTERISK = \"help\"\n")
        let said = speech(try s.state("final")).map(\.text)
        XCTAssertEqual(Array(said.prefix(3)), ["Inbox. " + Self.maria + " Press Star for help.", Self.tom, Self.maria])
        XCTAssertEqual(said.count, 4, "5 has no command any more: it says nothing")
        XCTAssertEqual(said.last, "Keypad. 2: next. 6: next. 4: previous. 8: previous. Enter: open. 0: back. Dot: repeat. "
                       + "Plus: louder. Minus: quieter. Star: help.", "the configured keys changed, the others kept")
    }

    /// Back on the first page has nowhere to go: it says so instead of seeming dead; after
    /// going somewhere it goes back as before.
    func testBackAtTheStartSaysSo() throws {
        let s = try Scenario("""
            size 1280x800
            at 0     key KP0
            at 500   state root.json
            at 3000  key KP6
            at 6000  key KPENTER
            at 9000  key KP0
            at 9500  state back.json
            at 12000 end
            """)
        let root = speech(try s.state("root")).map(\.text)
        XCTAssertEqual(root.first?.contains(KioskApplication.atTheStartPhrase.text), true, "\(root)")
        XCTAssertEqual(try s.state("root").stack, ["inbox"])
        let back = try s.state("back")
        XCTAssertEqual(back.stack, ["inbox"], "back from the detail page")
        XCTAssertFalse(speech(back).map(\.text).last?.contains(KioskApplication.atTheStartPhrase.text) ?? true, "only said where there is no way back")
    }

    func testActionsWithoutAFocusedRowSaySoAndOnTheDetailPageListTheItemsActions() throws {
        let s = try Scenario("""
            size 1280x800
            at 0     key KP8
            at 3000  key KP6
            at 6000  key KPENTER
            at 16000 key KP8
            at 16500 state sheet.json
            at 19000 end
            """)
        let said = speech(try s.state("final")).map(\.text)
        XCTAssertEqual(said.first, "No row chosen. Inbox. Press 5 for help.")
        XCTAssertEqual(said.last, "Actions. Maria Gonzalez.")
        let sheet = try s.state("sheet")
        XCTAssertEqual(sheet.stack, ["inbox", "detail:inbox-1"], "over the detail page")
        XCTAssertEqual(sheet.sheet?["id"] as? String, "actions:inbox-1", "the actions of the item the detail page shows")
    }

    func testWithSpeechOnTheFirstKeypadKeyOfASessionSaysWhereHelpIs() throws {
        let s = try Scenario("""
            size 1280x800
            at 0     key DOWN
            at 3000  key KP6
            at 6000  key KP4
            at 20000 key KP6
            at 23000 end
            """, config: "[accessibility]\nspeech = \"on\"\n[idle]\nreset_after_s = 10\n")
        XCTAssertEqual(speech(try s.state("final")).map(\.text), [
            "Inbox.", Self.maria, Self.tom + " Press 5 for help.", Self.maria, Self.maria + " Press 5 for help.",
        ], "on: the page at the start; an arrow key says no hint, the first keypad key does, once until the idle reset at 16 s")
    }

    func testStopSilencesTheUtteranceAtOnce() throws {
        let s = try Scenario("size 1280x800\nat 0 key KP6\nat 500 key KP2\nat 12000 end\n", audio: true)
        let said = speech(try s.state("final"))
        XCTAssertEqual(said.map(\.text), ["Inbox. " + Self.maria + " Press 5 for help."], "stop says nothing itself")
        XCTAssertEqual(said.map(\.interrupted), [true])
        let wav = try WAV(try s.audio())
        XCTAssertGreaterThan(wav.peak(from: 0, to: 0.5), 1_000)
        XCTAssertEqual(wav.duration, 0.5, accuracy: 1.0 / 22_050, "the track ends where 2 stopped it")
    }
}
