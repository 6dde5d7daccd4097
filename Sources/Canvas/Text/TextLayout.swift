// Text as the UI lays it out: a string, a font and a box become shaped lines (wrapped by word,
// limited in number, ellipsized with U+2026, aligned), computed once when the text changes and
// then drawn every frame from the cached glyphs. Line breaking lives here; bidi and shaping in
// TextShaper.

/// Horizontal placement of lines inside the layout width.
public enum TextAlignment: Sendable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
    case left
    case center
    case right
}

/// The base direction of a paragraph.
public enum TextDirection: Sendable {
    /// From the first strong character (Unicode rule P2), left to right when there is none.
    case auto
    case leftToRight
    case rightToLeft
}

/// How a paragraph is laid out.
public struct TextStyle {
    public var font: Font
    public var alignment: TextAlignment
    public var direction: TextDirection
    /// Lines are wrapped (and the last one ellipsized) to this width; nil = never wrap.
    public var maxWidth: Double?
    /// The most lines shown; the last one ends in "…" when text is left over. 0 = no limit.
    public var maxLines: Int

    public init(font: Font, alignment: TextAlignment = .natural, direction: TextDirection = .auto,
                maxWidth: Double? = nil, maxLines: Int = 1) {
        self.font = font; self.alignment = alignment; self.direction = direction
        self.maxWidth = maxWidth; self.maxLines = maxLines
    }
}

/// One laid-out line: glyph runs in visual order and its advance width.
public struct TextLine {
    /// Runs of glyphs, each in one font, left to right.
    public let runs: [GlyphRun]
    /// Sum of the advances, in pixels.
    public let width: Double
    /// Whether the paragraph reads right to left (natural alignment is then to the right).
    public let isRightToLeft: Bool
    /// How far ink may reach from the baseline and beyond the advance box, in pixels
    /// (1.5 em of the largest font of the line): bounds for clip and occlusion tests.
    let reach: Double

    init(runs: [GlyphRun], width: Double, isRightToLeft: Bool) {
        self.runs = runs; self.width = width; self.isRightToLeft = isRightToLeft
        reach = (runs.map(\.font.size).max() ?? 0) * 1.5 + 2
    }
}

/// A shaped, wrapped paragraph. Build it when the text, font or width changes and keep it;
/// drawing it (`Painter.draw(_:at:color:)`) only blends cached glyph masks.
public final class TextLayout {
    public let text: String
    public let style: TextStyle
    public let lines: [TextLine]
    /// Whether text was cut (ellipsized or lines dropped).
    public let isTruncated: Bool

    /// Lays out `text`. An empty string gives one empty line; a `maxWidth` that is not positive
    /// and finite is treated as no limit.
    public init(_ text: String, style: TextStyle) {
        self.text = text
        self.style = style
        let limit = style.maxWidth.flatMap { $0.isFinite && $0 > 0 ? Int(($0 * 64).rounded(.down)) : nil }
        let maxLines = style.maxLines > 0 ? style.maxLines : Int.max
        var lines: [TextLine] = []
        var truncated = false
        let (scalars, capped) = Self.visibleScalars(text, limit: limit, maxLines: style.maxLines)
        truncated = capped
        var paragraphStart = 0
        while paragraphStart <= scalars.count && lines.count < maxLines {
            let end = scalars[paragraphStart...].firstIndex(of: 0x0A) ?? scalars.count
            let para = ShapedParagraph(Array(scalars[paragraphStart..<end]), font: style.font, direction: style.direction)
            let isLastParagraph = end == scalars.count
            truncated = Self.breakLines(para, limit: limit, maxLines: maxLines, moreFollows: !isLastParagraph,
                                        into: &lines) || truncated
            paragraphStart = end + 1
        }
        if paragraphStart <= scalars.count { truncated = true }
        self.lines = lines
        isTruncated = truncated
    }

    /// Lays out bytes that may not be valid UTF-8: bad sequences become U+FFFD.
    public convenience init(utf8 bytes: [UInt8], style: TextStyle) {
        self.init(String(decoding: bytes, as: UTF8.self), style: style)
    }

