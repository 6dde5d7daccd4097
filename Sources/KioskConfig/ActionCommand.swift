// What an `effect = "command"` action runs, and the one place item data may enter its argv.
// Item fields are free text any feeding program writes: appended to argv they became options
// (`-hattacker.example:631`) or paths (`/var/lib/swipe-kiosk/items.sqlite3`) of the command.
// So an item field reaches argv only where the configuration puts a placeholder (a whole
// element, e.g. `"{item.id}"`), and only as a value that cannot be read as an option or a path;
// a value that could is refused (the app shows it and runs nothing). The environment carries
// every field unchanged (SWIPE_KIOSK_ITEM_ID …). That argv[0] is an absolute path is checked
// with the other values (KioskConfiguration+ValueChecks).
/// An item field a command placeholder names.
import KioskFiles
public enum ItemField: String, CaseIterable, Hashable, Sendable {
    case id, title, subtitle, list

    /// How it is written in `command`: `{item.id}`.
    public var placeholder: String { "{item.\(rawValue)}" }
}

/// A command action's argv (with placeholders), its time limit and how many may run at once.
public struct ActionCommand: Hashable, Sendable {
    /// One element of argv.
    public enum Argument: Hashable, Sendable {
        case literal(String)
        case field(ItemField)
    }

    /// A placeholder's value that may not go into argv, and why.
    public struct RefusedValue: Error, Equatable, Sendable {
        public let field: ItemField
        public let reason: String
    }

    public var arguments: [Argument]
    /// `timeout_s`: then SIGTERM to its process group, SIGKILL after a grace period.
    public var timeoutSeconds: Double = 30
    /// `max_running`: runs of this action at once; one more tap is refused visibly.
    public var maxRunning: Int = 1

    public static let timeoutRange: ClosedRange<Double> = 0.1...3600
    public static let maxRunningRange: ClosedRange<Int> = 1...totalLimit
    /// Commands of all actions running at once (the unit's TasksMax= leaves room for these).
    public static let totalLimit = 4
    /// The longest value a placeholder passes (UTF-8 bytes).
    public static let maximumValueBytes = 1024

    public init(arguments: [Argument], timeoutSeconds: Double = 30, maxRunning: Int = 1) {
        self.arguments = arguments
        self.timeoutSeconds = timeoutSeconds
        self.maxRunning = maxRunning
    }

    /// Parses configured argv elements; nil and a message when they are not a valid command.
    public static func parse(_ elements: [String]) -> (command: ActionCommand?, problem: String?) {
        guard let program = elements.first else { return (nil, "the command is empty (an argv array)") }
        let last = program.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        if last.isEmpty || last == "." || last == ".." {
            return (nil, "\"\(program.shown(atMost: 40))\" names a directory, not a program")
        }
        var arguments: [Argument] = [.literal(program)]
        for element in elements.dropFirst() {
            if let field = ItemField.allCases.first(where: { $0.placeholder == element }) {
                arguments.append(.field(field))
            } else if element.contains("{item.") {
                let known = ItemField.allCases.map(\.placeholder).joined(separator: ", ")
                return (nil, "\"\(element)\": a placeholder is a whole argument, one of \(known)")
            } else {
                arguments.append(.literal(element))
            }
        }
        return (ActionCommand(arguments: arguments), nil)
    }

    /// The argv with each placeholder replaced by `value(field)` (nil: the stored bytes are not
    /// UTF-8 text, refused rather than changed by decoding).
    /// - Throws: `RefusedValue` for the first value that could be taken as an option or a path
    ///   (it begins with `-`, `+` or `@`, contains `/`, is `.` or `..`), is empty, holds a control
    ///   character (NUL included) or is longer than ``maximumValueBytes``.
    public func argv(_ value: (ItemField) -> String?) throws(RefusedValue) -> [String] {
        var argv: [String] = []
        for argument in arguments {
            switch argument {
            case .literal(let text):
                argv.append(text)
            case .field(let field):
                guard let text = value(field) else { throw RefusedValue(field: field, reason: Self.notUTF8) }
                if let reason = Self.refusal(of: text) { throw RefusedValue(field: field, reason: reason) }
                argv.append(text)
            }
        }
        return argv
    }

    /// The first field the environment cannot carry whole (SWIPE_KIOSK_ITEM_*, every field, with
    /// or without a placeholder): not UTF-8 text, longer than ``maximumValueBytes`` or holding a
    /// NUL, where execve would end it. Nil when every field goes in exactly as `value` gives it.
    public static func environmentRefusal(_ value: (ItemField) -> String?) -> RefusedValue? {
        for field in ItemField.allCases {
            guard let text = value(field) else { return RefusedValue(field: field, reason: notUTF8) }
            if text.utf8.count > maximumValueBytes { return RefusedValue(field: field, reason: "is longer than \(maximumValueBytes) bytes") }
            if text.utf8.contains(0) { return RefusedValue(field: field, reason: "contains a control character") }
        }
        return nil
    }

    /// The refusal of a value whose stored bytes are not UTF-8 text.
    static let notUTF8 = "is not UTF-8 text"

    /// Why `text` may not become an argument, or nil.
    static func refusal(of text: String) -> String? {
        if text.isEmpty { return "is empty" }
        if text.hasPrefix("-") { return "begins with -" }
        // `+N` is an option to tail, sort, more and less; `@file` a response file to many tools.
        if text.hasPrefix("+") { return "begins with +" }
        if text.hasPrefix("@") { return "begins with @" }
        if text.contains("/") { return "contains /" }
        if text == "." || text == ".." { return "is \(text)" }
        if text.utf8.count > maximumValueBytes { return "is longer than \(maximumValueBytes) bytes" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "contains a control character"
        }
        return nil
    }
}

extension ActionCommand {
    /// Reads `command`, `timeout_s` and `max_running` of an action table.
    init?(reading r: ConfigReader, elements: [String]) {
        let timeout = r.number("timeout_s", default: 30, in: Self.timeoutRange)
        let maxRunning = r.integer("max_running", default: 1, in: Self.maxRunningRange)
        let parsed = Self.parse(elements)
        if let problem = parsed.problem { r.report("\(r.name("command")): \(problem)", key: "command") }
        guard let arguments = parsed.command?.arguments else { return nil }
        self.init(arguments: arguments, timeoutSeconds: timeout, maxRunning: maxRunning)
    }

    /// argv[0], the program.
    public var program: String? {
        if case .literal(let program)? = arguments.first { return program }
        return nil
    }
}
