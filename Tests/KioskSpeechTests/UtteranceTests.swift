// An utterance in parts, each in its voice (a title in its script's voice, the kiosk's words in
// English): over random parts, the bound holds for the whole utterance, neighbours of one voice
// become one part, nothing empty is kept, and a text under the bound is said whole and in order.
import KioskSpeech
import TestSupport
import XCTest

final class UtteranceTests: XCTestCase {
    func testRandomPartsAreBoundedTogetherMergedByVoiceAndKeptInOrder() {
        var random = SplitMix64(state: 0x5_9EEC)
        let words = ["Unread.", "2 of 12.", "東京", "Обед", "", "a\u{0301}\u{0301}", "\u{7}bell", String(repeating: "x", count: 700)]
        let voices = ["en", "ja", "ru"]
        for round in 0..<2_000 {
            let parts = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                Utterance.Part(text: words.randomElement(using: &random)!, voice: voices.randomElement(using: &random)!)
            }
            let u = Utterance(id: round, parts: parts)
            let inputScalars = parts.reduce(0) { $0 + $1.text.unicodeScalars.count }
            // Bounded: the limit, the spaces that join merged neighbours, and the note.
            XCTAssertLessThanOrEqual(u.text.unicodeScalars.count,
                                     Utterance.textLimit + parts.count + Utterance.cutNote.unicodeScalars.count, "round \(round)")
            XCTAssertFalse(u.parts.contains { $0.text.isEmpty }, "round \(round)")
            XCTAssertFalse(zip(u.parts, u.parts.dropFirst()).contains { $0.voice == $1.voice }, "round \(round): neighbours merged")
            XCTAssertEqual(u.text, u.parts.map(\.text).joined(separator: " "))
            XCTAssertEqual(u.voice, u.parts.first?.voice ?? "en")
            XCTAssertEqual(u.wasCut, u.text.hasSuffix(Utterance.cutNote), "round \(round)")
            if inputScalars < Utterance.textLimit, !parts.contains(where: { $0.text.hasPrefix("a\u{0301}") || $0.text.hasPrefix("\u{7}") }) {
                // Under the bound, with nothing to clean: every part said, whole, in order, in its voice.
                XCTAssertFalse(u.wasCut, "round \(round)")
                let kept = parts.filter { !$0.text.isEmpty }
                XCTAssertEqual(u.text, kept.map(\.text).joined(separator: " "), "round \(round)")
                XCTAssertEqual(u.parts.map(\.voice), kept.map(\.voice).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } })
            }
            if inputScalars > Utterance.textLimit + 10 { XCTAssertTrue(u.wasCut, "round \(round): \(inputScalars) scalars") }
        }
    }

    func testTheBoundCountsEveryPartAndDropsThosePastIt() {
        let long = String(repeating: "word ", count: 300)  // 1,500 scalars
        let u = Utterance(id: 1, parts: [.init(text: long, voice: "en"), .init(text: long, voice: "ja"), .init(text: "Last.", voice: "ru")])
        XCTAssertTrue(u.wasCut)
        XCTAssertEqual(u.parts.map(\.voice), ["en", "ja", "en"], "the third is past the limit; the note in English")
        XCTAssertEqual(u.parts[1].text.unicodeScalars.count, 500)
        let whole = Utterance(id: 2, parts: [.init(text: "Inbox.", voice: "en"), .init(text: "東京の天気.", voice: "ja"),
                                            .init(text: "1 of 3.", voice: "en"), .init(text: "Actions:", voice: "en")])
        XCTAssertEqual(whole.parts, [.init(text: "Inbox.", voice: "en"), .init(text: "東京の天気.", voice: "ja"),
                                     .init(text: "1 of 3. Actions:", voice: "en")])
        XCTAssertFalse(whole.wasCut)
    }

    /// The note a cut adds is the kiosk's words: said in `noteVoice`, not in the cut text's voice.
    func testTheCutNoteIsSaidInTheNotesVoice() {
        let long = String(repeating: "ひらがな", count: 600)
        let u = Utterance(id: 3, parts: [.init(text: "Inbox.", voice: "en"), .init(text: long, voice: "ja")])
        XCTAssertTrue(u.wasCut)
        XCTAssertEqual(u.parts.map(\.voice), ["en", "ja", "en"])
        XCTAssertEqual(u.parts.last?.text, "… Text shortened.")
        XCTAssertTrue(u.text.hasSuffix(Utterance.cutNote))
        let german = Utterance(id: 4, parts: [.init(text: long, voice: "de")], noteVoice: "de")
        XCTAssertEqual(german.parts.map(\.voice), ["de"], "the same voice: one part")
        XCTAssertTrue(german.text.hasSuffix(Utterance.cutNote))
    }
}
