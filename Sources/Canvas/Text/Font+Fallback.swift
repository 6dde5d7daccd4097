// Which font draws a grapheme cluster: the font itself when it has every character, then its
// fallbacks (the theme's, then installed faces already found), and only then fontconfig
// through the library's SystemFonts, in this font's weight and, for emoji, in colour. Runs at
// layout time (once per string), never per frame; answers are cached per font (bounded).

extension Font {
    /// Cluster choices kept per font before the cache starts over.
    static let choiceCapacity = 4096

    /// The grapheme clusters of a paragraph and, for each scalar, the index in `[self] + fallbacks`
    /// of the font that draws it. A lone space or joiner stays in the font before it (so a run
    /// of CJK words is one run) unless that is a colour font, and a cluster never spans two fonts.
    func itemize(_ scalars: [UInt32]) -> (clusterStart: [Bool], fontIndex: [Int]) {
        let n = scalars.count
        let starts = ShapedParagraph.clusterStarts(scalars)
        let language = ShapedParagraph.languageHint(scalars, han: face.library.systemFonts?.hanLanguage ?? .none)
        var chosen = [Int](repeating: 0, count: n)
        var current = 0
        var i = 0
        while i < n {
            var end = i + 1
            while end < n && !starts[end] { end += 1 }
            let s = scalars[i]
            let shared = end == i + 1 && (s == 0x20 || s == 0x09 || s == 0x0A || (0x200B...0x200F).contains(s))
            let previous = current == 0 ? self : fallbacks[current - 1]
            // Not in a colour font: its spaces are as wide as its emoji.
            if !(shared && !previous.isColor && previous.glyphID(s) != 0) {
                current = fontIndex(forCluster: scalars[i..<end], language: language)
            }
            for j in i..<end { chosen[j] = current }
            i = end
        }
        return (starts, chosen)
    }

    /// The index in `[self] + fallbacks` of the font that draws `cluster` (0, this font's
    /// missing-glyph box, when no font has it). May add an installed face to `fallbacks`.
    func fontIndex(forCluster cluster: ArraySlice<UInt32>, language: SystemFonts.LanguageHint) -> Int {
        let base = cluster.first { !Self.isIgnorable($0) } ?? cluster.first ?? 0x20
        let emoji = Self.wantsColor(cluster, base: base)
        if !emoji {
            if covers(cluster) { return 0 }
            // Japanese, Korean or Chinese text takes only theme fallbacks and installed fonts
            // found for that language (its ideographs have that design); text without a hint takes any.
            if let i = fallbacks.firstIndex(where: {
                (language == .none || $0.language == nil || $0.language == language) && $0.covers(cluster)
            }) { return i + 1 }
        } else if let i = fallbacks.firstIndex(where: { $0.isColor && $0.glyphID(base) != 0 }) {
            return i + 1
        }
        let key = UInt64(base) | (emoji ? 1 << 32 : 0) | language.rawValue << 33
        if let known = systemChoices[key] { return Int(known) }
        var choice = -1
        if let system = face.library.systemFonts,
           let found = system.face(for: base, bold: face.isBold, color: emoji, language: language) {
            if let i = fallbacks.firstIndex(where: { $0.face === found }) {
                choice = i + 1
            } else if let font = try? Font(face: found, size: size, kerning: kerning) {
                font.language = language
                fallbacks.append(font)
                choice = fallbacks.count
            }
        }
        if choice < 0 {
            // No font has the whole cluster: the first one with its base character, else tofu.
            choice = glyphID(base) != 0 ? 0 : (fallbacks.firstIndex { $0.glyphID(base) != 0 }).map { $0 + 1 } ?? 0
        }
        if systemChoices.count >= Self.choiceCapacity { systemChoices.removeAll(keepingCapacity: true) }
        systemChoices[key] = Int32(choice)
        return choice
    }

    /// Whether this font has every visible character of `cluster`.
    func covers(_ cluster: ArraySlice<UInt32>) -> Bool {
        cluster.allSatisfy { Self.isIgnorable($0) || glyphID($0) != 0 }
    }

    /// Joiners, variation selectors, tags, bidi controls (embeddings, overrides, isolates) and
    /// other default-ignorable characters: they need no
    /// glyph of their own (HarfBuzz hides them) and must not split a cluster between fonts.
    static func isIgnorable(_ s: UInt32) -> Bool {
        (0x200B...0x200F).contains(s) || (0xFE00...0xFE0F).contains(s) || (0xE0000...0xE0FFF).contains(s)
            || (0x202A...0x202E).contains(s) || (0x2060...0x206F).contains(s) || s == 0x00AD || s == 0xFEFF || s == 0x061C
    }

    /// Whether `cluster` is shown as a colour emoji: an emoji-presentation character, or one
    /// followed by U+FE0F (or a keycap), unless U+FE0E asks for text.
    static func wantsColor(_ cluster: ArraySlice<UInt32>, base: UInt32) -> Bool {
        if cluster.contains(0xFE0E) { return false }
        if cluster.contains(0xFE0F) || cluster.contains(0x20E3) { return true }
        return Unicode.Scalar(base)?.properties.isEmojiPresentation ?? false
    }
}
