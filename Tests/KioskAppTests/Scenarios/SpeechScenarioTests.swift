// Speech through `replay` (issue 25): what the state dump's `speech` says, in order, for
// keyboard navigation through a list, onto the detail page, into a sheet and its rows; each
// utterance cutting the one before; `[accessibility] speech` off, on and on-demand (a key starts
// it, the idle reset ends it); voice, rate and volume; and `--audio-out`: a WAV that is speech
// of a plausible length, placed at its virtual time and the same bytes on every run.
import Foundation
import KioskStore
import XCTest

final class SpeechScenarioTests: XCTestCase {
    typealias Utterance = (timeMs: Int, text: String, voice: String, interrupted: Bool)

    func speech(_ state: [String: Any]) -> [Utterance] {
        (state["speech"] as? [[String: Any]] ?? []).map {
            ($0["time_ms"] as? Int ?? -1, $0["text"] as? String ?? "", $0["voice"] as? String ?? "", $0["interrupted"] as? Bool ?? false)
        }
    }

    static let actions = "Actions: Delete, Flag, More, Read."
    static let maria = "Maria Gonzalez. Quarterly report draft. Unread. 1 of 21. \(actions)"
    static let tom = "Tom Becker. Lunch on Thursday? Badge 2. Unread. 2 of 21. \(actions)"

