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

    func testOrdinaryTextIsNotSuspicious() {
        for text in ["Lunch on Thursday?", "田中 愛子", "Lunch 🍕", "👨\u{200D}👩\u{200D}👧", "שלום world", "Москва and Paris",
                     "café crème", "COVID-19", "می\u{200C}خواهم", "क्\u{200D}ष", "Ελλάδα",
                     // Greek letters in units and medical terms, and two scripts joined by a hyphen.
                     "β-Blocker", "α-Tocopherol", "5 μg/kg", "γ-GT", "Δt", "ΔT", "Ленин-Lenin"] {
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
