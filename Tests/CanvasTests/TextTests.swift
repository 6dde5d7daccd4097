// Text: golden image of ellipsis, wrapping, kerning, bold, alignment, Arabic, Hebrew, mixed
// directions and icons; numeric checks of the layout rules behind them.
import Canvas
import GoldenImages
import SwipeCore
import XCTest

final class TextTests: XCTestCase {
    static let paragraph = "Swipe a row to the left to reveal its actions, or keep swiping to run the last one. "
        + "Pull a sheet down to dismiss it; a quick flick is enough."

    static func drawText(_ p: Painter, fonts: TestFonts) throws {
        let body = try fonts.font(18), bold = try fonts.font(18, bold: true), big = try fonts.font(40)
        func guide(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
            p.strokeRoundedRect(Rect(x: x, y: y, width: w, height: h), radii: CornerRadii(0), width: 1,
                                color: Color(hex: 0xC6C6C8))
        }
        guide(40, 30, 400, 26)
        p.draw(TextLayout(paragraph, style: TextStyle(font: body, maxWidth: 400)), at: Point(x: 40, y: 30), color: .black)
        for (i, alignment) in [TextAlignment.left, .center, .right].enumerated() {
            let y = 80 + Double(i) * 110
            guide(40, y, 400, 95)
            p.draw(TextLayout(paragraph, style: TextStyle(font: body, alignment: alignment, maxWidth: 400, maxLines: 4)),
                   at: Point(x: 40, y: y), color: Color(hex: 0x2C3E50))
        }
        p.draw(TextLayout("AVATAR Type WAVE (kerned)", style: TextStyle(font: big)), at: Point(x: 480, y: 30), color: .black)
        p.draw(TextLayout("AVATAR Type WAVE (advances)", style: TextStyle(font: try fonts.font(40, kerning: false))),
               at: Point(x: 480, y: 80), color: .black)
        p.draw(TextLayout("Bold title, regular body", style: TextStyle(font: try fonts.font(28, bold: true))),
               at: Point(x: 480, y: 140), color: .black)
        p.draw(TextLayout("Translucent grey text", style: TextStyle(font: bold)), at: Point(x: 880, y: 146),
               color: Color(hex: 0x000000).withAlpha(0.45))
        let arabic = try fonts.arabicFirst(30)
        guide(480, 190, 760, 50)
        p.draw(TextLayout("مرحبا بالعالم، هذه قائمة الرسائل", style: TextStyle(font: arabic, maxWidth: 760)),
               at: Point(x: 480, y: 190), color: .black)
        p.draw(TextLayout("שלום עולם, זו רשימת ההודעות", style: TextStyle(font: try fonts.font(30), maxWidth: 760)),
               at: Point(x: 480, y: 250), color: .black)
        p.draw(TextLayout("Inbox: 3 רשימות new, مرحبا 42 messages", style: TextStyle(font: try fonts.font(26), maxWidth: 760)),
               at: Point(x: 480, y: 310), color: Color(hex: 0x007AFF))
        p.draw(TextLayout("قائمة Inbox بريد 2024", style: TextStyle(font: arabic, direction: .rightToLeft, maxWidth: 760)),
               at: Point(x: 480, y: 360), color: Color(hex: 0xFF3B30))
        p.draw(TextLayout(paragraph + " " + paragraph, style: TextStyle(font: try fonts.arabicFirst(18), maxWidth: 760,
                                                                       maxLines: 2)),
               at: Point(x: 480, y: 420), color: .black)
        let icons = try fonts.icons(40)
        for (i, name) in ["delete", "flag", "archive", "email-open", "dots-horizontal", "star", "bell", "check",
                          "close", "chevron-left", "undo", "cog"].enumerated() {
            p.draw(try icons.icon(named: name), x: 480 + Double(i) * 62, baseline: 540, color: Color(hex: 0x5856D6))
        }
        p.draw(TextLayout("Ellipsized to 300 px: " + paragraph, style: TextStyle(font: body, maxWidth: 300)),
               at: Point(x: 40, y: 420), color: .black)
        p.draw(TextLayout("", style: TextStyle(font: body)), at: Point(x: 40, y: 460), color: .black)
        p.draw(TextLayout("Line one\nLine two after a hard break\nThird", style: TextStyle(font: body, maxLines: 0)),
               at: Point(x: 40, y: 470), color: .black)
    }

    func testTextGolden() throws {
        let fonts = try TestFonts()
        let (surface, painter) = try GoldenImage.frame(.white)
        try Self.drawText(painter, fonts: fonts)
        try GoldenImage.check(surface, "text")
    }

