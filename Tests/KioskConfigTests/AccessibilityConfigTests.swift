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
}
