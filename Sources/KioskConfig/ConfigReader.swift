// Typed, checked reads from one TOML table. Every read names the key it accepts, so that
// when the table is finished any other key is reported as unknown (with a did-you-mean);
// wrong types, out-of-range numbers and unknown enum values are collected, never thrown,
// so one run reports every problem in the file.
import KioskFiles
import SwipeCore
import TOMLKit

/// Collects the diagnostics of one document.
final class ConfigDiagnostics {
    let file: String
    let sourceMap: ConfigSourceMap
    private(set) var diagnostics: [ConfigDiagnostic] = []

    init(file: String, source: String) {
        self.file = file
        self.sourceMap = ConfigSourceMap(source: source)
    }

    /// Reports `message` at the value of `path` (or at its key with `atKey`).
    func report(_ message: String, at path: ConfigPath, atKey: Bool = false) {
        let position = atKey ? sourceMap.keyPosition(path) : sourceMap.valuePosition(path)
        diagnostics.append(ConfigDiagnostic(file: file, position: position, message: message))
    }

    /// The diagnostics in file order (stable for equal positions).
    var sorted: [ConfigDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (pa, pb) = (a.element.position, b.element.position)
            return (pa.line, pa.column, a.offset) < (pb.line, pb.column, b.offset)
        }.map(\.element)
    }
}

/// Reads the keys of one table.
final class ConfigReader {
    let toml: TOMLTable
    let path: ConfigPath
    let diagnostics: ConfigDiagnostics
    private var accepted: [String] = []

    init(table: TOMLTable, path: ConfigPath, diagnostics: ConfigDiagnostics) {
        self.toml = table
        self.path = path
        self.diagnostics = diagnostics
    }

    /// The value at `key`, marking the key as accepted.
    private func raw(_ key: String) -> TOMLValueConvertible? {
        accepted.append(key)
        return toml[key]
    }

    /// True when the table has `key` (of any type); does not accept the key.
    func contains(_ key: String) -> Bool { toml[key] != nil }

    /// Reports a problem with the value at `key`.
    func report(_ message: String, key: String) {
        diagnostics.report(message, at: path.appending(key))
    }

    /// `lists[1].trailing.expansion` for messages.
    func name(_ key: String) -> String { path.appending(key).description }

    private func wrongType(_ key: String, expected: String, found value: TOMLValueConvertible) {
        report("\(name(key)) must be \(expected), not \(article(value.type.description))", key: key)
    }

    private func article(_ noun: String) -> String {
        (noun.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + noun
    }

    func string(_ key: String) -> String? {
        guard let value = raw(key) else { return nil }
        guard let text = value.string else { wrongType(key, expected: "a string", found: value); return nil }
        return text
    }

    /// A string that must be present; a missing one is reported at the table's header.
    /// A string that must be there and must not be empty (an id: an empty one names nothing).
    func requiredString(_ key: String) -> String? {
        if !contains(key) { diagnostics.report("\(path) needs \(article(key))", at: path, atKey: true) }
        let value = string(key)
        if value?.isEmpty == true { report("\(name(key)) must not be empty", key: key) }
        return value
    }

    func bool(_ key: String, default fallback: Bool) -> Bool {
        optionalBool(key) ?? fallback
    }

    func optionalBool(_ key: String) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard let flag = value.bool else { wrongType(key, expected: "true or false", found: value); return nil }
        return flag
    }

    /// An integer or float within `range`.
    func number(_ key: String, default fallback: Double, in range: ClosedRange<Double>) -> Double {
        guard let value = raw(key) else { return fallback }
        guard let number = value.double ?? value.int.map(Double.init) else {
            wrongType(key, expected: "a number", found: value)
            return fallback
        }
        guard range.contains(number) else {
            report("\(name(key)) must be between \(format(range.lowerBound)) and \(format(range.upperBound)), not \(format(number))", key: key)
            return fallback
        }
        return number
    }

    /// An integer within `range`.
    func integer(_ key: String, default fallback: Int, in range: ClosedRange<Int>) -> Int {
        guard let value = raw(key) else { return fallback }
        guard let number = value.int else { wrongType(key, expected: "an integer", found: value); return fallback }
        guard range.contains(number) else {
            report("\(name(key)) must be between \(range.lowerBound) and \(range.upperBound), not \(number)", key: key)
            return fallback
        }
        return number
    }