    func testEllipsisFitsAndEndsWithEllipsisGlyph() throws {
        let fonts = try TestFonts()
        let font = try fonts.font(14)
        let layout = TextLayout(Self.paragraph, style: TextStyle(font: font, maxWidth: 200))
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertTrue(layout.isTruncated)
        XCTAssertLessThanOrEqual(layout.lines[0].width, 200)
        XCTAssertGreaterThan(layout.lines[0].width, 170)
        let ellipsis = TextLayout("\u{2026}", style: TextStyle(font: font)).lines[0].runs[0].glyphs[0].id
        XCTAssertEqual(layout.lines[0].runs.last?.glyphs.last?.id, ellipsis)
        let short = TextLayout("Short", style: TextStyle(font: font, maxWidth: 200))
        XCTAssertFalse(short.isTruncated)
    }

    func testWrapRespectsWidthAndLineLimit() throws {
        let fonts = try TestFonts()
        let style = TextStyle(font: try fonts.font(16), maxWidth: 250, maxLines: 3)
        let layout = TextLayout(Self.paragraph, style: style)
        XCTAssertEqual(layout.lines.count, 3)
        XCTAssertTrue(layout.isTruncated)
        for line in layout.lines { XCTAssertLessThanOrEqual(line.width, 250) }
        let all = TextLayout(Self.paragraph, style: TextStyle(font: try fonts.font(16), maxWidth: 250, maxLines: 0))
        XCTAssertGreaterThan(all.lines.count, 3)
        XCTAssertFalse(all.isTruncated)
        XCTAssertEqual(all.height, all.ascent + all.descent + Double(all.lines.count - 1) * all.lineHeight, accuracy: 0.001)
    }

    func testKerningNarrowsAV() throws {
        let fonts = try TestFonts()
        let kerned = TextLayout("AVAVAV", style: TextStyle(font: try fonts.font(40))).width
        let plain = TextLayout("AVAVAV", style: TextStyle(font: try fonts.font(40, kerning: false))).width
        XCTAssertLessThan(kerned, plain - 5)
    }

    func testBoldIsWider() throws {
        let fonts = try TestFonts()
        let regular = TextLayout("Bold title", style: TextStyle(font: try fonts.font(20))).width
        let bold = TextLayout("Bold title", style: TextStyle(font: try fonts.font(20, bold: true))).width
        XCTAssertGreaterThan(bold, regular)
    }

    /// Arabic letters are shaped into joined forms: "بب" uses different glyphs than two
    /// isolated "ب", and the glyph order is visual (right to left becomes left to right).
    func testArabicIsShapedAndReordered() throws {
        let fonts = try TestFonts()
        let font = try fonts.arabicFirst(30)
        let isolated = TextLayout("ب", style: TextStyle(font: font)).lines[0].runs[0].glyphs[0].id
        let joined = TextLayout("ببب", style: TextStyle(font: font)).lines[0].runs[0].glyphs.map(\.id)
        XCTAssertEqual(joined.count, 3)
        XCTAssertFalse(joined.contains(isolated))
        let line = TextLayout("مرحبا", style: TextStyle(font: font)).lines[0]
        XCTAssertTrue(line.isRightToLeft)
        let xs = line.runs.flatMap(\.glyphs).map(\.x)
        XCTAssertEqual(xs, xs.sorted(), "glyphs are stored left to right")
    }

    /// In "abc שלום def" the Hebrew run sits between the Latin runs, with its letters
    /// reversed; an RTL base direction puts the first logical run on the right.
    func testMixedDirectionRunOrder() throws {
        let fonts = try TestFonts()
        let font = try fonts.font(20)
        let ltr = TextLayout("abc שלום def", style: TextStyle(font: font)).lines[0]
        XCTAssertFalse(ltr.isRightToLeft)
        XCTAssertEqual(ltr.runs.count, 3)
        let first = TextLayout("abc", style: TextStyle(font: font)).lines[0].runs[0].glyphs.map(\.id)
        XCTAssertEqual(Array(ltr.runs[0].glyphs.map(\.id).prefix(3)), first, "then the space")
        let rtl = TextLayout("abc שלום def", style: TextStyle(font: font, direction: .rightToLeft)).lines[0]
        XCTAssertTrue(rtl.isRightToLeft)
        XCTAssertEqual(rtl.runs.last?.glyphs.map(\.id), first, "first logical run is rightmost in RTL")
        let layout = TextLayout("שלום", style: TextStyle(font: font, maxWidth: 300))
        XCTAssertEqual(layout.lineOffset(0), 300 - layout.lines[0].width, "natural alignment of RTL is right")
    }

    func testIconsByNameAndCodepoint() throws {
        let fonts = try TestFonts()
        let icons = try fonts.icons(24)
        let star = try icons.icon(named: "star")
        XCTAssertEqual(star.runs.count, 1)
        XCTAssertGreaterThan(star.width, 10)
        XCTAssertEqual(icons.icon(0xF4CE).runs[0].glyphs, star.runs[0].glyphs)
        XCTAssertThrowsError(try icons.icon(named: "no-such-icon")) {
            XCTAssertEqual($0 as? CanvasError, .unknownIcon("no-such-icon"))
        }
        XCTAssertTrue(icons.icon(0x10_FFFF).runs.isEmpty)
    }
}