    /// The widest line, in pixels.
    public var width: Double { lines.map(\.width).max() ?? 0 }
    /// Baseline-to-baseline distance of the primary font.
    public var lineHeight: Double { style.font.lineHeight }
    /// From the top of the layout to the first baseline.
    public var ascent: Double { style.font.ascent }
    /// From the last baseline to the bottom of the layout.
    public var descent: Double { style.font.descent }
    /// Height of all lines.
    public var height: Double { lines.isEmpty ? 0 : ascent + descent + Double(lines.count - 1) * lineHeight }

    /// Where line `index` starts, from the left of a box of `boxWidth` (default: `maxWidth`,
    /// else the widest line), according to the alignment.
    public func lineOffset(_ index: Int, boxWidth: Double? = nil) -> Double {
        let box = boxWidth ?? style.maxWidth ?? width
        let line = lines[index]
        switch style.alignment {
        case .left: return 0
        case .right: return box - line.width
        case .center: return ((box - line.width) / 2).rounded(.down)
        case .natural: return line.isRightToLeft ? box - line.width : 0
        }
    }

    /// Greedy wrap of one paragraph at Unicode line break opportunities (LineBreaker); returns
    /// whether text was cut.
    private static func breakLines(_ para: ShapedParagraph, limit: Int?, maxLines: Int, moreFollows: Bool,
                                   into lines: inout [TextLine]) -> Bool {
        let n = para.count
        guard let limit, n > 0 else {
            lines.append(para.line(0..<n))
            return false
        }
        // Break opportunities are looked up only for a paragraph that cannot be one line.
        var breaks: [Bool]?
        var start = 0
        repeat {
            var end = start, width = 0, lastBreak = -1
            while end < n {
                let w = width + Int(para.advances[end])
                if w > limit && !isSpace(para.scalars[end]) { break }
                width = w
                end += 1
            }
            if end < n && end > start && lines.count + 1 < maxLines {
                if breaks == nil { breaks = para.fonts[0].face.library.lineBreaker.opportunities(para.scalars) }
                // The last opportunity at or before the overflow (spaces after it hang in the margin).
                lastBreak = (start + 1...end).last { breaks![$0] } ?? -1
            }
            let fits = end == n
            let isLast = lines.count + 1 == maxLines
            if isLast && (!fits || moreFollows) {
                lines.append(ellipsized(para, from: start, limit: limit))
                return true
            }
            if !fits && lastBreak > start { end = lastBreak }
            while end > start && end < n && !para.clusterStart[end] { end -= 1 }
            if end == start { end = nextCluster(para, start) }
            lines.append(para.line(start..<trimmed(para, start, end)))
            start = end
            while start < n && isSpace(para.scalars[start]) { start += 1 }
        } while start < n
        return false
    }

    /// The text from `start` cut to fit `limit` with a trailing U+2026 (or whole if it fits).
    private static func ellipsized(_ para: ShapedParagraph, from start: Int, limit: Int) -> TextLine {
        let n = para.count
        if para.width(start..<n) <= limit { return para.line(start..<trimmed(para, start, n)) }
        let ellipsis = para.line(0..<0, suffix: [0x2026])
        let room = limit - Int(ellipsis.width * 64)
        var end = start, width = 0
        while end < n {
            let next = nextCluster(para, end)
            let w = width + para.width(end..<next)
            if w > room { break }
            width = w; end = next
        }
        return para.line(start..<trimmed(para, start, end), suffix: [0x2026])
    }

    private static func isSpace(_ s: UInt32) -> Bool { s == 0x20 || s == 0x09 || s == 0x3000 }

    /// `end` moved back over trailing spaces.
    private static func trimmed(_ para: ShapedParagraph, _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && isSpace(para.scalars[e - 1]) { e -= 1 }
        return e
    }

    /// The index after the grapheme cluster starting at `i`.
    private static func nextCluster(_ para: ShapedParagraph, _ i: Int) -> Int {
        var j = i + 1
        while j < para.count && !para.clusterStart[j] { j += 1 }
        return j
    }
}
