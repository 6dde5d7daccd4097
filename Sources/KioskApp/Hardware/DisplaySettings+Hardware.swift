// The configured display and input in KioskHardware's terms: `display.mode` (with its `@Hz`),
// `display.atomic`, rotation and device, and the calibration matrix, so every documented key
// reaches the code that uses it.
import KioskConfig
import KioskHardware
import SwipeCore

extension DisplaySettings {
    /// The output configuration; `device` and `rotation` from the command line win.
    public func hardware(device: String? = nil, rotation: Int? = nil) -> DisplayConfiguration {
        var display = DisplayConfiguration()
        display.devicePath = device ?? self.device
        display.connector = connector
        display.mode = mode ?? .preferred
        display.rotation = DisplayRotation(degrees: rotation ?? self.rotation) ?? .none
        switch atomic {
        case .auto: display.modesetting = .auto
        case .on: display.modesetting = .atomic
        case .off: display.modesetting = .legacy
        }
        return display
    }
}

extension InputSettings {
    /// Where input devices come from: the listed nodes, or every device of udev's seat0.
    public var backend: InputBackend { devices.isEmpty ? .udev(seat: "seat0") : .paths(devices) }

    /// Whose keys reach the app: every keyboard, or only the allowed ones.
    public var keyboardPolicy: KeyboardPolicy {
        KeyboardPolicy(admitsEveryKeyboard: keyboard, allowed: keyboardAllow)
    }

    /// The configured calibration override, or the identity.
    public var calibrationMatrix: CalibrationMatrix {
        calibration.map { CalibrationMatrix($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) } ?? .identity
    }
}
