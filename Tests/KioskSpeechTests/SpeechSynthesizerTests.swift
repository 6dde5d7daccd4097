// The speech synthesiser on its own: espeak-ng produces PCM for a phrase, a cut stops it (at
// once, or after exactly N samples, which is what makes replay's audio deterministic), a
// pathological text is bounded and said without a hang, and the voice follows the script.
import Foundation
import KioskHardware
import KioskSpeech
import XCTest

final class SpeechSynthesizerTests: XCTestCase {
    /// Collects what the synthesiser sends, per utterance.
    final class Collector: @unchecked Sendable {
        let lock = NSLock()
        var samples: [Int: [Int16]] = [:]
        var finished: [Int] = []
        func take(_ audio: SpeechAudio) {
            lock.lock()
            defer { lock.unlock() }
            switch audio {
            case .samples(let id, let chunk): samples[id, default: []] += chunk
            case .finished(let id): finished.append(id)
            }
        }
        func count(_ id: Int) -> Int { lock.lock(); defer { lock.unlock() }; return samples[id]?.count ?? 0 }
    }

    let synth = SpeechSynthesizer.shared

    func testAPhraseBecomesAudibleSpeechOfAPlausibleLength() throws {
        let out = Collector()
        synth.speak(Utterance(id: 1, text: "Inbox. Lunch on Thursday?", voice: "en"), sink: out.take)
        synth.waitUntilIdle()
        XCTAssertNil(synth.failureToStart())
        let samples = try XCTUnwrap(out.samples[1])
        let seconds = Double(samples.count) / Double(SpeechSynthesizer.sampleRate)
        XCTAssertTrue((0.5...6).contains(seconds), "\(seconds) s for four words")
        XCTAssertGreaterThan(samples.map { abs(Int($0)) }.max() ?? 0, 1_000, "not silence")
        XCTAssertEqual(out.finished, [1])
    }

    func testUtterancesThatDoNotInterruptAreSaidWholeInOrder() {
        let out = Collector()
        let long = String(repeating: "This sentence is long enough to take many seconds to say. ", count: 2)
        synth.speak(Utterance(id: 10, text: long, voice: "en"), interrupting: false, sink: out.take)
        synth.speak(Utterance(id: 11, text: "Next.", voice: "en"), interrupting: false, sink: out.take)
        synth.waitUntilIdle()
        XCTAssertGreaterThan(Double(out.count(10)) / Double(SpeechSynthesizer.sampleRate), 4, "said to its end")
        XCTAssertGreaterThan(out.count(11), 0)
        XCTAssertEqual(out.finished, [10, 11])
    }

    func testStopNowEndsALongUtteranceBeforeItsEnd() {
        let out = Collector()
        let long = String(repeating: "This sentence is long enough to take many seconds to say. ", count: 30)
        synth.speak(Utterance(id: 20, text: long, voice: "en"), sink: out.take)
        // Until it has begun: then the stop cuts a synthesis under way.
        while out.count(20) == 0 { usleep(1_000) }
        synth.stop()
        synth.waitUntilIdle()
        let seconds = Double(out.count(20)) / Double(SpeechSynthesizer.sampleRate)
        XCTAssertLessThan(seconds, 30, "30 long sentences take well over a minute; the stop cut it")
        XCTAssertEqual(out.finished, [20])
    }

    func testThirtyThousandCombiningMarksAreBoundedAndSaid() {
        let hostile = "Zalgo" + String(repeating: "\u{0301}", count: 30_000) + " title"
        let u = Utterance(id: 30, text: hostile, voice: "en")
        XCTAssertTrue(u.wasCut)
        XCTAssertLessThanOrEqual(u.text.unicodeScalars.count, Utterance.textLimit + Utterance.cutNote.unicodeScalars.count)
        let out = Collector()
        synth.speak(u, sink: out.take)
        synth.waitUntilIdle()
        XCTAssertGreaterThan(out.count(30), 0)
        XCTAssertTrue(Utterance(id: 31, text: String(repeating: "word ", count: 1_000), voice: "en").wasCut,
                      "5,000 scalars are cut to the limit")
        XCTAssertFalse(Utterance(id: 32, text: "Tiếng Việt", voice: "vi").wasCut, "real stacked marks stay")
    }

