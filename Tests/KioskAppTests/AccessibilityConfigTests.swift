// `[accessibility]` (issue 25): the defaults (on-demand speech, the voice from the text, 175
// words a minute, full volume, ALSA's `default`), every key read, and each bad value refused
// with its place in the file, as `check-config` reports it.
import TestSupport
import XCTest
@testable import KioskConfig

final class AccessibilityConfigTests: XCTestCase {
    func lines(_ source: String) -> [String] {
        do { _ = try KioskConfiguration.parse(source, file: "k.toml"); return [] } catch { return error.lines }
    }

    func testDefaultsAndEveryKey() throws {
        let defaults = try KioskConfiguration.parse("", file: "k.toml").accessibility
        XCTAssertEqual(defaults.speech, .onDemand)
        XCTAssertNil(defaults.voice)
        XCTAssertEqual(defaults.rate, 175)
        XCTAssertEqual(defaults.volume, 100)
        XCTAssertEqual(defaults.audioDevice, "default")
        let set = try KioskConfiguration.parse("""
            [accessibility]
            speech = "on"
            voice = "en-GB-x-rp"
            rate = 250
            volume = 40
            audio_device = "default:CARD=PCH"
            """, file: "k.toml").accessibility
        XCTAssertEqual(set.speech, .on)
        XCTAssertEqual(set.voice, "en-GB-x-rp")
        XCTAssertEqual(set.rate, 250)
        XCTAssertEqual(set.volume, 40)
        XCTAssertEqual(set.audioDevice, "default:CARD=PCH")
    }

    func testBadValuesAreReportedWhereTheyAre() {
        XCTAssertEqual(lines("[accessibility]\nspeech = \"loud\""),
                       ["k.toml:2:10: unknown value \"loud\" for accessibility.speech; expected one of: off, on, on-demand"])
        XCTAssertEqual(lines("[accessibility]\nrate = 20"), ["k.toml:2:8: accessibility.rate must be between 80 and 450, not 20"])
        XCTAssertEqual(lines("[accessibility]\nvolume = 101"), ["k.toml:2:10: accessibility.volume must be between 0 and 100, not 101"])
        XCTAssertEqual(lines("[accessibility]\nvoice = \"en; rm\""), [
            "k.toml:2:9: accessibility.voice must be an espeak-ng voice name such as \"en\" or \"en-GB-x-rp\" "
                + "(letters, digits and hyphens), not \"en; rm\"",
        ])
        XCTAssertEqual(lines("[accessibility]\naudio_device = \"\""),
                       ["k.toml:2:16: accessibility.audio_device must be an ALSA device name such as \"default\" or \"plughw:1\""])
        XCTAssertEqual(lines("[accessibility]\nspeak = \"on\"").count, 1, "an unknown key is refused")
        // A diagnostic is one bounded line whatever it quotes (ConfigDiagnostic.messageScalars).
        let long = lines("[accessibility]\nvoice = \"" + String(repeating: "v", count: 10_000) + "\"")
        XCTAssertEqual(long.count, 1)
        XCTAssertLessThan(long.first?.unicodeScalars.count ?? .max, ConfigDiagnostic.messageScalars + 40, "a 10 KB voice name is not echoed whole")
        XCTAssertTrue(long.first?.hasSuffix("…") == true)
        let choice = lines("[accessibility]\nspeech = \"" + String(repeating: "loud", count: 5_000) + "\"")
        XCTAssertTrue(choice.first?.hasSuffix("expected one of: off, on, on-demand") == true, "the value is quoted short, the hint stays: \(choice)")
        let marks = lines("[accessibility]\nvoice = \"e" + String(repeating: "\u{301}", count: 30_000) + "\"")
        XCTAssertLessThan(marks.first?.unicodeScalars.count ?? .max, ConfigDiagnostic.messageScalars + 40, "nor 30,000 combining marks")
    }

    /// A time-out warning on a kiosk with no idle reset (`reset_after_s = 0`, no blanking) would never show: check-config says so
    /// at the key (a warning, exit 0); with an idle reset it says nothing.
    func testCheckConfigWarnsOfATimeOutWarningWithNoIdleReset() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try "[idle]\nreset_after_s = 0\n[accessibility]\ntimeout_warning = 15\n".write(toFile: config, atomically: true, encoding: .utf8)
        let never = try KioskProcess(["check-config", config])
        XCTAssertEqual(never.status, 0)
        XCTAssertTrue(never.standardError.contains("\(config):4:19: warning: accessibility.timeout_warning is never shown"), never.standardError)
        try "[idle]\nreset_after_s = 60\n[accessibility]\ntimeout_warning = 15\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shown = try KioskProcess(["check-config", config])
        XCTAssertEqual(shown.status, 0)
        XCTAssertFalse(shown.standardError.contains("timeout_warning"), shown.standardError)
    }

    /// check-config asks espeak-ng: a misspelt voice and an MBROLA voice (which needs the mbrola
    /// program) are refused at their value; a voice file's name and a language name pass.
    func testCheckConfigRefusesAVoiceEspeakNGLacks() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        for (voice, status) in [("zz", Int32(65)), ("mb-de1", 65), ("en-GB-x-rp", 0), ("de", 0), ("German", 0)] {
            try "[accessibility]\nvoice = \"\(voice)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            let run = try KioskProcess(["check-config", config])
            XCTAssertEqual(run.status, status, "\(voice): \(run.standardError)")
            if status != 0 {
                XCTAssertTrue(run.standardError.hasPrefix("\(config):2:9: accessibility.voice: espeak-ng has no voice \"\(voice)\""), run.standardError)
            }
        }
        try "[accessibility]\nspeech = \"off\"\nvoice = \"zz\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(try KioskProcess(["check-config", config]).status, 0, "with speech off no voice is used")
    }
}
