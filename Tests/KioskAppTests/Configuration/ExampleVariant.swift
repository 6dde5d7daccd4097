// The shipped example configuration with one key changed: the effect tests replay the same
// script with `example.toml` as it is and with one value changed, and compare what a person
// would see or what the state dump says. The example is addressed by table path and key, as a
// person reads it (`lists.trailing.actions` is the first action of the first list's trailing side).
import Foundation
import XCTest

/// `example.toml` and edits of single keys.
struct ExampleVariant {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/KioskConfig/Examples/example.toml").path

    /// One `key = value` line (commented out or not) under its table path.
    struct Line {
        let index: Int
        let table: String
        let key: String
        let commented: Bool
    }

    /// The example's lines.
    static let text: String = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""

    /// Every key line of the example with its table path (`[[lists.leading.actions]]` →
    /// `lists.leading.actions`; `[haptics.events.NAME]` → `haptics.events.*`).
    static func keys(of example: String = text) -> [Line] {
        var table = ""
        var lines: [Line] = []
        for (index, raw) in example.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw.trimmingCharacters(in: .whitespaces)
            // A commented-out table (`# [feed]`: a section a kiosk only has when configured)
            // still heads the commented keys under it.
            if line.hasPrefix("# ["), !line.contains("=") { line = String(line.dropFirst(2)) }
            if line.hasPrefix("[") {
                table = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
                if table.hasPrefix("haptics.events.") { table = "haptics.events.*" }
                continue
            }
            let commented = line.hasPrefix("#")
            let body = commented ? line.dropFirst().trimmingCharacters(in: .whitespaces) : line
            guard let equals = body.firstIndex(of: "=") else { continue }
            let key = body[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.allSatisfy({ $0.isLowercase || $0 == "_" || $0.isNumber }) else { continue }
            lines.append(Line(index: index, table: table, key: key, commented: commented))
        }
        return lines
    }

    /// `example` (the shipped example unless given) with the first `key` of `table` set to
    /// `value` (TOML text), uncommented.
    static func with(_ table: String, _ key: String, _ value: String, in example: String = text,
                     file: StaticString = #filePath, line: UInt = #line) -> String {
        var lines = example.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let target = keys(of: example).first(where: { $0.table == table && $0.key == key }) else {
            XCTFail("example.toml has no \(table).\(key)", file: file, line: line)
            return text
        }
        lines[target.index] = "\(key) = \(value)"
        return lines.joined(separator: "\n")
    }
}
