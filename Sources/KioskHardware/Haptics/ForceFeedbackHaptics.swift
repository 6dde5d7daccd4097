// Linux force feedback (EV_FF / FF_RUMBLE): the evdev way to drive a vibration motor. One rumble
// effect is uploaded at start; each event re-uploads its strength and length into the same
// effect slot and plays it with one write(): no waiting, the kernel stops it after the length.
import CLinuxKernel
import Glibc
import enum SwipeCore.HapticEvent

final class ForceFeedbackHaptics: HapticBackend {
    let name: String
    private let fd: Int32
    private var effect = ff_effect()

    /// Opens `device` (a `/dev/input/eventN` path or a device name) or the first rumble device.
    init(device: String?) throws(SystemError) {
        for path in Self.eventDevices() {
            let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { continue }
            let deviceName = Self.deviceName(fd)
            if Self.supportsRumble(fd), device == nil || device == path || device == deviceName {
                self.fd = fd
                name = "force feedback on \(path) (\(deviceName))"
                effect.type = UInt16(FF_RUMBLE)
                effect.id = -1
                try upload(HapticPattern(durationMilliseconds: 20, strength: 0.5))
                return
            }
            closeDescriptor(fd)
        }
        throw SystemError(errno: ENODEV, operation: "find force-feedback device \(device ?? "(any with FF_RUMBLE)")")
    }

    deinit {
        if effect.id >= 0 { _ = kiosk_ioctl(fd, Self.request(write: true, nr: 0x81, size: MemoryLayout<Int32>.size), UnsafeMutableRawPointer(bitPattern: Int(effect.id))) }
        closeDescriptor(fd)
    }

    func play(_ event: HapticEvent, pattern: HapticPattern) throws {
        try upload(pattern)
        var input = input_event()
        input.type = UInt16(EV_FF)
        input.code = UInt16(effect.id)
        input.value = 1
        try syscall("write(EV_FF play)") { write(fd, &input, MemoryLayout<input_event>.size) }
    }

    private func upload(_ pattern: HapticPattern) throws(SystemError) {
        effect.replay.length = UInt16(pattern.durationMilliseconds)
        effect.u.rumble.strong_magnitude = UInt16(pattern.strength * 65535)
        effect.u.rumble.weak_magnitude = UInt16(pattern.strength * 32767)
        let request = Self.request(write: true, nr: 0x80, size: MemoryLayout<ff_effect>.size)  // EVIOCSFF
        try syscall("ioctl(EVIOCSFF)") { kiosk_ioctl(fd, request, &effect) }
    }

    /// `_IOC(dir, 'E', nr, size)`; the EVIOC* macros are function-like and not imported.
    static func request(write: Bool, nr: UInt, size: Int) -> UInt {
        let direction: UInt = write ? 1 : 2
        return direction << 30 | UInt(size) << 16 | UInt(UInt8(ascii: "E")) << 8 | nr
    }

    private static func supportsRumble(_ fd: Int32) -> Bool {
        var bits = [UInt8](repeating: 0, count: 16)
        let request = Self.request(write: false, nr: 0x20 + UInt(EV_FF), size: bits.count)  // EVIOCGBIT(EV_FF)
        guard kiosk_ioctl(fd, request, &bits) >= 0 else { return false }
        return bits[Int(FF_RUMBLE) / 8] & (1 << (UInt8(Int(FF_RUMBLE) % 8))) != 0
    }

    private static func deviceName(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        guard kiosk_ioctl(fd, Self.request(write: false, nr: 0x06, size: buffer.count), &buffer) >= 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    private static func eventDevices() -> [String] {
        Directory.numbered("/dev/input", prefix: "event").map { "/dev/input/event\($0)" }
    }
}
