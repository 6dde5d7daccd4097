// Linux force feedback (EV_FF / FF_RUMBLE): the evdev way to drive a vibration motor. One rumble
// effect is uploaded at start; each event re-uploads its strength and length into the same
// effect slot and plays it with one write(): no waiting, the kernel stops it after the length.
import CLinuxKernel
import Glibc
import enum SwipeCore.HapticEvent
import SwipeCore

final class ForceFeedbackHaptics: HapticBackend {
    let name: String
    private let fd: Int32
    private var effect = ff_effect()

    /// Opens `device` (a `/dev/input/eventN` path or a device name) or the first rumble device.
    init(device: String?) throws(SystemError) {
        for path in EvdevDevice.paths() {
            let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { continue }
            let deviceName = EvdevDevice.name(fd)
            if EvdevDevice.supports(fd, type: Int32(EV_FF), code: Int32(FF_RUMBLE)), device == nil || device == path || device == deviceName {
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
        if effect.id >= 0 { _ = kiosk_ioctl(fd, EvdevDevice.request(write: true, nr: 0x81, size: MemoryLayout<Int32>.size), UnsafeMutableRawPointer(bitPattern: Int(effect.id))) }
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
        let request = EvdevDevice.request(write: true, nr: 0x80, size: MemoryLayout<ff_effect>.size)  // EVIOCSFF
        try syscall("ioctl(EVIOCSFF)") { kiosk_ioctl(fd, request, &effect) }
    }
}
