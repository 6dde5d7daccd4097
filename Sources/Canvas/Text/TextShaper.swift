// Turns a paragraph of Unicode scalars into positioned glyphs: FriBidi resolves embedding
// levels (so Arabic and Hebrew read right to left inside any layout), each run of one level
// and one font is shaped by HarfBuzz (joining, ligatures, kerning), and runs are put in visual
// order (rule L2). Runs at layout time only; drawing uses the cached result.
import CFriBidi
import CHarfBuzz

/// A glyph placed relative to the start of its line on the baseline, in whole pixels.
public struct PlacedGlyph: Hashable, Sendable {
    /// Glyph id in its run's font.
    public let id: UInt32
    /// Pen position from the start of the line, whole pixels.
    public let x: Int32
    /// Offset from the baseline (positive = down), whole pixels.
    public let y: Int32
}

/// Glyphs drawn with one font, in visual (left-to-right) order.
public struct GlyphRun {
    /// The font (the primary one or a fallback) whose glyph ids these are.
    public let font: Font
    public let glyphs: [PlacedGlyph]
}

/// The bidi and font analysis of one paragraph.
struct ShapedParagraph {
    let scalars: [UInt32]
    let levels: [Int8]
    /// Index into `fonts` of the font that draws each scalar.
    let fontIndex: [Int]
    let fonts: [Font]
    /// Whether a grapheme cluster starts at each scalar (lines and ellipses cut only there).
    let clusterStart: [Bool]
    let baseIsRTL: Bool
    /// Advance (26.6) of each scalar when the paragraph is shaped whole: a cluster's advance
    /// is given to its first scalar, the rest get 0 (so cuts at non-zero entries keep clusters).
    private(set) var advances: [Int32] = []

