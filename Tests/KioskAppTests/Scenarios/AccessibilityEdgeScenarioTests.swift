// Accessibility edge cases an adversarial review found (issue 25): a voice given by its
// language name; one keypad key given twice; the 3 s hold that starts speech, held over a
// button, must not press it; a keypad key without a command restarts the idle time. Each
// failed before its fix.
import Foundation
import XCTest
@testable import KioskApp

final class AccessibilityEdgeScenarioTests: XCTestCase {
    private func config(_ text: String) throws -> String {
        let directory = NSTemporaryDirectory() + "a11y-edge-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/config.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `voice = "en-gb"` (a language name, as `espeak-ng -v` and espeak_ng_SetVoiceByName take
    /// it) passes check-config.
    func testALanguageVoiceNameEspeakAcceptsIsAccepted() throws {
        for voice in ["en-gb", "fr-fr"] {
            let run = try KioskProcess(["check-config", try config("[accessibility]\nspeech = \"on\"\nvoice = \"\(voice)\"\n")])
            XCTAssertEqual(run.status, 0, "\(voice): \(run.standardError)")
        }
    }

    /// `kp5` and `KP5` in one keypad table are one key given twice: refused at the second,
    /// whichever line the TOML table lists first.
    func testTwoEntriesForOneKeypadKeyAreRefused() throws {
        let path = try config("[accessibility]\nspeech = \"on\"\n[accessibility.keypad]\nkp5 = \"stop\"\nKP5 = \"help\"\n")
        let run = try KioskProcess(["check-config", path])
        XCTAssertEqual(run.status, 65, "a duplicate key should be reported at its line: \(run.standardError)")
        XCTAssertTrue(run.standardError.contains("is the key \"KP5\" names already (KP5)") ||
                      run.standardError.contains("is the key \"kp5\" names already (KP5)"), run.standardError)
    }

    /// The 3 s hold that starts speech, held over the back button, only starts speech: the
    /// finger is taken from the scene (cancelled), so its release presses nothing.
    func testTheSpeechStartHoldOverTheBackButtonDoesNotGoBack() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    tap 640 130
            at 900  state opened.json
            at 1000 down 0 40 46
            at 4500 up 0
            at 5000 state held.json
            at 5100 end
            """)
        func stack(_ state: [String: Any]) -> [String] {
            (state["navigation"] as? [String: Any])?["stack"] as? [String] ?? []
        }
        XCTAssertEqual(stack(try s.state("opened")), ["inbox", "detail:inbox-1"])
        let held = try s.state("held")
        let said = (held["speech"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        XCTAssertFalse(said.isEmpty, "the hold started speech")
        XCTAssertEqual(stack(held), ["inbox", "detail:inbox-1"], "the hold went back: \(said)")
    }

    /// A keypad key without a command (KP7 by default) is a person at the keypad: the idle
    /// time starts again, so the reset does not cut what it started.
    func testAKeypadKeyWithoutACommandRestartsTheIdleTime() throws {
        let s = try Scenario("""
            size 1280x800
            at 0     tap 640 130
            at 29000 key KP7
            at 31000 state after.json
            at 31100 end
            """, config: "[data]\ndemo_data = true\n[idle]\nreset_after_s = 30\n[accessibility]\ntimeout_warning = 0\n")
        let after = try s.state("after")
        let stack = (after["navigation"] as? [String: Any])?["stack"] as? [String] ?? []
        let speech = after["speech"] as? [[String: Any]] ?? []
        XCTAssertEqual(stack, ["inbox", "detail:inbox-1"], "reset 1 s after the key")
        XCTAssertEqual(speech.last?["interrupted"] as? Bool, false, "the key's speech was cut by the reset: \(speech)")
    }
}
