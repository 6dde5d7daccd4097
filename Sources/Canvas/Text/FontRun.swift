// Which font draws which part of a string, for people rather than for drawing: `check-text`
// prints it so an integrator sees, before deploying, that 田中 comes from Noto Sans CJK and
// that some code point has no font at all. Same itemisation as layout (clusters, fallbacks,
// fontconfig), without shaping.

/// A run of text drawn by one font, and the code points in it that font has no glyph for.
public struct FontRun {
    /// The run's text.
    public let text: String
    /// The font that draws it (the primary font when none has a character: its box is drawn).
    public let font: Font
    /// Code points of the run that no font has (drawn as a box), in order of appearance.
    public let missing: [UInt32]
}

extension Font {
    /// `text` split into runs of one font each, in logical order (what `TextLayout` would draw).
    public func runs(of text: String) -> [FontRun] {
        let scalars = text.unicodeScalars.map(\.value)
        let (_, chosen) = itemize(scalars)
        var runs: [FontRun] = []
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count && chosen[end] == chosen[start] { end += 1 }
            let font = chosen[start] == 0 ? self : fallbacks[chosen[start] - 1]
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<end].compactMap(Unicode.Scalar.init))
            let missing = scalars[start..<end].filter { $0 != 0x0A && !Self.isIgnorable($0) && font.glyphID($0) == 0 }
            runs.append(FontRun(text: String(view), font: font, missing: missing))
            start = end
        }
        return runs
    }
}
