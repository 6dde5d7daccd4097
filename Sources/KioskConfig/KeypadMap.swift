// `[accessibility] keypad` (issue 25): what each key of a USB numeric keypad does, so the whole
// app can be driven without sight (EN 301 549 5.1.3.1, ADA 707.3). The default map uses only
// keys that sit in the same place on a calculator keypad (7 8 9 on top) and a telephone one
// (1 2 3 on top): 4, 5 and 6 in the middle row, 0 in the bottom row, and the keys around the
// digits. 2 and 8 swap places between the two, so they get commands that have no direction.
// A configured table changes single keys; `"none"` takes a key's command away.
import struct SwipeCore.Key

/// A command a keypad key gives (the app carries it out; KioskApp's KioskApplication+Keypad).
public enum KeypadCommand: String, Hashable, Sendable, CaseIterable {
    /// The next row (a list, a sheet's rows).
    case next
    case previous
    /// Opens the focused row, or chooses the focused row of a sheet.
    case open
    /// Closes the sheet, or goes back a page.
    case back
    /// The focused row's swipe actions as a list (the actions sheet): next/previous/open reach them.
    case actions
    /// Says the last utterance again.
    case `repeat`
    case volumeUp = "volume-up"
    case volumeDown = "volume-down"
    /// Silences what is being said.
    case stop
    /// Says the key map.
    case help
}

/// Keypad key → command.
public struct KeypadMap: Hashable, Sendable {
    public private(set) var commands: [Key: KeypadCommand]

    public init(_ commands: [Key: KeypadCommand]) {
        self.commands = commands
    }

    /// The default map (README "Accessibility" has it as a table).
    public static let standard = KeypadMap([
        .kp4: .previous, .kp6: .next, .kp5: .help, .kpEnter: .open, .kp0: .back,
        .kp8: .actions, .kp2: .stop, .kpDot: .repeat, .kpPlus: .volumeUp, .kpMinus: .volumeDown,
    ])

    /// The command of `key`, nil for a key without one.
    public func command(for key: Key) -> KeypadCommand? { commands[key] }

    /// The keys that give `command`, in a stable order (digits first).
    public func keys(for command: KeypadCommand) -> [Key] {
        commands.filter { $0.value == command }.keys.sorted { ($0.name.count, $0.name) < ($1.name.count, $1.name) }
    }

    /// How a key is said ("5", "Enter", "Dot").
    public static func spokenName(ofKey key: Key) -> String {
        let name = key.name
        let bare = key.isKeypad ? String(name.dropFirst(2)) : name
        if let spoken = spokenNames[bare] { return spoken }
        return bare.prefix(1) + bare.dropFirst().lowercased()
    }

    static let spokenNames = [
        "DOT": "Dot", "ASTERISK": "Star", "PLUSMINUS": "Plus minus", "LEFTPAREN": "Left parenthesis",
        "RIGHTPAREN": "Right parenthesis", "JPCOMMA": "Comma",
    ]

    /// How a command is said in the help.
    public static func spokenName(of command: KeypadCommand) -> String {
        switch command {
        case .next: return "next"
        case .previous: return "previous"
        case .open: return "open"
        case .back: return "back"
        case .actions: return "actions of the row"
        case .repeat: return "repeat"
        case .volumeUp: return "louder"
        case .volumeDown: return "quieter"
        case .stop: return "stop speaking"
        case .help: return "help"
        }
    }

    /// The whole map as one utterance, in the order of the commands:
    /// "Keypad. 6: next. 4: previous. Enter: open. …".
    public var help: String {
        let parts = KeypadCommand.allCases.flatMap { command in
            keys(for: command).map { "\(Self.spokenName(ofKey: $0)): \(Self.spokenName(of: command))." }
        }
        return (["Keypad."] + parts).joined(separator: " ")
    }

    /// "Press 5 for help." (nil when no key gives help).
    public var helpHint: String? {
        keys(for: .help).first.map { "Press \(Self.spokenName(ofKey: $0)) for help." }
    }
}

extension KeypadMap {
    /// `standard` with the keys of `r` changed: each key a keypad key name (`KP8`, `kp8`,
    /// `KEY_KP8`), each value a command or `"none"`; others are reported where they are.
    init(reading r: ConfigReader, over base: KeypadMap) {
        self = base
        let names = KeypadCommand.allCases.map(\.rawValue) + ["none"]
        var spelt: [Key: String] = [:]
        for key in r.toml.keys.sorted() {
            guard let canonical = Key(name: key), canonical.isKeypad else {
                r.diagnostics.report("\(r.name(key)): \"\(key)\" is not a key of a numeric keypad; expected a name such as "
                                     + "KP0 to KP9, KPENTER, KPPLUS, KPMINUS or KPDOT", at: r.path.appending(key), atKey: true)
                continue
            }
            // `kp5` and `KP5` are one key: which line wins would be an accident of the table.
            if let other = spelt[canonical] {
                r.diagnostics.report("\(r.name(key)): \"\(key)\" is the key \"\(other)\" names already (\(canonical)); "
                                     + "give each key once", at: r.path.appending(key), atKey: true)
                continue
            }
            spelt[canonical] = key
            guard let value = r.string(key) else { continue }
            if value == "none" {
                commands[canonical] = nil
            } else if let command = KeypadCommand(rawValue: value) {
                commands[canonical] = command
            } else {
                r.report("unknown command \"\(value)\" for \(r.name(key)); expected one of: \(names.joined(separator: ", "))"
                         + NameSuggestion.hint(for: value, in: names), key: key)
            }
        }
    }
}