    /// An integer from a fixed set.
    func integer(_ key: String, default fallback: Int, oneOf allowed: [Int]) -> Int {
        guard let value = raw(key) else { return fallback }
        guard let number = value.int else { wrongType(key, expected: "an integer", found: value); return fallback }
        guard allowed.contains(number) else {
            report("\(name(key)) must be one of \(allowed.map(String.init).joined(separator: ", ")), not \(number)", key: key)
            return fallback
        }
        return number
    }

    /// A string naming one case of `E`.
    func choice<E: RawRepresentable & CaseIterable>(_ key: String, as type: E.Type = E.self) -> E? where E.RawValue == String {
        choice(key, among: Array(E.allCases))
    }

    /// A string naming one of `cases`.
    func choice<E: RawRepresentable>(_ key: String, among cases: [E]) -> E? where E.RawValue == String {
        guard let text = string(key) else { return nil }
        if let value = cases.first(where: { $0.rawValue == text }) { return value }
        let names = cases.map(\.rawValue)
        report("unknown value \"\(text.shown(atMost: 60))\" for \(name(key)); expected one of: \(names.joined(separator: ", "))"
               + NameSuggestion.hint(for: text, in: names), key: key)
        return nil
    }

    /// A `#RRGGBB` or `#RRGGBBAA` colour.
    func color(_ key: String) -> SwipeColor? {
        guard let text = string(key) else { return nil }
        guard let color = ThemeSettings.color(parsing: text) else {
            report("\(name(key)) must be a colour \"#RRGGBB\" or \"#RRGGBBAA\", not \"\(text.shown(atMost: 60))\"", key: key)
            return nil
        }
        return color
    }

    /// An array of strings (nil when absent or wrong).
    func strings(_ key: String) -> [String]? {
        guard let value = raw(key) else { return nil }
        guard let array = value.array else { wrongType(key, expected: "an array of strings", found: value); return nil }
        var result: [String] = []
        for (i, element) in array.enumerated() {
            guard let text = element.string else {
                diagnostics.report("\(name(key))[\(i)] must be a string, not \(article(element.type.description))",
                                   at: path.appending(key).appending(index: i))
                return nil
            }
            result.append(text)
        }
        return result
    }

    /// An array of exactly `count` numbers.
    func numbers(_ key: String, count: Int) -> [Double]? {
        guard let value = raw(key) else { return nil }
        let numbers = value.array.map { $0.compactMap { $0.double ?? $0.int.map(Double.init) } }
        guard let numbers, numbers.count == value.array?.count, numbers.count == count else {
            report("\(name(key)) must be an array of \(count) numbers", key: key)
            return nil
        }
        return numbers
    }

    /// A sub-table (`[a.b]` or an inline table).
    func table(_ key: String) -> ConfigReader? {
        guard let value = raw(key) else { return nil }
        guard let sub = value.table else { wrongType(key, expected: "a table", found: value); return nil }
        return ConfigReader(table: sub, path: path.appending(key), diagnostics: diagnostics)
    }

    /// An array of tables (`[[a.b]]`).
    func tables(_ key: String) -> [ConfigReader] {
        guard let value = raw(key) else { return [] }
        guard let array = value.array, array.allSatisfy({ $0.type == .table }) else {
            wrongType(key, expected: "an array of tables ([[\(name(key))]])", found: value)
            return []
        }
        return array.enumerated().map { i, element in
            ConfigReader(table: element.table!, path: path.appending(key).appending(index: i), diagnostics: diagnostics)
        }
    }

    /// Reports every key of the table that no read accepted.
    func finish() {
        for key in toml.keys where !accepted.contains(key) {
            let place = path.isEmpty ? "at the top level" : "in [\(path)]"
            diagnostics.report("unknown key \"\(key.shown(atMost: 60))\" \(place)" + NameSuggestion.hint(for: key, in: accepted),
                               at: path.appending(key), atKey: true)
        }
    }

    private func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
