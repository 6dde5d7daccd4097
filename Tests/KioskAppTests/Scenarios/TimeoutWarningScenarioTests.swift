// The time-out warning (issue 25): `[accessibility] timeout_warning` seconds before the idle
// reset a card asks "Still there?" and, with speech on, says so; a touch or a key then gives the
// full idle time again, takes the card away and says that more time was given; without input the
// reset comes when it always did. Through `replay` at explicit virtual times, and on a
// ReplaySession to show the warning is a timer of the loop (it comes with no frame drawn before it).
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskReplay
@testable import KioskStore
import KioskUI

final class TimeoutWarningScenarioTests: XCTestCase {
    /// Reset after 30 s, warned 10 s before, speech on. The last input of `open` is its finger's
    /// lift at 60 ms: the warning is due at 20.06 s, the reset at 30.06 s.
    static let config = "[idle]\nreset_after_s = 30\n[accessibility]\nspeech = \"on\"\ntimeout_warning = 10\n"
    /// Opens row 2's detail page at 0 ms: the session the reset ends (the stack goes back to the list).
    static let open = "size 1280x800\nat 0 tap 400 178\n"
    static let words = "Still there? Touch the screen for more time"
    /// Inside the card's left padding, in the middle of a 1280 x 800 screen.
    static let cardPixel = (x: 370, y: 400)
    static let toast: UInt32 = 0x323232

    func warning(_ state: [String: Any]) -> String? { state["timeout_warning"] as? String }

    func spoken(_ state: [String: Any]) -> [(ms: Int, text: String)] {
        (state["speech"] as? [[String: Any]] ?? []).map { (($0["time_ms"] as? Int) ?? -1, ($0["text"] as? String) ?? "") }
    }

    func testTheWarningShowsAndIsSpokenAtResetLessNThenTheResetComesAsBefore() throws {
        let s = try Scenario(Self.open + """
            at 20000 state before.json
            at 20000 screenshot before.png
            at 20060 state warned.json
            at 20060 screenshot warned.png
            at 30000 state late.json
            at 30060 state reset.json
            at 30060 screenshot reset.png
            at 30100 end
            """, config: Self.config)
        let before = try s.state("before"), warned = try s.state("warned"), late = try s.state("late"), reset = try s.state("reset")
        XCTAssertNil(warning(before), "no warning before reset - N")
        XCTAssertEqual(before.stack, ["inbox", "detail:inbox-2"])
        XCTAssertFalse(try s.image("before").matches(Self.cardPixel.x, Self.cardPixel.y, Self.toast))
        XCTAssertEqual(warning(warned), Self.words, "the banner at reset - N")
        XCTAssertTrue(try s.image("warned").matches(Self.cardPixel.x, Self.cardPixel.y, Self.toast), "and drawn")
        XCTAssertEqual(spoken(warned).last?.ms, 20_060)
        XCTAssertEqual(spoken(warned).last?.text, Self.words + ".", "and said")
        XCTAssertEqual(late.stack, ["inbox", "detail:inbox-2"], "the page stays until the reset")
        XCTAssertEqual(reset.stack, ["inbox"], "the reset comes at 30.06 s as before")
        XCTAssertNil(warning(reset), "and takes the warning away")
        XCTAssertFalse(try s.image("reset").matches(Self.cardPixel.x, Self.cardPixel.y, Self.toast))
    }

    /// A screen switched off by request (`ctl screen off`, the night schedule) is warned to
    /// nobody: no card, nothing said into a dark room; the reset still comes, and with the
    /// screen on again the next warning is given as before.
    func testNoWarningWhileTheScreenIsOffByRequestAndTheResetStillComes() throws {
        let s = try Scenario(Self.open + """
            at 1000  screen off
            at 25000 state dark.json
            at 30100 state reset.json
            at 31000 screen on
            at 31100 tap 400 178
            at 51200 state warned-again.json
            at 51300 end
            """, config: Self.config)
        let dark = try s.state("dark")
        XCTAssertNil(warning(dark), "no card on a dark screen")
        XCTAssertFalse(spoken(dark).contains { $0.text.hasPrefix("Still there?") }, "nothing said: \(spoken(dark))")
        XCTAssertEqual(try s.state("reset").stack, ["inbox"], "the reset came at 30.06 s")
        XCTAssertEqual(warning(try s.state("warned-again")), Self.words, "lit again, the warning is back")
    }

