// A key of a keyboard or keypad as every layer names it (issue 23: one input vocabulary): the
// Linux key code, typed, with its name from `linux/input-event-codes.h`. KioskHardware emits it
// (libinput, scripted input), touch scripts and the keypad map (`[accessibility] keypad`) read
// names into it, and the app matches keys by value, never by comparing strings.

/// A Linux key code (`KEY_*`).
public struct Key: Hashable, Sendable, CustomStringConvertible {
    public let code: UInt32

    public init(code: UInt32) { self.code = code }

    /// The key written `name`: case-insensitive, with or without `KEY_`, plus the spellings
    /// people type (`Escape`, `Return`, `Del`); nil for a name no key has.
    public init?(name: String) {
        let upper = name.uppercased()
        let bare = upper.hasPrefix("KEY_") ? String(upper.dropFirst(4)) : upper
        guard let code = Self.codes[Self.aliases[bare] ?? bare] else { return nil }
        self.code = code
    }

    /// The name without `KEY_` (`ESC`, `ENTER`, `KP5`), or `KEY_<code>` for a code the table lacks.
    public var name: String { Self.names[code] ?? "KEY_\(code)" }

    public var description: String { name }

    /// A key of a numeric keypad (`KP0`…`KP9`, `KPENTER`, `KPPLUS`, …).
    public var isKeypad: Bool { Self.names[code]?.hasPrefix("KP") ?? false }

    static let aliases: [String: String] = ["ESCAPE": "ESC", "RETURN": "ENTER", "DEL": "DELETE"]

    // The keys the app gives a meaning (KioskApp's AppScreen, the keypad's default map).
    public static let escape = Key(code: 1)
    public static let backspace = Key(code: 14)
    public static let enter = Key(code: 28)
    public static let up = Key(code: 103)
    public static let left = Key(code: 105)
    public static let right = Key(code: 106)
    public static let down = Key(code: 108)
    public static let delete = Key(code: 111)
    public static let back = Key(code: 158)
    public static let kp0 = Key(code: 82)
    public static let kp2 = Key(code: 80)
    public static let kp4 = Key(code: 75)
    public static let kp5 = Key(code: 76)
    public static let kp6 = Key(code: 77)
    public static let kp8 = Key(code: 72)
    public static let kpDot = Key(code: 83)
    public static let kpMinus = Key(code: 74)
    public static let kpPlus = Key(code: 78)
    public static let kpEnter = Key(code: 96)
}
