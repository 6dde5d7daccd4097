// Icons come from the Material Design Icons font (Debian fonts-materialdesignicons-webfont,
// shipped in Fonts/): an icon is one glyph, addressed by codepoint or by the names the app
// configuration uses, and drawn with the same cached-glyph path as text.

/// A sized icon font: look up icons by name or codepoint and lay them out as one-glyph lines.
public final class IconFont {
    /// The icon font at its pixel size.
    public let font: Font

    /// Codepoints of the names the app's configuration may use (MDI 1.6 numbering, as in
    /// Debian's materialdesignicons.css; "cog" is called "settings" there).
    public static let codepoints: [String: UInt32] = [
        "delete": 0xF1C0, "flag": 0xF23B, "archive": 0xF03C, "email-open": 0xF1EF,
        "dots-horizontal": 0xF1D8, "star": 0xF4CE, "bell": 0xF09A, "check": 0xF12C,
        "close": 0xF156, "chevron-left": 0xF141, "undo": 0xF54C, "cog": 0xF493, "settings": 0xF493,
    ]

    /// Wraps `font`, which should be made from the MDI face.
    public init(font: Font) { self.font = font }

    /// The codepoint of a named icon.
    /// - Throws: `CanvasError.unknownIcon` for names not in `codepoints`.
    public static func codepoint(named name: String) throws -> UInt32 {
        guard let code = codepoints[name] else { throw CanvasError.unknownIcon(name) }
        return code
    }

    /// The icon at `codepoint` as a drawable line (empty if the font lacks it or the
    /// codepoint is not a Unicode scalar).
    public func icon(_ codepoint: UInt32) -> TextLine {
        guard let scalar = Unicode.Scalar(codepoint), font.hasGlyph(scalar) else {
            return TextLine(runs: [], width: 0, isRightToLeft: false)
        }
        return TextLayout(String(Character(scalar)), style: TextStyle(font: font, direction: .leftToRight)).lines[0]
    }

    /// The named icon as a drawable line.
    /// - Throws: `CanvasError.unknownIcon` for names not in `codepoints`.
    public func icon(named name: String) throws -> TextLine { icon(try Self.codepoint(named: name)) }
}
