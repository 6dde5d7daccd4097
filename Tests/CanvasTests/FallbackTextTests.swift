// Text beyond the shipped fonts: installed fonts found through fontconfig (only when needed,
// in the right weight), colour emoji as one glyph per cluster, line breaking at Unicode
// opportunities (CJK, Thai by dictionary) that never overflows, ellipses that keep clusters
// whole, and hostile strings cut to what can be visible. Needs Debian's fonts-noto-core,
// fonts-noto-cjk and fonts-noto-color-emoji (`make deps`); each test fails naming them otherwise.
import Canvas
import Foundation
import SwipeCore
import XCTest

final class FallbackTextTests: XCTestCase {
    static let fontFiles = [
        ("fonts-noto-core", "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"),
        ("fonts-noto-cjk", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
        ("fonts-noto-color-emoji", "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
    ]

    struct MissingFonts: Error, CustomStringConvertible {
        let packages: [String]
        var description: String { "these tests need the Debian font packages \(packages.joined(separator: ", ")): run make deps" }
    }

    var fonts: TestFonts!

    override func setUpWithError() throws {
        let missing = Self.fontFiles.filter { !FileManager.default.fileExists(atPath: $0.1) }.map(\.0)
        if !missing.isEmpty { throw MissingFonts(packages: missing) }
        fonts = try TestFonts()
        fonts.library.useSystemFonts()
    }

    func glyphCount(_ layout: TextLayout) -> Int { layout.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } } }

    func testLatinTextNeverAsksFontconfig() throws {
        let layout = TextLayout(TextTests.paragraph, style: TextStyle(font: try fonts.font(16), maxWidth: 300, maxLines: 0))
        XCTAssertGreaterThan(layout.lines.count, 1)
        XCTAssertEqual(fonts.library.systemFonts?.queries, 0, "fontconfig is asked only for characters the fonts lack")
    }

    func testCJKComesFromAnInstalledFontInTheFontsWeightAndIsCachedPerFont() throws {
        for bold in [false, true] {
            let font = try fonts.font(17, bold: bold)
            let runs = font.runs(of: "田中 愛子")
            XCTAssertEqual(runs.count, 1, "the space stays in the CJK run")
            XCTAssertEqual(runs[0].font.face.familyName, "Noto Sans CJK JP")
            XCTAssertEqual(runs[0].font.face.isBold, bold, "a bold title stays bold")
            XCTAssertTrue(runs[0].missing.isEmpty)
        }
        let queries = fonts.library.systemFonts?.queries ?? 0
        let font = try fonts.font(17)
        _ = TextLayout("愛子 田中", style: TextStyle(font: font))
        _ = TextLayout("田中 愛子 田中", style: TextStyle(font: font))
        XCTAssertEqual(fonts.library.systemFonts?.queries, queries + 1, "one question, then the face found serves the rest")
    }

    func testKoreanAndJapaneseGetTheirOwnDesignOfTheCJKFont() throws {
        let font = try fonts.font(17)
        XCTAssertEqual(font.runs(of: "田中").first?.font.face.familyName, "Noto Sans CJK JP")
        XCTAssertEqual(font.runs(of: "김민준").first?.font.face.familyName, "Noto Sans CJK KR")
        XCTAssertEqual(font.runs(of: "ひらがな 漢字").first?.font.face.familyName, "Noto Sans CJK JP")
    }

