// What `check-text` calls text that can pass for other text (issue 28): bidi controls, zero-width
// characters and words mixing look-alike alphabets are found; ordinary multilingual text,
// emoji sequences and Arabic/Indic joiners are not. And bidi controls draw nothing: an override
// is not a box in a title.
@testable import Canvas
import XCTest

final class SpoofingScanTests: XCTestCase {
    func testBidiControlsZeroWidthAndMixedScriptsAreFound() {
        XCTAssertEqual(SpoofingScan.findings(in: "Invoice \u{202E}gpj.exe"), [.bidiControls([0x202E])])
        XCTAssertEqual(SpoofingScan.findings(in: "a\u{2067}b\u{2069}"), [.bidiControls([0x2067, 0x2069])])
        XCTAssertEqual(SpoofingScan.findings(in: "pay\u{200B}ment"), [.invisible([0x200B])])
        XCTAssertEqual(SpoofingScan.findings(in: "Pay\u{200D} now"), [.invisible([0x200D])], "a joiner in a Latin word hides a difference")
        XCTAssertEqual(SpoofingScan.findings(in: "P\u{0430}yPal login"), [.mixedScripts(word: "P\u{0430}yPal", scripts: ["Latin", "Cyrillic"])])
        XCTAssertEqual(SpoofingScan.findings(in: "\u{03BF}pen"), [.mixedScripts(word: "\u{03BF}pen", scripts: ["Greek", "Latin"])])
        XCTAssertEqual(SpoofingScan.findings(in: "Моsква"), [.mixedScripts(word: "Моsква", scripts: ["Cyrillic", "Latin"])],
                       "a Latin s in a Cyrillic word")
    }

    /// Second adversarial pass of issue 28: what the first scan let through.
    func testSelectorsTagsWholeLookAlikeWordsAndFullwidthLettersAreFound() {
        XCTAssertEqual(SpoofingScan.findings(in: "Pay\u{FE0F}ment"), [.invisible([0xFE0F])], "a selector after a Latin letter")
        XCTAssertEqual(SpoofingScan.findings(in: "Pay\u{E0100}"), [.invisible([0xE0100])])
        XCTAssertEqual(SpoofingScan.findings(in: "Pay\u{E0041}\u{E0042}"), [.invisible([0xE0041, 0xE0042])], "tags outside a flag")
        XCTAssertEqual(SpoofingScan.findings(in: "Pay \u{0440}\u{0430}\u{0443} now"),
                       [.lookAlikeWord(word: "\u{0440}\u{0430}\u{0443}", script: "Cyrillic")], "рау beside Latin words reads pay")
        XCTAssertEqual(SpoofingScan.findings(in: "pay\u{FF50}al"),
                       [.mixedScripts(word: "pay\u{FF50}al", scripts: ["Latin", "fullwidth Latin"])])
        XCTAssertEqual(SpoofingScan.findings(in: "Hello \u{FF37}\u{FF4F}\u{FF52}\u{FF4C}\u{FF44}"),
                       [.lookAlikeWord(word: "\u{FF37}\u{FF4F}\u{FF52}\u{FF4C}\u{FF44}", script: "fullwidth Latin")],
                       "a fullwidth word beside ASCII ones")
        XCTAssertEqual(SpoofingScan.findings(in: "Pay \u{0440}\u{0430}\u{0443}").first?.description,
                       "Cyrillic word \"\u{0440}\u{0430}\u{0443}\" drawn like Latin letters")
    }

    func testOrdinaryTextIsNotSuspicious() {
        for text in ["Lunch on Thursday?", "田中 愛子", "Lunch 🍕", "👨\u{200D}👩\u{200D}👧", "שלום world", "Москва and Paris",
                     "café crème", "COVID-19", "می\u{200C}خواهم", "क्\u{200D}ष", "Ελλάδα",
                     // Greek letters in units and medical terms, and two scripts joined by a hyphen.
                     "β-Blocker", "α-Tocopherol", "5 μg/kg", "γ-GT", "Δt", "ΔT", "Ленин-Lenin",
                     // Emoji and ideograph selectors, a keycap, a subdivision flag, fullwidth text
                     // in Japanese, Russian words of look-alike letters among Russian ones.
                     "❤\u{FE0F} Love", "1\u{FE0F}\u{20E3} First", "葛\u{E0100}飾", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland",
                     "ＡＢＣ株式会社", "сор у дома", "Мир 2024",
                     // Names in both alphabets (adversarial pass): the Cyrillic or Greek is written for real.
                     "Вера Петрова, Room 3", "ΚΑΙ ΤΟ ΑΛΛΟ Station"] {
            XCTAssertEqual(SpoofingScan.findings(in: text), [], text)
        }
    }

    func testBidiControlsNeedNoGlyph() {
        for scalar: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x061C, 0xFEFF] {
            XCTAssertTrue(Font.isIgnorable(scalar), "U+\(String(scalar, radix: 16))")
        }
        XCTAssertFalse(Font.isIgnorable(0x41))
    }
}
