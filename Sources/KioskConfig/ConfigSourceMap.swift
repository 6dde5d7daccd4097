// Where each key and value of a TOML document sits, so semantic errors ("unknown key",
// "out of range") can be reported as file:line:column like syntax errors.
//
// Why a second scanner: TOMLKit reports positions only for syntax errors; its tables do not
// expose toml++'s node source regions. So after TOMLKit has accepted the document, this
// scanner walks the same text once and records, for every dotted path
// (`lists[1].trailing.actions[0].effect`), the position of its key and of its value: table
// headers (`[a.b]`, `[[a.b]]` with per-parent array counters), dotted keys, inline tables and
// arrays. The text is known to be valid TOML, so the scanner only has to stay in step with it.
import KioskFiles

/// Key and value positions by dotted path.
public struct ConfigSourceMap {
    private var keys: [String: TextPosition] = [:]
    private var values: [String: TextPosition] = [:]

    /// Scans `source`, which TOMLKit has already parsed without error.
    public init(source: String) {
        var scanner = Scanner(text: Array(source.unicodeScalars))
        scanner.scanDocument()
        keys = scanner.keys
        values = scanner.values
    }

    /// Position of the value at `path` (or of its key, or of the nearest enclosing table).
    public func valuePosition(_ path: ConfigPath) -> TextPosition {
        values[path.description] ?? keyPosition(path)
    }

    /// Position of the key at `path` (an array element's own position, or the nearest
    /// enclosing table's header).
    func keyPosition(_ path: ConfigPath) -> TextPosition {
        var path = path
        while !path.isEmpty {
            if let position = keys[path.description] ?? values[path.description] { return position }
            path = path.parent
        }
        return .start
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1
        var keys: [String: TextPosition] = [:]
        var values: [String: TextPosition] = [:]
        /// Element counts of arrays of tables, by resolved path (`lists`, `lists[0].trailing.actions`).
        var tableArrayCounts: [String: Int] = [:]

        init(text: [Unicode.Scalar]) { self.text = text }

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

        /// Skips blanks, newlines and comments (inside arrays and between statements).
        mutating func skipTrivia() {
            while let c = current {
                if c == " " || c == "\t" || c == "\r" || c == "\n" { advance() }
                else if c == "#" { while let d = current, d != "\n" { advance() } }
                else { return }
            }
        }

        mutating func scanDocument() {
            var table = ConfigPath()
            while true {
                skipTrivia()
                guard let c = current else { return }
                if c == "[" {
                    table = scanHeader()
                } else {
                    let start = index
                    scanKeyValue(in: table)
                    if index == start { advance() }  // never loop on text the scanner does not understand
                }
            }
        }

        /// `[a.b]` or `[[a.b]]`; returns the resolved path of the table it opens.
        mutating func scanHeader() -> ConfigPath {
            let start = position
            advance()
            let isArray = current == "["
            if isArray { advance() }
            let names = scanKey()
            while let c = current, c != "\n" { advance() }
            var path = ConfigPath()
            for (i, name) in names.enumerated() {
                path = path.appending(name)
                let count = tableArrayCounts[path.description]
                if isArray && i == names.count - 1 {
                    record(key: path, at: start, value: start)
                    tableArrayCounts[path.description] = (count ?? 0) + 1
                    path = path.appending(index: count ?? 0)
                } else if let count {
                    path = path.appending(index: count - 1)
                }
            }
            record(key: path, at: start, value: start)
            return path
        }

        /// A possibly dotted, possibly quoted key; stops before `=` or `]`.
        mutating func scanKey() -> [String] {
            var names: [String] = []
            while true {
                skipSpaces()
                var name = ""
                if let quote = current, quote == "\"" || quote == "'" {
                    advance()
                    while let c = current, c != quote, c != "\n" {
                        if c == "\\" && quote == "\"" { advance() }
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

        mutating func scanKeyValue(in table: ConfigPath) {
            let start = position
            var path = table
            for name in scanKey() {
                path = path.appending(name)
                record(key: path, at: start, value: nil)
            }
            skipSpaces()
            guard current == "=" else { return }
            advance()
            skipSpaces()
            scanValue(at: path)
        }

        mutating func scanValue(at path: ConfigPath) {
            values[path.description] = values[path.description] ?? position
            guard let c = current else { return }
            switch c {
            case "\"", "'": scanString(quote: c)
            case "[":
                advance()
                var element = 0
                while true {
                    skipTrivia()
                    guard let d = current else { return }
                    if d == "]" { advance(); return }
                    if d == "," { advance(); element += 1; continue }
                    let before = index
                    scanValue(at: path.appending(index: element))
                    if index == before { advance() }
                }
            case "{":
                advance()
                while true {
                    skipSpaces()
                    guard let d = current else { return }
                    if d == "}" { advance(); return }
                    if d == "," { advance(); continue }
                    let before = index
                    scanKeyValue(in: path)
                    if index == before { advance() }
                }
            default:
                while let d = current, d != ",", d != "]", d != "}", d != "#", d != "\n" { advance() }
            }
        }

        /// Skips a basic, literal or multi-line string starting at `quote`.
        mutating func scanString(quote: Unicode.Scalar) {
            let triple = index + 2 < text.count && text[index + 1] == quote && text[index + 2] == quote
            let delimiter = triple ? 3 : 1
            for _ in 0..<delimiter { advance() }
            while let c = current {
                if c == "\\" && quote == "\"" { advance(); advance(); continue }
                if c == quote {
                    var run = 0
                    while index + run < text.count && text[index + run] == quote { run += 1 }
                    if run >= delimiter {
                        for _ in 0..<run { advance() }  // a closing """ may be preceded by up to two quotes
                        return
                    }
                }
                if c == "\n" && !triple { return }
                advance()
            }
        }

        mutating func record(key path: ConfigPath, at key: TextPosition, value: TextPosition?) {
            keys[path.description] = keys[path.description] ?? key
            if let value { values[path.description] = values[path.description] ?? value }
        }
    }
}
