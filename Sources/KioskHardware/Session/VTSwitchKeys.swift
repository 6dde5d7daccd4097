// Ctrl+Alt+F1…F12 as VT switches. With the app's VT keyboard in K_OFF the kernel no longer sees
// these keys (VirtualTerminal explains why it is off), so the app recognises them in the key
// events libinput delivers. On a public kiosk they switch nothing (`[input] vt_switching =
// false`, the default: issue 28, another VT holds a login prompt); they are swallowed then, so
// that neither a switch nor the app sees them. Pure state over key events, kept apart from the
// ioctls so that unit tests drive it without a VT.
import SwipeCore

/// Tracks Ctrl and Alt and names the VT a Ctrl+Alt+Fn press asks for.
struct VTSwitchKeys {
    /// What a key event means for VT switching.
    enum Decision: Equatable {
        /// Not a VT shortcut: the key goes on to the app.
        case pass
        /// Ctrl+Alt+Fn asking for VT `n`: switch there.
        case switchTo(Int)
        /// Ctrl+Alt+Fn while switching is off: nothing happens and the app does not see it.
        case ignore
    }

    /// `[input] vt_switching`: whether Ctrl+Alt+Fn switches VTs.
    var switching: Bool

    /// KEY_LEFTCTRL, KEY_RIGHTCTRL (linux/input-event-codes.h).
    static let controlKeys: Set<UInt32> = [29, 97]
    /// KEY_LEFTALT, KEY_RIGHTALT.
    static let altKeys: Set<UInt32> = [56, 100]
    /// KEY_F1…KEY_F10 are 59…68, KEY_F11 and KEY_F12 are 87 and 88.
    static let functionKeys: [UInt32: Int] = Dictionary(
        uniqueKeysWithValues: (59...68).map { (UInt32($0), $0 - 58) } + [(87, 11), (88, 12)])

    private var held: Set<UInt32> = []

    init(switching: Bool = true) {
        self.switching = switching
    }

    /// Feeds one key event and says what to do with it.
    mutating func decide(_ key: KeyEvent) -> Decision {
        guard let number = target(for: key) else { return .pass }
        return switching ? .switchTo(number) : .ignore
    }

    /// Feeds one key event; returns the VT number when it is the press of Fn with Ctrl and Alt held.
    mutating func target(for key: KeyEvent) -> Int? {
        if Self.controlKeys.contains(key.key.code) || Self.altKeys.contains(key.key.code) {
            if key.pressed { held.insert(key.key.code) } else { held.remove(key.key.code) }
            return nil
        }
        guard key.pressed, let number = Self.functionKeys[key.key.code],
              !held.isDisjoint(with: Self.controlKeys), !held.isDisjoint(with: Self.altKeys) else { return nil }
        return number
    }

    /// Forgets the held modifiers: their releases are never seen once input is suspended.
    mutating func reset() { held.removeAll() }
}