    func testKeysThroughTheListOntoTheDetailPageAndBackSpeakInOrder() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    tap 640 32
            at 500  key DOWN
            at 2500 key DOWN
            at 14500 key ENTER
            at 24500 key ESC
            at 40000 end
            """)
        let said = speech(try s.state("final"))
        XCTAssertEqual(said.map(\.text), [
            "Inbox. " + Self.maria,
            Self.tom,
            "Tom Becker. Lunch on Thursday? The new place near the station has a terrace. 12:30?",
            "Inbox. " + Self.tom,
        ], "the tap says nothing (on-demand waits for a key); then the page and each row, the detail page, the list again")
        XCTAssertEqual(said.map(\.timeMs), [500, 2500, 14500, 24500])
        XCTAssertEqual(said.map(\.voice), ["en", "en", "en", "en"])
        XCTAssertEqual(said.map(\.interrupted), [true, false, false, false],
                       "the first is cut by the next key after 2 s; the others (about 9 s at 175 words a minute) end before the next")
    }

    func testASheetIsSpokenRowByRowAndTheResultOfItsAction() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    key DOWN
            at 100  key DOWN
            at 200  key ENTER
            at 9000 key DOWN
            at 12000 key DOWN
            at 15000 key UP
            at 18000 key ENTER
            at 25000 end
            """, config: "[sheet]\ndetail_as_sheet = true\n")
        let final = try s.state("final")
        XCTAssertEqual(speech(final).map(\.text), [
            "Inbox. " + Self.maria,
            Self.tom,
            "Tom Becker. The new place near the station has a terrace. 12:30?",
            "Delete. 1 of 5.",
            "Flag. 2 of 5.",
            "Delete. 1 of 5.",
            "Deleted. Undo available.",
        ])
        XCTAssertEqual(speech(final).map(\.interrupted), [true, true, false, false, false, false, false],
                       "the first two are cut by the next key at once; the others have 3 s or more")
        XCTAssertEqual(final.logActions, ["delete"], "Enter on the sheet's focused row ran it")
    }

    func testTheResultOfAnActionWithoutAToastIsSaidBeforeTheRowItChanged() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    key DOWN
            at 100  key ENTER
            at 200  key DOWN
            at 300  key DOWN
            at 400  key ENTER
            at 3000 end
            """, config: "[sheet]\ndetail_as_sheet = true\n")
        let said = try speech(s.state("final"))
        XCTAssertEqual(said.last?.text, "Flag: done. Maria Gonzalez. Quarterly report draft. Unread. Flagged. 1 of 21. \(Self.actions)")
        XCTAssertEqual(said.last?.timeMs, 400)
        XCTAssertEqual(said.filter { $0.timeMs == 400 }.count, 1, "one utterance: nothing cuts the result in the same instant")
    }

    func testSpeechOffSaysNothingAndOnSpeaksFromTheStart() throws {
        let script = "size 1280x800\nat 0 key DOWN\nat 3000 end\n"
        let off = try Scenario(script, config: "[accessibility]\nspeech = \"off\"\n", audio: true)
        XCTAssertTrue(speech(try off.state("final")).isEmpty)
        XCTAssertEqual(try off.audio().count, 44, "a WAV header and no samples")

        let on = try Scenario("size 1280x800\nat 0 tap 640 32\nat 3000 end\n", config: "[accessibility]\nspeech = \"on\"\n")
        XCTAssertEqual(speech(try on.state("final")).map(\.text), ["Inbox."], "on: the page is said without a key")

        let keypad = try Scenario("size 1280x800\nat 0 tap 640 32\nat 500 key KP7\nat 3000 end\n")
        XCTAssertEqual(speech(try keypad.state("final")).map(\.text), ["Inbox. Press 5 for help."],
                       "on-demand: any key starts it, a keypad key without a command too, which says where help is")
    }

    func testTheIdleResetEndsOnDemandSpeechUntilTheNextKey() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    key DOWN
            at 500  state before.json
            at 3000 tap 640 32
            at 6000 key UP
            at 6500 key DOWN
            at 9000 end
            """, config: "[idle]\nreset_after_s = 1\n", audio: true)
        XCTAssertEqual(speech(try s.state("before")).map(\.text), ["Inbox. " + Self.maria])
        let said = speech(try s.state("final"))
        XCTAssertEqual(said.map(\.text), ["Inbox. " + Self.maria, "Inbox. " + Self.maria, Self.tom],
                       "after the reset a tap says nothing; the next key starts again with the page")
        XCTAssertEqual(said.map(\.timeMs), [0, 6000, 6500])
        XCTAssertEqual(said.map(\.interrupted), [true, true, true], "the resets at 1 s and 7.5 s cut the first and the last")
        let wav = try WAV(try s.audio())
        XCTAssertGreaterThan(wav.peak(from: 0, to: 1), 1_000)
        XCTAssertEqual(wav.peak(from: 1, to: 6), 0, "silence from the reset to the next key")
        XCTAssertGreaterThan(wav.peak(from: 6, to: 6.5), 1_000)
        XCTAssertGreaterThan(wav.peak(from: 7, to: 7.5), 1_000)
        XCTAssertEqual(wav.duration, 7.5, accuracy: 1.0 / 22_050, "the second reset ends the track")
    }

    /// Two runs of the binary (espeak-ng starts afresh in each, as on the panel), one WAV each.
    func testAudioOutIsSpeechOfAPlausibleLengthAndTheSameEveryRun() throws {
        let dir = try TemporaryDirectory()
        try "size 1280x800\nat 0 key DOWN\nat 700 key DOWN\nat 15000 end\n".write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        for name in ["a.wav", "b.wav"] {
            let run = try KioskProcess(["replay", "s.touch", "--demo", "--audio-out", name], in: dir.path)
            XCTAssertEqual(run.status, 0, run.standardError)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir.file("a.wav")))
        XCTAssertTrue(bytes == (try Data(contentsOf: URL(fileURLWithPath: dir.file("b.wav")))), "bit-identical across runs")
        let wav = try WAV(bytes)
        XCTAssertEqual(wav.sampleRate, 22_050)
        XCTAssertGreaterThan(wav.peak(from: 0, to: 0.7), 1_000, "the first phrase sounds until the next key")
        // The second begins at 0.7 s, where the first was cut: the track from there on is the
        // second phrase alone.
        let seconds = wav.duration - 0.7
        XCTAssertTrue((0.3...10).contains(seconds), "\(seconds) s for one row at the default rate")
        XCTAssertGreaterThan(wav.peak(from: 0.7, to: wav.duration), 1_000)
    }

    func testRateVolumeAndVoiceDoWhatTheySay() throws {
        let script = "size 1280x800\nat 0 key DOWN\nat 30000 end\n"
        func wav(_ config: String) throws -> (WAV, [Utterance]) {
            let s = try Scenario(script, config: "[accessibility]\n" + config, audio: true)
            return (try WAV(try s.audio()), speech(try s.state("final")))
        }
        let slow = try wav("rate = 80\n").0, fast = try wav("rate = 450\n").0
        XCTAssertGreaterThan(slow.duration, 2 * fast.duration, "80 words a minute take far longer than 450")
        let loud = try wav("volume = 100\n").0, quiet = try wav("volume = 20\n").0
        XCTAssertGreaterThan(loud.peak(from: 0, to: loud.duration), 2 * quiet.peak(from: 0, to: quiet.duration))
        XCTAssertEqual(try wav("volume = 0\n").0.peak(from: 0, to: 30), 0, "volume 0 is silence")
        XCTAssertEqual(try wav("voice = \"de\"\n").1.map(\.voice), ["de"], "a configured voice is used for every text")
        XCTAssertEqual(try wav("voice = \"zz\"\n").1.map(\.voice), ["en"], "a voice espeak-ng lacks: the text's script chooses")
    }

    func testAThirtyThousandMarkTitleIsCutAndSaidWithoutHanging() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let hostile = "Zalgo" + String(repeating: "\u{0301}", count: 30_000)
        try ItemStore(path: path).insert([
            ItemRecord(id: ItemID("z"), listID: "inbox", title: hostile, subtitle: "", body: "", unread: false, sortKey: 0, updatedAt: 1),
            ItemRecord(id: ItemID("n"), listID: "inbox", title: "Next", subtitle: "", body: "", unread: false, sortKey: 1, updatedAt: 1),
            ItemRecord(id: ItemID("r"), listID: "inbox", title: "Обед в четверг", subtitle: "", body: "", unread: false, sortKey: 2, updatedAt: 1),
        ])
        let s = try Scenario("size 1280x800\nat 0 key DOWN\nat 500 key DOWN\nat 3000 key DOWN\nat 6000 end\n",
                             config: "[data]\ndemo_data = false\n", database: path, audio: true)
        let said = speech(try s.state("final"))
        XCTAssertEqual(said.count, 3)
        XCTAssertEqual(said.map(\.voice), ["en", "en", "ru"], "the voice follows the script")
        XCTAssertTrue(said[0].text.hasPrefix("Inbox. Zalgo\u{0301}\u{0301}\u{0301}\u{0301}"))
        XCTAssertTrue(said[0].text.hasSuffix("Text shortened."), "the pile of marks is cut, with a note")
        XCTAssertLessThan(said[0].text.unicodeScalars.count, 100)
        XCTAssertEqual(said[1].text, "Next. 2 of 3. Actions: Delete, Flag, More, Read.")
        XCTAssertGreaterThan(try WAV(try s.audio()).peak(from: 0, to: 0.5), 1_000)
    }

    func testAudioOutThatCannotBeCreatedExitsWith73() throws {
        let dir = try TemporaryDirectory()
        let script = dir.file("s.touch")
        try "at 0 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", script, "--audio-out", "."], in: dir.path)
        XCTAssertEqual(run.status, 73)
        XCTAssertEqual(run.standardError, "cannot write .: is a directory\n")
    }
}

