// The input vocabulary besides touches (issue 23: one input vocabulary, defined once, below the
// hardware): a key pressed or released and a switch that changed, each stamped with its Instant.
// KioskHardware emits them (libinput, the headphone jack's evdev node, scripted input), touch
// scripts describe them, and the app consumes them as they are. Touches are `TouchEvent.swift`.

/// A key press or release: the Linux key code, typed (`Key`).
public struct KeyEvent: Equatable, Sendable {
    public var key: Key
    public var pressed: Bool
    public var time: Instant

    public init(key: Key, pressed: Bool, time: Instant) {
        self.key = key; self.pressed = pressed; self.time = time
    }
}

/// A switch of an input device changed: the headphone jack (`SW_HEADPHONE_INSERT`), which
/// libinput does not report, so KioskHardware's `HeadphoneJack` reads it from evdev itself.
public struct SwitchEvent: Equatable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A plug in the headphone jack (`SW_HEADPHONE_INSERT`): `on` while one is inserted.
        case headphoneInsert
    }

    public var kind: Kind
    public var on: Bool
    public var time: Instant

    public init(kind: Kind, on: Bool, time: Instant) {
        self.kind = kind; self.on = on; self.time = time
    }

    /// As logs and touch scripts say it: `headphone in`, `headphone out`.
    public var description: String {
        switch kind {
        case .headphoneInsert: return "headphone \(on ? "in" : "out")"
        }
    }
}
