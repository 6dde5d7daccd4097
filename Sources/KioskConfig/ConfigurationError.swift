// The errors a configuration file can have, each tied to a place in the file, and the
// dotted paths (`lists[1].trailing.expansion`) used both in messages and to find that place.
import KioskFiles

/// A path to a key inside the configuration document.
public struct ConfigPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    private(set) var components: [Component] = []
    /// `lists[1].trailing.actions[0].effect`, kept in step with `components`: the source map
    /// looks up every prefix of every key, and rebuilding the text each time was most of a check.
    public private(set) var description = ""

    /// The document root.
    public init() {}

    public var isEmpty: Bool { components.isEmpty }

    /// The enclosing key or table.
    var parent: ConfigPath {
        components.dropLast().reduce(into: ConfigPath()) { $0.append($1) }
    }

    /// The last key name (nil for the root or an array element).
    var lastKey: String? {
        if case .key(let name)? = components.last { return name }
        return nil
    }

    public func appending(_ key: String) -> ConfigPath {
        var copy = self
        copy.append(.key(key))
        return copy
    }

    public func appending(index: Int) -> ConfigPath {
        var copy = self
        copy.append(.index(index))
        return copy
    }

    private mutating func append(_ component: Component) {
        switch component {
        case .key(let name): description += description.isEmpty ? name : "." + name
        case .index(let i): description += "[\(i)]"
        }
        components.append(component)
    }
}

/// One problem at one place: printed as `file:line:column: message`.
public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var position: TextPosition
    public var message: String

    /// A diagnostic is one line of bounded length whatever value it quotes (a 10 KB voice name,
    /// a key of 30,000 combining marks): the message is clipped to ``messageScalars`` with its
    /// controls and line breaks spelt out (String.shown).
    public init(file: String, position: TextPosition, message: String) {
        self.file = file
        self.position = position
        self.message = message.shown(atMost: Self.messageScalars)
    }

    /// The longest message, in Unicode scalars: the longest real one (a key with the list of
    /// accepted ones) is about 600.
    public static let messageScalars = 1200

    public var description: String { "\(file):\(position.line):\(position.column): \(message)" }
}

/// Why a configuration could not be loaded.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (`reason` is strerror's text).
    case unreadable(file: String, reason: String)
    /// The file was read but has errors, in file order; never empty.
    case invalid([ConfigDiagnostic])

    /// The lines to print, one per problem.
    public var lines: [String] {
        switch self {
        case .unreadable(let file, let reason): return ["\(file): cannot read configuration: \(reason)"]
        case .invalid(let diagnostics): return diagnostics.map(\.description)
        }
    }

    public var description: String { lines.joined(separator: "\n") }
}

/// Suggestions for misspelt names.
enum NameSuggestion {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let limit = max(2, name.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = editDistance(name.lowercased(), candidate.lowercased())
            // A distance as long as either name rewrites it whole ("a" is not a typo of "ui").
            guard d < min(name.count, candidate.count) else { continue }
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var row = previous
        for i in 1...a.count {
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                row[j] = min(previous[j] + 1, row[j - 1] + 1, substitution)
            }
            swap(&previous, &row)
        }
        return previous[b.count]
    }

    /// ` "did you mean …?"` text for a message, or empty.
    static func hint(for name: String, in candidates: [String]) -> String {
        closest(to: name, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }
}
