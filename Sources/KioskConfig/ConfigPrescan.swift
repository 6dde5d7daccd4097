// What the TOML parser must not be handed, found before it is (issue 22).
//
// Nesting: toml++ bounds nested arrays and inline tables (256 levels) but not dotted keys and
// table headers: `a.a.a… = 1` or `[a.a.a…]` with 50,000 parts (100 KiB, well within the 1 MiB
// cap) overflowed the stack (signal 11), and 20,000 parts took two minutes and 580 MB (each part
// is a nested table, and ConfigSourceMap records every prefix path). So this scanner walks the
// text once, iteratively, and refuses a file whose deepest path (header parts + dotted key parts
// + array and inline-table levels) goes beyond `maximumDepth`, at the `file:line:column` where
// it does. It skips strings and comments, so brackets and dots inside them count for nothing.
//
// Table headers: toml++ only asserts that a header's name starts with a bare-key character or a
// quote. `[[[lists]]]`, `[éclair]`, `[,` or a `[` alone on a line aborted the debug build
// (assertion in parse_key) and is undefined behaviour where NDEBUG turns the assertion into an
// assumption; such a header is refused here with the character it starts with.
//
// A string value or quoted key that spells a NUL (`\u0000`) is refused too: toml++ cuts it there.
//
// On text that is not valid TOML the scanner only has to stay bounded: the parser reports any
// other syntax error afterwards.
import KioskFiles

enum ConfigPrescan {
    /// The deepest path a configuration file may have. The deepest key SwipeKiosk reads,
    /// `[[lists.trailing.actions]]` `command = ["…"]`, has 5 levels.
    static let maximumDepth = 32

    /// A diagnostic at the first place `source` nests deeper than `maximumDepth` or has a table
    /// header the parser cannot take, or nil.
    static func problem(in source: String, file: String) -> ConfigDiagnostic? {
        var scanner = Scanner(source: source)
        guard let (at, message) = scanner.scanDocument() else { return nil }
        return ConfigDiagnostic(file: file, position: at, message: message)
    }

    static let tooDeep = "the configuration nests deeper than \(maximumDepth) levels "
        + "(tables, dotted keys, arrays and inline tables together); SwipeKiosk reads at most 5"

    /// toml++ hands strings over as C strings: a value spelling a NUL was cut there without a
    /// word (a command's argument, an id, a path all shortened).
    static let nulInString = "a string may not contain a NUL character (\\u0000): the value would be cut there"

    /// The message for a header name starting with `character`.
    static func badHeader(_ character: Unicode.Scalar) -> String {
        let shown = character == "\n" || character == "\r" ? "the end of the line" : "'\(character)'"
        return "a table header's name starts with A-Z, a-z, 0-9, _, - or a quote, not \(shown)"
    }

    /// Whether a header's name may start with `c` (toml++ asserts this instead of checking it):
    /// a bare-key character, a quote, or `]` (an empty name, which toml++ reports itself).
    static func startsHeaderName(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c)) || "_-\"']".unicodeScalars.contains(c)
    }

    private struct Scanner {
        var cursor: TOMLCursor

        init(source: String) { cursor = TOMLCursor(source: source) }

        /// The first problem and where it is, or nil.
        mutating func scanDocument() -> (TextPosition, String)? {
            var table = 0
            while true {
                cursor.skipTrivia()
                guard let c = cursor.current else { return nil }
                let start = cursor.position, before = cursor.index
                if c == "[" {
                    cursor.advance()
                    if cursor.current == "[" { cursor.advance() }
                    cursor.skipSpaces()
                    if let first = cursor.current, !ConfigPrescan.startsHeaderName(first) {
                        return (cursor.position, ConfigPrescan.badHeader(first))
                    }
                    table = cursor.scanKey().count
                    if let at = cursor.nulInKey { return (at, ConfigPrescan.nulInString) }
                    if table > ConfigPrescan.maximumDepth { return (start, ConfigPrescan.tooDeep) }
                    cursor.skipLine()
                } else {
                    let depth = table + cursor.scanKey().count
                    if let at = cursor.nulInKey { return (at, ConfigPrescan.nulInString) }
                    if depth > ConfigPrescan.maximumDepth { return (start, ConfigPrescan.tooDeep) }
                    cursor.skipSpaces()
                    if cursor.current == "=" {
                        cursor.advance()
                        if let problem = scanValue(depth: depth) { return problem }
                    }
                }
                if cursor.index == before { cursor.advance() }  // never loop on text that is not TOML
            }
        }

        /// Skips the value of a key at `depth`, with an explicit stack for arrays and inline
        /// tables (no recursion); returns where it nests too deep or spells a NUL, or nil.
        mutating func scanValue(depth: Int) -> (TextPosition, String)? {
            /// Each open `[` or `{` and the depth of the array or table it opens.
            var open: [(table: Bool, depth: Int)] = []
            var depth = depth
            while true {
                // A value (or the bracket closing an empty array or table) at `depth`.
                cursor.skipTrivia()
                guard let c = cursor.current else { return nil }
                switch c {
                case "[":
                    if depth + 1 > ConfigPrescan.maximumDepth { return (cursor.position, ConfigPrescan.tooDeep) }
                    open.append((false, depth))
                    cursor.advance()
                    depth += 1
                    continue
                case "{":
                    open.append((true, depth))
                    cursor.advance()
                    cursor.skipSpaces()
                    if cursor.current != "}" {
                        if let problem = scanTableKey(from: &depth) { return problem }
                        continue
                    }
                case "\"", "'":
                    if let at = cursor.skipString(quote: c) { return (at, ConfigPrescan.nulInString) }
                case "]", "}": break
                default: cursor.skipBareValue()
                }
                // After a value: close brackets until a comma starts the next value.
                while let top = open.last {
                    cursor.skipTrivia()
                    guard let c = cursor.current else { return nil }
                    if c == "," {
                        cursor.advance()
                        depth = top.depth
                        if !top.table { depth += 1; break }
                        cursor.skipSpaces()
                        if cursor.current == "}" { continue }
                        if let problem = scanTableKey(from: &depth) { return problem }
                        break
                    }
                    if c == "]" || c == "}" { open.removeLast() }
                    cursor.advance()
                }
                if open.isEmpty { return nil }
            }
        }

        /// Skips `key =` inside an inline table at `depth`, which becomes the depth of the
        /// key's value; returns where and why when that is too deep or the key spells a NUL.
        mutating func scanTableKey(from depth: inout Int) -> (TextPosition, String)? {
            let start = cursor.position
            depth += cursor.scanKey().count
            if let at = cursor.nulInKey { return (at, ConfigPrescan.nulInString) }
            if depth > ConfigPrescan.maximumDepth { return (start, ConfigPrescan.tooDeep) }
            cursor.skipSpaces()
            if cursor.current == "=" { cursor.advance() }
            return nil
        }
    }
}
