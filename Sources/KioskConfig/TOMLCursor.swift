// A position in the text of a TOML file, and the steps over it that both of KioskConfig's own
// scanners take: ConfigPrescan (before the parser, on any text) and ConfigSourceMap (after it,
// on valid TOML). Lines and columns count Unicode scalars from 1, as diagnostics print them.
import KioskFiles

struct TOMLCursor {
    let text: [Unicode.Scalar]
    /// Where a quoted key read so far spells a NUL (`"a\u0000b" = 1`), or nil.
    var nulInKey: TextPosition?
    private(set) var index = 0
    private(set) var line = 1
    private(set) var column = 1

    init(source: String) { text = Array(source.unicodeScalars) }

    var current: Unicode.Scalar? { index < text.count ? text[index] : nil }
    var position: TextPosition { TextPosition(line: line, column: column) }

    mutating func advance() {
        guard let c = current else { return }
        index += 1
        if c == "\n" { line += 1; column = 1 } else { column += 1 }
    }

    mutating func skipSpaces() {
        while let c = current, c == " " || c == "\t" { advance() }
    }

    /// Skips blanks, line ends and comments (between statements and inside arrays).
    mutating func skipTrivia() {
        while let c = current {
            if c == " " || c == "\t" || c == "\r" || c == "\n" { advance() }
            else if c == "#" { skipLine() }
            else { return }
        }
    }

    /// Skips to the end of the line (not past its line end).
    mutating func skipLine() {
        while let c = current, c != "\n" { advance() }
    }

    /// Skips a scalar value (number, boolean, date) up to the next delimiter; at least one scalar.
    mutating func skipBareValue() {
        let before = index
        while let c = current, c != ",", c != "]", c != "}", c != "#", c != "\n" { advance() }
        if index == before { advance() }
    }

    /// Reads a possibly dotted, possibly quoted key and returns its parts; stops before `=` or `]`.
    mutating func scanKey() -> [String] {
        var names: [String] = []
        while true {
            skipSpaces()
            var name = ""
            if let quote = current, quote == "\"" || quote == "'" {
                advance()
                while let c = current, c != quote, c != "\n" {
                    if c == "\\" && quote == "\"" {
                        if nulInKey == nil, spellsNUL(at: index + 1) { nulInKey = position }
                        advance()
                    }
                    if let d = current { name.unicodeScalars.append(d) }
                    advance()
                }
                advance()
            } else {
                while let c = current, c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-" {
                    name.unicodeScalars.append(c)
                    advance()
                }
            }
            names.append(name)
            skipSpaces()
            guard current == "." else { return names }
            advance()
        }
    }

    /// Skips a basic, literal or multi-line string starting at its opening `quote`.
    /// - Returns: where the string spells a NUL (`\u0000`, `\U00000000`), or nil.
    @discardableResult
    mutating func skipString(quote: Unicode.Scalar) -> TextPosition? {
        let triple = index + 2 < text.count && text[index + 1] == quote && text[index + 2] == quote
        let delimiter = triple ? 3 : 1
        var nul: TextPosition?
        for _ in 0..<delimiter { advance() }
        while let c = current {
            if c == "\\" && quote == "\"" {
                if nul == nil, spellsNUL(at: index + 1) { nul = position }
                advance(); advance(); continue
            }
            if c == quote {
                var run = 0
                while index + run < text.count && text[index + run] == quote { run += 1 }
                if run >= delimiter {
                    for _ in 0..<run { advance() }  // a closing """ may be preceded by up to two quotes
                    return nul
                }
            }
            if c == "\n" && !triple { return nul }
            advance()
        }
        return nul
    }

    /// Whether the escape whose letter is at `start` is `u0000` or `U00000000`.
    private func spellsNUL(at start: Int) -> Bool {
        guard start < text.count else { return false }
        let digits = text[start] == "u" ? 4 : text[start] == "U" ? 8 : 0
        guard digits > 0, start + digits < text.count else { return false }
        return text[(start + 1)...(start + digits)].allSatisfy { $0 == "0" }
    }
}