    func testATouchAfterTheWarningGivesTheFullTimeAgainAndSaysSo() throws {
        // The touch at reset - N + 5 s lands on the navigation bar's title, which does nothing else.
        let s = try Scenario(Self.open + """
            at 25000 tap 640 32
            at 25100 state extended.json
            at 25100 screenshot extended.png
            at 31000 state old-reset.json
            at 45000 state before-second.json
            at 45060 state second.json
            at 55060 state reset.json
            at 55100 end
            """, config: Self.config)
        let extended = try s.state("extended")
        XCTAssertNil(warning(extended), "the touch took the warning away")
        XCTAssertFalse(try s.image("extended").matches(Self.cardPixel.x, Self.cardPixel.y, Self.toast))
        XCTAssertTrue(spoken(extended).contains { $0.ms == 25_000 && $0.text.hasPrefix(KioskApplication.timeExtendedPhrase.text) },
                      "the extension is said: \(spoken(extended))")
        XCTAssertEqual(try s.state("old-reset").stack, ["inbox", "detail:inbox-2"], "no reset at the old time")
        XCTAssertNil(warning(try s.state("before-second")))
        XCTAssertEqual(warning(try s.state("second")), Self.words, "warned again 20 s after the touch")
        XCTAssertEqual(try s.state("reset").stack, ["inbox"], "reset 30 s after the touch")
    }

    func testAKeyAnswersTheWarningToo() throws {
        let s = try Scenario(Self.open + "at 20100 state warned.json\nat 21000 key DOWN\nat 21100 state extended.json\n"
                             + "at 31000 state old-reset.json\nat 31100 end\n", config: Self.config)
        XCTAssertEqual(warning(try s.state("warned")), Self.words)
        XCTAssertNil(warning(try s.state("extended")), "the key took it away")
        XCTAssertEqual(try s.state("old-reset").stack, ["inbox", "detail:inbox-2"])
    }

    func testNoWarningWhenTurnedOffAndNoSpeechWhenSpeechIsOff() throws {
        let off = try Scenario(Self.open + "at 25000 state off.json\nat 25100 end\n",
                               config: "[idle]\nreset_after_s = 30\n[accessibility]\ntimeout_warning = 0\n")
        XCTAssertNil(warning(try off.state("off")), "timeout_warning = 0: no warning")
        let silent = try Scenario(Self.open + "at 25000 state silent.json\nat 25100 end\n",
                                  config: "[idle]\nreset_after_s = 30\n[accessibility]\nspeech = \"off\"\ntimeout_warning = 10\n")
        XCTAssertEqual(warning(try silent.state("silent")), Self.words, "shown")
        XCTAssertTrue(spoken(try silent.state("silent")).isEmpty, "not said with speech off")
    }

    func testTheWarningIsATimerOfTheLoopAndComesWithoutFrames() throws {
        var configuration = try KioskConfiguration.parse(Self.config, file: "test.toml")
        configuration.data.demoData = true
        let app = try AppOptions.parse([]).makeApplication(
            configuration: configuration, databasePath: ItemStore.inMemoryPath, size: (1280, 800))
        let replay = try ReplaySession(app: app, width: 1280, height: 800, steps: try TouchScript(parsing: Self.open).steps)
        try replay.run(untilMs: 5_000)
        let frames = replay.display.presentedFrames
        try replay.run(untilMs: 20_050)
        XCTAssertEqual(replay.display.presentedFrames, frames, "nothing drawn while nothing changes")
        XCTAssertNil(replay.app.scene.timeoutWarning)
        try replay.run(untilMs: 20_061)
        XCTAssertEqual(replay.app.scene.timeoutWarning, KioskApplication.timeoutWarning, "the loop woke for it at 20.06 s")
    }

    func testAWarningAsLongAsTheIdleTimeIsRefusedWithItsPlace() {
        for config in ["[idle]\nreset_after_s = 30\n[accessibility]\ntimeout_warning = 30\n",
                       "[idle]\nblank_after_s = 10\n[accessibility]\ntimeout_warning = 20\n"] {
            XCTAssertThrowsError(try KioskConfiguration.parse(config, file: "k.toml")) { error in
                XCTAssertTrue("\(error)".contains("k.toml:4:19: accessibility.timeout_warning must be shorter than the idle time"),
                              "\(error)")
            }
        }
        // The default (20 s) stays out of the way of a shorter idle time instead of failing it.
        XCTAssertNoThrow(try KioskConfiguration.parse("[idle]\nreset_after_s = 5\n", file: "k.toml"))
        XCTAssertNil(AccessibilitySettings().timeoutWarningLead(idle: 5))
        XCTAssertEqual(AccessibilitySettings().timeoutWarningLead(idle: 120), 20)
    }
}
