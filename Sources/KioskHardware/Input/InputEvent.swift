// What KioskHardware's input sources deliver: SwipeCore's input vocabulary (TouchEvent, KeyEvent,
// SwitchEvent, stamped with Instants on the loop's clock) plus what only the hardware knows of,
// devices coming and going, so the app consumes them as they are, without importing any C module.
import SwipeCore

/// What an input device can do, as libinput classifies it.
public struct InputCapabilities: OptionSet, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let touch = InputCapabilities(rawValue: 1)
    public static let pointer = InputCapabilities(rawValue: 2)
    public static let keyboard = InputCapabilities(rawValue: 4)
    public static let tabletTool = InputCapabilities(rawValue: 8)
    public static let gesture = InputCapabilities(rawValue: 16)
    public static let switches = InputCapabilities(rawValue: 32)

    public var description: String {
        let names: [(InputCapabilities, String)] = [
            (.touch, "touch"), (.pointer, "pointer"), (.keyboard, "keyboard"), (.tabletTool, "tablet"),
            (.gesture, "gesture"), (.switches, "switch"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "none" : present.joined(separator: ",")
    }
}

/// A device as libinput sees it (for logs and `swipe-kiosk list-inputs`).
public struct InputDeviceInfo: Equatable, Sendable {
    public var name: String
    /// Kernel name, e.g. `event3` (informational only: devices are chosen by capability).
    public var sysname: String
    public var capabilities: InputCapabilities
    /// Physical size in millimetres, when the device reports one.
    public var sizeMillimetres: (width: Double, height: Double)?
    /// The calibration matrix in effect (udev `LIBINPUT_CALIBRATION_MATRIX` or the default).
    public var calibration: CalibrationMatrix?
    /// USB (or other bus) vendor and product id; `[input] keyboard_allow` matches them.
    public var vendor: UInt32 = 0
    public var product: UInt32 = 0

    public static func == (a: InputDeviceInfo, b: InputDeviceInfo) -> Bool {
        a.name == b.name && a.sysname == b.sysname && a.capabilities == b.capabilities
    }
}

/// Everything the input source delivers.
public enum InputEvent: Sendable {
    case touch(TouchEvent)
    /// End of a set of touch changes that happened together (libinput TOUCH_FRAME).
    case frame(time: Instant)
    case key(KeyEvent)
    /// A switch (the headphone jack) changed, or its state at start.
    case switchChanged(SwitchEvent)
    case deviceAdded(InputDeviceInfo)
    case deviceRemoved(InputDeviceInfo)
}