    func testEmojiSequencesAreOneColourGlyphEach() throws {
        let font = try fonts.font(20)
        for emoji in ["👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "❤️", "#️⃣", "🍕"] {
            let line = TextLayout(emoji, style: TextStyle(font: font)).lines[0]
            XCTAssertEqual(line.runs.count, 1, emoji)
            XCTAssertTrue(line.runs[0].font.isColor, emoji)
            XCTAssertEqual(line.runs[0].glyphs.count, 1, "\(emoji) is one cluster, one glyph")
            XCTAssertEqual(line.width, 20 * 2550 / 2048, accuracy: 1.5, "\(emoji) is scaled to the text size")
        }
        let surface = try Surface(width: 60, height: 40, format: .xrgb8888)
        surface.fill(.white)
        Painter(target: surface).draw(TextLayout("🍕", style: TextStyle(font: font)), at: Point(x: 10, y: 5), color: .black)
        var colourful = 0
        for y in 0..<40 {
            for x in 0..<60 {
                let p = surface.pixel(x: x, y: y)
                let (r, g, b) = (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
                if max(r, g, b) - min(r, g, b) > 80 { colourful += 1 }
            }
        }
        XCTAssertGreaterThan(colourful, 50, "the pizza is drawn in its colours, not in the text colour")
    }

    func testMixedFontLinesKeepTheThemeFontsBaselineAndLineHeight() throws {
        let font = try fonts.font(17)
        let latin = TextLayout("Abc def\nghi", style: TextStyle(font: font))
        let mixed = TextLayout("Abc 田中 🍕 สวัสดี\nनमस्ते 김민준", style: TextStyle(font: font))
        XCTAssertGreaterThan(Set(mixed.lines.flatMap { $0.runs.map { ObjectIdentifier($0.font) } }).count, 3)
        XCTAssertEqual(mixed.ascent, latin.ascent)
        XCTAssertEqual(mixed.lineHeight, latin.lineHeight)
        XCTAssertEqual(mixed.height, latin.height)
        for run in mixed.lines.flatMap(\.runs) {
            XCTAssertTrue(run.glyphs.allSatisfy { abs($0.y) < 8 }, "\(run.font.face.familyName) sits on the same baseline")
        }
    }

    func testEllipsisStopsBeforeAnEmojiSequenceNotInsideIt() throws {
        let font = try fonts.font(20)
        let family = "👨‍👩‍👧‍👦"
        let whole = TextLayout(family, style: TextStyle(font: font)).lines[0].runs[0].glyphs[0].id
        for width in stride(from: 60.0, through: 160, by: 7) {
            let layout = TextLayout("Outing " + family + family + family, style: TextStyle(font: font, maxWidth: width))
            XCTAssertLessThanOrEqual(layout.lines[0].width, width)
            for run in layout.lines[0].runs where run.font.isColor {
                XCTAssertTrue(run.glyphs.allSatisfy { $0.id == whole }, "width \(width): only whole families")
            }
        }
    }

    func testLinesBreakAtUnicodeOpportunities() throws {
        let breaker = fonts.library.lineBreaker
        // Thai has no spaces between words: the dictionary finds สวัสดี|ครับ|ยินดี|ต้อนรับ.
        let thai = "สวัสดีครับยินดีต้อนรับ".unicodeScalars.map(\.value)
        let thaiBreaks = breaker.opportunities(thai).indices.filter { breaker.opportunities(thai)[$0] }
        XCTAssertEqual(thaiBreaks, [6, 10, 15])
        // Between ideographs, but never before 。 or 、.
        let japanese = "名前はまだ無い。どこで、生れた".unicodeScalars.map(\.value)
        let japaneseBreaks = breaker.opportunities(japanese)
        XCTAssertTrue(japaneseBreaks[1], "between two ideographs")
        for (i, s) in japanese.enumerated() where s == 0x3002 || s == 0x3001 {
            XCTAssertFalse(japaneseBreaks[i], "no line starts with \(String(UnicodeScalar(s)!))")
        }
    }

    func testWrappedLinesNeverOverflowTheMargin() throws {
        let font = try fonts.font(16)
        for text in ["吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。",
                     "สวัสดีครับยินดีต้อนรับสู่ประเทศไทย ขอบคุณครับ",
                     "Supercalifragilisticexpialidocious-and-even-longer-words wrap too"] {
            for width in [60.0, 97, 150, 233] {
                let layout = TextLayout(text, style: TextStyle(font: font, maxWidth: width, maxLines: 0))
                XCTAssertGreaterThan(layout.lines.count, 1, text)
                for line in layout.lines { XCTAssertLessThanOrEqual(line.width, width, "\(text) at \(width)") }
            }
        }
    }

    func testThaiWrapsBetweenWords() throws {
        let font = try fonts.font(16)
        let words = ["สวัสดี", "ครับ", "ยินดี", "ต้อนรับ"]
        let wordWidths = words.map { TextLayout($0, style: TextStyle(font: font)).width }
        // Room for the first two words and a little more, not for the third.
        let width = wordWidths[0] + wordWidths[1] + wordWidths[2] / 2
        let layout = TextLayout(words.joined(), style: TextStyle(font: font, maxWidth: width, maxLines: 0))
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertEqual(layout.lines[0].width, wordWidths[0] + wordWidths[1], accuracy: 1, "the first line ends after ครับ")
    }

    func testHostileTextIsCutToWhatCanBeVisible() throws {
        let font = try fonts.font(17)
        let marks = "a" + String(repeating: "\u{0301}", count: 30_000)
        let flood = TextLayout(marks, style: TextStyle(font: font, maxWidth: 300))
        XCTAssertLessThanOrEqual(glyphCount(flood), 31, "at most 30 marks stack on the letter")
        let huge = String(repeating: "Ten megabytes of title ", count: 10_000_000 / 23)
        let title = TextLayout(huge, style: TextStyle(font: font, maxWidth: 300, maxLines: 2))
        XCTAssertEqual(title.lines.count, 2)
        XCTAssertTrue(title.isTruncated)
        XCTAssertLessThanOrEqual(glyphCount(title), 2 * 302)
        let body = TextLayout(huge, style: TextStyle(font: font, maxWidth: 300, maxLines: 0))
        XCTAssertLessThanOrEqual(glyphCount(body), TextLayout.maximumScalars)
        XCTAssertTrue(body.isTruncated)
    }

    func testMissingCharactersAreReportedOncePerBlock() throws {
        var reported: [UInt32] = []
        fonts.library.systemFonts?.onMissing = { reported.append($0) }
        let font = try fonts.font(17)
        let runs = font.runs(of: "x\u{10FFFD}\u{10FFFC}y")
        XCTAssertEqual(runs.flatMap(\.missing), [0x10FFFD, 0x10FFFC])
        _ = TextLayout("\u{10FFFD}\u{10FFFB}", style: TextStyle(font: try fonts.font(20)))
        XCTAssertEqual(reported, [0x10FFFD], "one warning for the block")
    }
}
