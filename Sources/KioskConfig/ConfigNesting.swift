// How deep a configuration file nests, measured before the TOML parser sees it (issue 22).
//
// Why a scanner ahead of the parser: toml++ bounds nested arrays and inline tables (256 levels)
// but not dotted keys and table headers: `a.a.a… = 1` or `[a.a.a…]` with 50,000 parts (100 KiB,
// well within the 1 MiB cap) overflowed the stack (signal 11), and 20,000 parts took two minutes
// and 580 MB (each part is a nested table, and ConfigSourceMap records every prefix path). So
// this scanner walks the text once, iteratively, and refuses a file whose deepest path (header
// parts + dotted key parts + array and inline-table levels) goes beyond `maximumDepth`, at the
// `file:line:column` where it does. It skips strings and comments, so brackets and dots inside
// them count for nothing. On text that is not valid TOML it only has to stay bounded: the
// parser reports the syntax error afterwards.
import KioskFiles

enum ConfigNesting {
    /// The deepest path a configuration file may have. The deepest key SwipeKiosk reads,
    /// `[[lists.trailing.actions]]` `command = ["…"]`, has 5 levels.
    static let maximumDepth = 32

    /// A diagnostic at the first place `source` nests deeper than `maximumDepth`, or nil.
    static func problem(in source: String, file: String) -> ConfigDiagnostic? {
        var scanner = Scanner(source: source)
        guard let at = scanner.scanDocument() else { return nil }
        return ConfigDiagnostic(file: file, position: at, message: "the configuration nests deeper than \(maximumDepth) levels "
            + "(tables, dotted keys, arrays and inline tables together); SwipeKiosk reads at most 5")
    }

    private struct Scanner {
        var cursor: TOMLCursor

        init(source: String) { cursor = TOMLCursor(source: source) }

        /// The position where the document first nests too deep, or nil.
        mutating func scanDocument() -> TextPosition? {
            var table = 0
            while true {
                cursor.skipTrivia()
                guard let c = cursor.current else { return nil }
                let start = cursor.position, before = cursor.index
                if c == "[" {
                    cursor.advance()
                    if cursor.current == "[" { cursor.advance() }
                    table = cursor.scanKey().count
                    if table > ConfigNesting.maximumDepth { return start }
                    cursor.skipLine()
                } else {
                    let depth = table + cursor.scanKey().count
                    if depth > ConfigNesting.maximumDepth { return start }
                    cursor.skipSpaces()
                    if cursor.current == "=" {
                        cursor.advance()
                        if let at = scanValue(depth: depth) { return at }
                    }
                }
                if cursor.index == before { cursor.advance() }  // never loop on text that is not TOML
            }
        }

        /// Skips the value of a key at `depth`, with an explicit stack for arrays and inline
        /// tables (no recursion); returns where it nests too deep, or nil.
        mutating func scanValue(depth: Int) -> TextPosition? {
            /// Each open `[` or `{` and the depth of the array or table it opens.
            var open: [(table: Bool, depth: Int)] = []
            var depth = depth
            while true {
                // A value (or the bracket closing an empty array or table) at `depth`.
                cursor.skipTrivia()
                guard let c = cursor.current else { return nil }
                switch c {
                case "[":
                    if depth + 1 > ConfigNesting.maximumDepth { return cursor.position }
                    open.append((false, depth))
                    cursor.advance()
                    depth += 1
                    continue
                case "{":
                    open.append((true, depth))
                    cursor.advance()
                    cursor.skipSpaces()
                    if cursor.current != "}" {
                        if let at = scanTableKey(from: &depth) { return at }
                        continue
                    }
                case "\"", "'": cursor.skipString(quote: c)
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
                        if let at = scanTableKey(from: &depth) { return at }
                        break
                    }
                    if c == "]" || c == "}" { open.removeLast() }
                    cursor.advance()
                }
                if open.isEmpty { return nil }
            }
        }

        /// Skips `key =` inside an inline table at `depth`, which becomes the depth of the
        /// key's value; returns the key's position when that is too deep.
        mutating func scanTableKey(from depth: inout Int) -> TextPosition? {
            let start = cursor.position
            depth += cursor.scanKey().count
            if depth > ConfigNesting.maximumDepth { return start }
            cursor.skipSpaces()
            if cursor.current == "=" { cursor.advance() }
            return nil
        }
    }
}