    func testTheVoiceFollowsTheScript() {
        XCTAssertEqual(SpeechVoice.voice(for: "Lunch on Thursday?"), "en")
        XCTAssertEqual(SpeechVoice.voice(for: "Lunch", fallback: "de"), "de")
        XCTAssertEqual(SpeechVoice.voice(for: "Обед в четверг"), "ru")
        XCTAssertEqual(SpeechVoice.voice(for: "غداء يوم الخميس"), "ar")
        XCTAssertEqual(SpeechVoice.voice(for: "12: ארוחת צהריים"), "he")
        XCTAssertEqual(SpeechVoice.voice(for: "日本語のテキスト"), "ja", "kana make kanji Japanese")
        XCTAssertEqual(SpeechVoice.voice(for: "你好"), "cmn-latn-pinyin")
    }

    func testTheVirtualOutputKeepsEverySampleUpToItsCap() {
        let output = VirtualAudioOutput(sampleRate: SpeechSynthesizer.sampleRate)
        output.play([1, 2, 3], sound: 1)
        output.stop(through: 1)
        output.play([4], sound: 1)
        XCTAssertEqual(output.samples(of: 1), [1, 2, 3, 4], "replay's cut is the synthesiser's, not the output's")
        XCTAssertFalse(output.overflowed)
    }
}

extension SpeechSynthesizerTests {
    /// espeak-ng carries a little state from one utterance to the next (the same text comes out
    /// a few tens of milliseconds longer or shorter from one call to the next), but a cut leaves
    /// nothing of the cut sentence behind (a clause of it would add 0.3 s or more).
    func testACutSentenceLeavesNothingInTheNextUtterance() {
        let alone = Collector(), after = Collector()
        synth.speak(Utterance(id: 40, text: "Tom Becker. Lunch on Thursday?", voice: "en"), sink: alone.take)
        synth.waitUntilIdle()
        let long = String(repeating: "This sentence is long enough to take many seconds to say. ", count: 8)
        synth.speak(Utterance(id: 41, text: long, voice: "en"), sink: after.take)
        while after.count(41) == 0 { usleep(1_000) }
        synth.speak(Utterance(id: 42, text: "Tom Becker. Lunch on Thursday?", voice: "en"), sink: after.take)
        synth.waitUntilIdle()
        XCTAssertEqual(Double(after.count(42)), Double(alone.count(40)), accuracy: 0.05 * Double(alone.count(40)))
        XCTAssertEqual(after.finished, [41, 42])
    }
}

extension SpeechSynthesizerTests {
    /// Parts are said one after the other, each in its voice: a Japanese title in the Japanese
    /// voice and the English words after it in English give the audio of the two said apart.
    func testPartsAreSaidInTurnEachInItsVoice() throws {
        let out = Collector()
        synth.speak(Utterance(id: 50, parts: [.init(text: "東京の天気.", voice: "ja"), .init(text: "Unread.", voice: "en")]),
                    interrupting: false, sink: out.take)
        synth.speak(Utterance(id: 51, text: "東京の天気.", voice: "ja"), interrupting: false, sink: out.take)
        synth.speak(Utterance(id: 52, text: "Unread.", voice: "en"), interrupting: false, sink: out.take)
        synth.speak(Utterance(id: 53, text: "東京の天気. Unread.", voice: "ja"), interrupting: false, sink: out.take)
        synth.waitUntilIdle()
        // (Booleans, not arrays: a failure must not print a second of samples.)
        let parts = out.count(50), apart = out.count(51) + out.count(52), whole = out.count(53)
        XCTAssertTrue(abs(parts - apart) < apart / 10, "\(parts) samples in parts, \(apart) said apart")
        XCTAssertFalse(out.samples[50] == out.samples[53], "not the whole said in the first part's voice (\(whole) samples)")
        XCTAssertGreaterThan(out.count(52), 0)
    }
}
