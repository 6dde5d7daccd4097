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
        var scanner = Scanner(source: source)
        scanner.scanDocument()
        keys = scanner.keys
        values = scanner.values
    }

    /// Whether the file gives a value at `path` (rather than leaving the default).
    public func sets(_ path: ConfigPath) -> Bool { values[path.description] != nil }

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
        var cursor: TOMLCursor
        var keys: [String: TextPosition] = [:]
        var values: [String: TextPosition] = [:]
        /// Element counts of arrays of tables, by resolved path (`lists`, `lists[0].trailing.actions`).
        var tableArrayCounts: [String: Int] = [:]

        init(source: String) { cursor = TOMLCursor(source: source) }

        mutating func scanDocument() {
            var table = ConfigPath()
            while true {
                cursor.skipTrivia()
                guard let c = cursor.current else { return }
                if c == "[" {
                    table = scanHeader()
                } else {
                    let start = cursor.index
                    scanKeyValue(in: table)
                    if cursor.index == start { cursor.advance() }  // never loop on text the scanner does not understand
                }
            }
        }

        /// `[a.b]` or `[[a.b]]`; returns the resolved path of the table it opens.
        mutating func scanHeader() -> ConfigPath {
            let start = cursor.position
            cursor.advance()
            let isArray = cursor.current == "["
            if isArray { cursor.advance() }
            let names = cursor.scanKey()
            cursor.skipLine()
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

        mutating func scanKeyValue(in table: ConfigPath) {
            let start = cursor.position
            var path = table
            for name in cursor.scanKey() {
                path = path.appending(name)
                record(key: path, at: start, value: nil)
            }
            cursor.skipSpaces()
            guard cursor.current == "=" else { return }
            cursor.advance()
            cursor.skipSpaces()
            scanValue(at: path)
        }

        /// Recursive: the text is valid TOML that ConfigPrescan let through, so at most
        /// `ConfigPrescan.maximumDepth` levels deep.
        mutating func scanValue(at path: ConfigPath) {
            let name = path.description
            if values[name] == nil { values[name] = cursor.position }
            guard let c = cursor.current else { return }
            switch c {
            case "\"", "'": cursor.skipString(quote: c)
            case "[":
                cursor.advance()
                var element = 0
                while true {
                    cursor.skipTrivia()
                    guard let d = cursor.current else { return }
                    if d == "]" { cursor.advance(); return }
                    if d == "," { cursor.advance(); element += 1; continue }
                    let before = cursor.index
                    scanValue(at: path.appending(index: element))
                    if cursor.index == before { cursor.advance() }
                }
            case "{":
                cursor.advance()
                while true {
                    cursor.skipSpaces()
                    guard let d = cursor.current else { return }
                    if d == "}" { cursor.advance(); return }
                    if d == "," { cursor.advance(); continue }
                    let before = cursor.index
                    scanKeyValue(in: path)
                    if cursor.index == before { cursor.advance() }
                }
            default:
                cursor.skipBareValue()
            }
        }

        /// Keeps the first position of each path (its description is built once: a file of
        /// 32-part keys spent most of its check building the same strings again).
        mutating func record(key path: ConfigPath, at key: TextPosition, value: TextPosition?) {
            let name = path.description
            if keys[name] == nil { keys[name] = key }
            if let value, values[name] == nil { values[name] = value }
        }
    }
}
