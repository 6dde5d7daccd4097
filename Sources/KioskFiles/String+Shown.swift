// Text that came from outside (a configuration value, a database row, an MQTT topic or command,
// a command-line argument) as a message quotes it, in one place for every layer. An ESC in it
// must not recolour, move or rewrite the operator's terminal or `journalctl`, a bidirectional
// override must not reorder what they read, and its length must not make the message unbounded:
// 30,000 combining marks are one Character, so clipping by Characters (`prefix(40)`) bounds
// nothing. This clips by Unicode scalars.

extension String {
    /// This text with what would steer a terminal spelt out as `\u{XX}`: C0 controls other than
    /// newline and tab, DEL, C1 controls and the bidirectional overrides and isolates.
    public var escapingControls: String { Self.spelling(unicodeScalars, lineBreaksToo: false) }

    /// At most `limit` Unicode scalars of this text, then "…" when there were more, with
    /// controls spelt out as ``escapingControls`` does, newlines and tabs too (`\n`, `\t`): a
    /// quoted value is one line.
    public func shown(atMost limit: Int) -> String {
        Self.spelling(clipped(atMost: limit).unicodeScalars, lineBreaksToo: true)
    }

    /// At most `limit` Unicode scalars of this text, then "…" when there were more; nothing
    /// spelt out (for text whose lines matter, such as a parser's message with its caret line:
    /// printError still spells out its controls).
    public func clipped(atMost limit: Int) -> String {
        String(String.UnicodeScalarView(unicodeScalars.prefix(limit))) + (unicodeScalars.dropFirst(limit).isEmpty ? "" : "…")
    }

    private static func spelling<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars, lineBreaksToo: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in scalars {
            let v = scalar.value
            let steers = (v < 0x20 && (lineBreaksToo || (v != 0x0A && v != 0x09))) || (0x7F...0x9F).contains(v)
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            if steers {
                let spelt = v == 0x0A ? "\\n" : v == 0x09 ? "\\t" : "\\u{\(String(v, radix: 16, uppercase: true))}"
                out.append(contentsOf: spelt.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