/// A 16-bit mono PCM WAV file as `replay --audio-out` writes it.
struct WAV {
    let sampleRate: Int
    let samples: [Int16]

    init(_ data: Data) throws {
        let b = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
        guard b.count >= 44, String(decoding: b[0..<4], as: UTF8.self) == "RIFF", String(decoding: b[8..<12], as: UTF8.self) == "WAVE",
              u16(20) == 1, u16(22) == 1, u16(34) == 16, String(decoding: b[36..<40], as: UTF8.self) == "data",
              u32(40) == b.count - 44, u32(4) == b.count - 8 else { throw CocoaError(.fileReadCorruptFile) }
        sampleRate = u32(24)
        samples = stride(from: 44, to: b.count, by: 2).map { Int16(bitPattern: UInt16(b[$0]) | UInt16(b[$0 + 1]) << 8) }
    }

    var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// The largest amplitude between two times (seconds).
    func peak(from start: Double, to end: Double) -> Int {
        let a = min(samples.count, Int(start * Double(sampleRate))), z = min(samples.count, Int(end * Double(sampleRate)))
        return samples[a..<max(a, z)].map { abs(Int($0)) }.max() ?? 0
    }
}

extension SpeechScenarioTests {
    /// The Styles sheet on a short screen holds more rows than it shows: Down past the last row
    /// in view scrolls the rows, so the focus ring (3 px in from the left edge) stays on screen.
    func testTheSheetScrollsItsFocusedRowIntoView() throws {
        var script = "size 640x360\nat 0 tap 608 32\n"
        for i in 0..<7 { script += "at \(1000 + 100 * i) key DOWN\n" }
        script += "at 2500 screenshot sheet.png\nat 2500 state sheet.json\nat 2600 end\n"
        let s = try Scenario(script, config: "[accessibility]\nspeech = \"on\"\n")
        let state = try s.state("sheet")
        XCTAssertEqual(state.sheet?["id"] as? String, "styles")
        let rows = try XCTUnwrap(state.sheet?["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 7, "more rows than the panel shows (about 4)")
        let frame = try XCTUnwrap(state.sheet?["frame"] as? [Double])
        let image = try s.image("sheet")
        let ring = stride(from: Int(frame[1]) + 60, to: 360, by: 1).contains { image.matches(3, $0, 0x007AFF, tolerance: 8) }
        XCTAssertTrue(ring, "the seventh row's focus ring is in view")
        XCTAssertTrue(speech(state).last?.text.hasSuffix("7 of \(rows.count).") == true, "\(speech(state).last?.text ?? "")")
    }
}
