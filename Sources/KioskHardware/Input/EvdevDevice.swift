// The few evdev ioctls KioskHardware issues itself, for what libinput does not cover: force
// feedback (haptics) and switches such as the headphone jack. The EVIOC* macros are
// function-like and not imported into Swift, so their request numbers are spelt here, once.
import CLinuxKernel
import Glibc

/// Helpers over an open `/dev/input/eventN` descriptor.
enum EvdevDevice {
    /// Every `/dev/input/eventN` node, in number order.
    static func paths() -> [String] {
        Directory.numbered("/dev/input", prefix: "event").map { "/dev/input/event\($0)" }
    }

    /// `_IOC(dir, 'E', nr, size)`: `write` is `_IOC_WRITE`, otherwise `_IOC_READ`.
    static func request(write: Bool, nr: UInt, size: Int) -> UInt {
        let direction: UInt = write ? 1 : 2
        return direction << 30 | UInt(size) << 16 | UInt(UInt8(ascii: "E")) << 8 | nr
    }

    /// The device's name (EVIOCGNAME), or "" when it has none.
    static func name(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        guard kiosk_ioctl(fd, request(write: false, nr: 0x06, size: buffer.count), &buffer) >= 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Whether the device has `code` among its codes of event type `type` (EVIOCGBIT(type)).
    static func supports(_ fd: Int32, type: Int32, code: Int32) -> Bool {
        var bits = [UInt8](repeating: 0, count: 128)
        guard kiosk_ioctl(fd, request(write: false, nr: 0x20 + UInt(type), size: bits.count), &bits) >= 0 else { return false }
        return isSet(code, in: bits)
    }

    /// The switch's present state (EVIOCGSW), nil when it cannot be read.
    static func switchState(_ fd: Int32, code: Int32) -> Bool? {
        var bits = [UInt8](repeating: 0, count: Int(SW_MAX) / 8 + 1)
        guard kiosk_ioctl(fd, request(write: false, nr: 0x1b, size: bits.count), &bits) >= 0 else { return nil }
        return isSet(code, in: bits)
    }

    /// Bit `code` of a kernel bit array (least significant bit of byte 0 first).
    static func isSet(_ code: Int32, in bits: [UInt8]) -> Bool {
        let index = Int(code) / 8
        return index < bits.count && bits[index] & (1 << UInt8(Int(code) % 8)) != 0
    }
}
