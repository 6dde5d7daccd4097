// Where a paragraph may be cut and which design its CJK text wants: grapheme clusters (Swift's
// extended grapheme clusters: letters with their marks, emoji ZWJ sequences, skin tones,
// flags) and a language hint from kana or hangul (or, for ideographs alone, the locale's), so
// that ideographs are drawn in the Japanese, Korean or Chinese design of a CJK font.

extension ShapedParagraph {
    /// `true` at each scalar that starts a grapheme cluster.
    static func clusterStarts(_ scalars: [UInt32]) -> [Bool] {
        var starts = [Bool](repeating: false, count: scalars.count)
        guard !scalars.isEmpty else { return starts }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.lazy.map { Unicode.Scalar($0) ?? "\u{FFFD}" })
        var i = 0
        for character in String(view) {
            starts[i] = true
            i += character.unicodeScalars.count
        }
        return starts
    }

    /// Japanese when the paragraph has kana, Korean when it has hangul, else `han` when it
    /// has ideographs (the locale's choice), else no hint.
    static func languageHint(_ scalars: [UInt32], han: SystemFonts.LanguageHint = .none) -> SystemFonts.LanguageHint {
        var ideographs = false
        for s in scalars {
            if (0x3040...0x30FF).contains(s) || (0x31F0...0x31FF).contains(s) { return .japanese }
            if (0xAC00...0xD7AF).contains(s) || (0x1100...0x11FF).contains(s) || (0x3130...0x318F).contains(s) {
                return .korean
            }
            if (0x3400...0x9FFF).contains(s) || (0xF900...0xFAFF).contains(s) || (0x20000...0x3FFFF).contains(s) {
                ideographs = true
            }
        }
        return ideographs ? han : .none
    }
}
