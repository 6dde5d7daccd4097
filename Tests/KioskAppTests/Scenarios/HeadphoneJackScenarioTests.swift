// The headphone jack through `replay` (issue 25; EN 301 549 5.1.3.2): a plug starts on-demand
// speech as a key does, speech stays on through idle resets while the plug is in, and pulling
// it out leaves speech on only until the next idle reset. The script's `switch headphone in|out`
// lines stand for the jack's evdev switch (SW_HEADPHONE_INSERT), which the VM suite drives for
// real through uinput.
import Foundation
import XCTest

final class HeadphoneJackScenarioTests: XCTestCase {
    func said(_ state: [String: Any]) -> [String] {
        (state["speech"] as? [[String: Any]] ?? []).map { $0["text"] as? String ?? "" }
    }

    func times(_ state: [String: Any]) -> [Int] {
        (state["speech"] as? [[String: Any]] ?? []).map { $0["time_ms"] as? Int ?? -1 }
    }

    func testPluggingHeadphonesStartsOnDemandSpeech() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    tap 640 32
            at 999  state before.json
            at 1000 switch headphone in
            at 4000 end
            """, audio: true)
        XCTAssertEqual(said(try s.state("before")), [], "on-demand: nothing before the plug")
        let final = try s.state("final")
        XCTAssertEqual(said(final), ["Inbox."], "the plug starts speech with the page, as a key does")
        XCTAssertEqual(times(final), [1000])
        let wav = try WAV(try s.audio())
        XCTAssertEqual(wav.peak(from: 0, to: 1), 0, "silence before the plug")
        XCTAssertGreaterThan(wav.peak(from: 1, to: 1.5), 1_000, "speech from the plug on")
    }

    func testAPlugWakesABlankedPanelAndStillReachesTheApp() throws {
        func blanked(_ state: [String: Any]) -> Bool? { (state["display"] as? [String: Any])?["blanked"] as? Bool }
        let s = try Scenario("""
            size 1280x800
            at 0    tap 640 32
            at 2500 state dark.json
            at 3000 switch headphone in
            at 3100 state lit.json
            at 3500 end
            """, config: "[idle]\nblank_after_s = 1\n")
        XCTAssertEqual(blanked(try s.state("dark")), true)
        let lit = try s.state("lit")
        XCTAssertEqual(blanked(lit), false, "the plug woke the panel, as a key would")
        XCTAssertEqual(said(lit), ["Inbox."], "unlike a key's, the plug that woke it was delivered: speech started")
    }

    func testAPlugDuringTheTimeOutWarningGivesMoreTime() throws {
        let s = try Scenario("""
            size 1280x800
            at 0     tap 640 32
            at 21000 state warned.json
            at 22000 switch headphone in
            at 22100 state plugged.json
            at 31000 state later.json
            at 31500 end
            """, config: "[idle]\nreset_after_s = 30\n[accessibility]\ntimeout_warning = 10\n")
        XCTAssertNotNil(try s.state("warned")["timeout_warning"] as? String, "the warning shows 10 s before the reset")
        let plugged = try s.state("plugged")
        XCTAssertNil(plugged["timeout_warning"] as? String, "the plug took the warning away, as a key does")
        XCTAssertEqual(said(plugged).last, "More time given. Inbox.", "said, then the page: the plug started speech")
        XCTAssertNil(try s.state("later")["timeout_warning"] as? String, "full time again: no warning 9 s after the plug")
    }

    /// The idle reset comes 1 s after the plug; a tap then opens the detail page.
    static func afterTheReset(unplugAt: Int?) -> String {
        """
        size 1280x800
        at 0    switch headphone in
        \(unplugAt.map { "at \($0) switch headphone out" } ?? "")
        at 3000 tap 640 200
        at 4000 end
        """
    }

    static let config = "[idle]\nreset_after_s = 1\n"

    func testWhilePluggedInSpeechOutlastsTheIdleReset() throws {
        let s = try Scenario(Self.afterTheReset(unplugAt: nil), config: Self.config)
        let final = try s.state("final")
        XCTAssertEqual(said(final), ["Inbox.", "Tom Becker. Lunch on Thursday? The new place near the station has a terrace. 12:30?"],
                       "the detail page a tap opened after the reset is said: the plug is still in")
        XCTAssertEqual(times(final), [0, 3060])
    }

    func testUnpluggedSpeechEndsAtTheNextIdleReset() throws {
        let s = try Scenario(Self.afterTheReset(unplugAt: 500), config: Self.config)
        XCTAssertEqual(said(try s.state("final")), ["Inbox."], "after the reset a tap says nothing: the plug is out")
        let kept = try Scenario(Self.afterTheReset(unplugAt: 2900), config: "[idle]\nreset_after_s = 5\n")
        XCTAssertEqual(said(try kept.state("final")).count, 2, "before the reset, an unplug leaves speech on")
    }
}