    init(_ scalars: [UInt32], font: Font, direction: TextDirection) {
        self.scalars = scalars
        let n = scalars.count
        // FRIBIDI_PAR_LTR = 0x110, FRIBIDI_PAR_RTL = 0x111, FRIBIDI_PAR_ON = 0x40 (fribidi-bidi-types.h).
        var base: FriBidiParType
        switch direction {
        case .leftToRight: base = FriBidiParType(rawValue: 0x110)
        case .rightToLeft: base = FriBidiParType(rawValue: 0x111)
        case .auto: base = FriBidiParType(rawValue: 0x40)
        }
        var levels = [Int8](repeating: 0, count: n)
        if n > 0 {
            var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
            var brackets = [FriBidiBracketType](repeating: 0, count: n)
            fribidi_get_bidi_types(scalars, FriBidiStrIndex(n), &types)
            fribidi_get_bracket_types(scalars, FriBidiStrIndex(n), types, &brackets)
            if fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &base, &levels) == 0 {
                levels = [Int8](repeating: base.rawValue == 0x111 ? 1 : 0, count: n)
            }
        }
        if direction == .auto && n == 0 { base = FriBidiParType(rawValue: 0x110) }
        self.levels = levels
        baseIsRTL = base.rawValue == 0x111
        (clusterStart, fontIndex) = font.itemize(scalars)
        fonts = [font] + font.fallbacks
        advances = [Int32](repeating: 0, count: n)
        var sums = advances
        forEachRun(0..<n) { range, _ in
            let rtl = levels[range.lowerBound] & 1 == 1
            shape(range, font: fonts[fontIndex[range.lowerBound]], rtl: rtl) { cluster, advance, _, _, _ in
                sums[cluster] += advance
            }
        }
        advances = sums
    }

    var count: Int { scalars.count }

    /// Calls `body` for each maximal logical run of one level and one font inside `range`.
    func forEachRun(_ range: Range<Int>, _ body: (Range<Int>, Int8) -> Void) {
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound && levels[end] == levels[start] && fontIndex[end] == fontIndex[start] { end += 1 }
            body(start..<end, levels[start])
            start = end
        }
    }

    /// Shapes scalars `range` (with the whole paragraph as context) and reports each glyph in
    /// visual order: (cluster scalar index, x advance, x offset, y offset, glyph id), 26.6 units.
    func shape(_ range: Range<Int>, font: Font, rtl: Bool,
               _ body: (Int, Int32, Int32, Int32, UInt32) -> Void) {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { all in
            hb_buffer_add_utf32(buffer, all.baseAddress, Int32(all.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        // 'kern' = 0x6B65726E; value 0 over the whole buffer turns kerning off.
        var noKern = hb_feature_t(tag: 0x6B65_726E, value: 0, start: 0, end: UInt32.max)
        font.activate()
        if font.kerning { hb_shape(font.hbFont, buffer, nil, 0) } else { hb_shape(font.hbFont, buffer, &noKern, 1) }
        var length: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &length),
              let positions = hb_buffer_get_glyph_positions(buffer, &length) else { return }
        let scale = font.scale
        for i in 0..<Int(length) {
            let p = positions[i]
            if scale == 1 {
                body(Int(infos[i].cluster), p.x_advance, p.x_offset, p.y_offset, infos[i].codepoint)
            } else {
                body(Int(infos[i].cluster), Int32((Double(p.x_advance) * scale).rounded()),
                     Int32((Double(p.x_offset) * scale).rounded()), Int32((Double(p.y_offset) * scale).rounded()),
                     infos[i].codepoint)
            }
        }
    }

    /// The sum of advances (26.6) of scalars `range`.
    func width(_ range: Range<Int>) -> Int {
        var w = 0
        for i in range { w += Int(advances[i]) }
        return w
    }

    /// Lays out the scalars `range` as one visual line, followed by `suffix` (e.g. U+2026)
    /// at the paragraph's base level.
    func line(_ range: Range<Int>, suffix: [UInt32] = []) -> TextLine {
        let para = suffix.isEmpty ? self : ShapedParagraph(
            Array(scalars[range]) + suffix, levels: Array(levels[range]) + suffix.map { _ in baseIsRTL ? 1 : 0 },
            fontIndex: Array(fontIndex[range]) + suffix.map { s in fonts.firstIndex { $0.glyphID(s) != 0 } ?? 0 },
            from: self)
        let r = suffix.isEmpty ? range : 0..<(range.count + suffix.count)
        var runs: [(Range<Int>, Int8)] = []
        para.forEachRun(r) { runs.append(($0, $1)) }
        // Rule L2: from the highest level down to the lowest odd one, reverse every maximal
        // sequence of runs at that level or higher.
        if let maxLevel = runs.map(\.1).max(), let minOdd = runs.map(\.1).filter({ $0 & 1 == 1 }).min() {
            var level = maxLevel
            while level >= minOdd {
                var i = 0
                while i < runs.count {
                    guard runs[i].1 >= level else { i += 1; continue }
                    var j = i
                    while j < runs.count && runs[j].1 >= level { j += 1 }
                    runs[i..<j].reverse()
                    i = j
                }
                level -= 1
            }
        }
        var pen = 0  // 26.6; Int so that no text is long enough to overflow it
        var glyphRuns: [GlyphRun] = []
        for (range, level) in runs {
            let font = para.fonts[para.fontIndex[range.lowerBound]]
            var glyphs: [PlacedGlyph] = []
            para.shape(range, font: font, rtl: level & 1 == 1) { _, advance, dx, dy, id in
                glyphs.append(PlacedGlyph(id: id, x: Int32(clamping: (pen + Int(dx) + 32) >> 6),
                                          y: -((dy + 32) >> 6)))
                pen += Int(advance)
            }
            glyphRuns.append(GlyphRun(font: font, glyphs: glyphs))
        }
        return TextLine(runs: glyphRuns, width: Double(pen) / 64, isRightToLeft: baseIsRTL)
    }

    /// A paragraph made of a slice of another plus appended scalars, keeping its levels and fonts.
    private init(_ scalars: [UInt32], levels: [Int8], fontIndex: [Int], from parent: ShapedParagraph) {
        self.scalars = scalars
        self.levels = levels
        self.fontIndex = fontIndex
        fonts = parent.fonts
        clusterStart = [Bool](repeating: true, count: scalars.count)
        baseIsRTL = parent.baseIsRTL
    }
}
