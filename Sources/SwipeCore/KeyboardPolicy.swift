// Which keyboards the kiosk listens to (issue 28: a $5 USB keyboard plugged into an exposed
// port must not act on the list). A public kiosk is driven by touch and pointer only; an
// accessibility keypad is let in by its name or its USB id. The udev rule of the package keeps
// other keyboards unreadable for the service user in the first place; this policy is the
// second line for devices that are readable anyway (a development machine, a user in `input`,
// or a touchscreen that also reports keys), and the only one when the app runs as root.
// The keypad's keys (KP0…KP9, KPENTER, …) get no pass of their own from other keyboards: the
// number block of that $5 keyboard sends the same codes, and the udev rule would keep them
// unreadable on the panel anyway, so an exemption would work on the bench and not in the field.
// The integrator lists the keypad they installed; every key of a listed device is admitted.

/// The keyboards whose keys reach the app: all of them, or only those on an allow-list.
public struct KeyboardPolicy: Hashable, Sendable, CustomStringConvertible {
    /// Every keyboard's keys reach the app (`[input] keyboard = true`).
    public var admitsEveryKeyboard: Bool
    /// With ``admitsEveryKeyboard`` false: the devices whose keys still reach the app, each
    /// the device's name as `swipe-kiosk list-inputs` shows it or its USB id `vvvv:pppp` (hex).
    public var allowed: [String]

    /// Keys from every keyboard (development, a kiosk with a trusted keyboard).
    public static let all = KeyboardPolicy(admitsEveryKeyboard: true, allowed: [])

    public init(admitsEveryKeyboard: Bool, allowed: [String]) {
        self.admitsEveryKeyboard = admitsEveryKeyboard
        self.allowed = allowed
    }

    /// Whether the keys of the device named `name` with USB id `vendor`:`product` reach the app.
    public func admits(name: String, vendor: UInt32, product: UInt32) -> Bool {
        if admitsEveryKeyboard { return true }
        let id = Self.usbID(vendor: vendor, product: product)
        return allowed.contains { $0 == name || $0.lowercased() == id }
    }

    /// Whether `entry` is an allow-list entry that can match: a non-empty name, or `vvvv:pppp`.
    /// - Returns: nil when valid, otherwise why not.
    public static func problem(with entry: String) -> String? {
        if entry.allSatisfy({ $0 == " " || $0 == "\t" }) { return "an empty name matches no device" }
        if entry.count > 255 { return "a device name has at most 255 characters" }
        // Hex digits around one colon read as a USB id; one that is not `vvvv:pppp` (a digit
        // short, "0x046d:…") matched no device, and was taken as a name without a word.
        let halves = entry.split(separator: ":", omittingEmptySubsequences: false)
        let hex = Set("0123456789abcdefABCDEFx")
        if halves.count == 2, halves.allSatisfy({ !$0.isEmpty && $0.allSatisfy(hex.contains) }),
           !halves.allSatisfy({ $0.count == 4 && !$0.contains("x") }) {
            return "\"\(entry)\" is not a USB id: four hex digits, a colon and four hex digits, as lsusb prints them"
        }
        return nil
    }

    /// `vendor:product` as four lowercase hex digits each, as `lsusb` prints it.
    public static func usbID(vendor: UInt32, product: UInt32) -> String {
        func hex(_ value: UInt32) -> String {
            let digits = String(value & 0xffff, radix: 16)
            return String(repeating: "0", count: 4 - digits.count) + digits
        }
        return "\(hex(vendor)):\(hex(product))"
    }

    public var description: String {
        if admitsEveryKeyboard { return "every keyboard" }
        if allowed.isEmpty { return "no keyboard (touch and pointer only)" }
        return "only " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
