// A vibrator or buzzer wired as a sysfs LED (/sys/class/leds/<name>): brightness on, and off
// again from a loop timer after the pattern's length, or the kernel's `transient` trigger which
// times the pulse itself. Writes to sysfs attributes are non-blocking in practice.
import Glibc
import enum SwipeCore.HapticEvent
import SwipeCore

final class LEDHaptics: HapticBackend {
    let name: String
    private let directory: String
    private let transient: Bool
    private let maxBrightness: Int
    private unowned let loop: EventLoop
    private var offTimer: TimerID?

    init(name: String, transient: Bool, loop: EventLoop, root: String = "/sys/class/leds") throws(SystemError) {
        directory = "\(root)/\(name)"
        self.transient = transient
        self.loop = loop
        self.name = "LED \(directory)\(transient ? " (transient trigger)" : "")"
        maxBrightness = Int(try Self.read("\(directory)/max_brightness").trimmingCharacters()) ?? 1
        if transient { try Self.write("\(directory)/trigger", "transient") }
    }

    func play(_ event: HapticEvent, pattern: HapticPattern) throws {
        let level = max(1, Int((Double(maxBrightness) * pattern.strength).rounded()))
        if transient {
            try Self.write("\(directory)/duration", String(pattern.durationMilliseconds))
            try Self.write("\(directory)/state", "1")
            try Self.write("\(directory)/activate", "1")
            return
        }
        try Self.write("\(directory)/brightness", String(level))
        if let offTimer { loop.cancel(offTimer) }
        offTimer = loop.schedule(afterMilliseconds: Int64(pattern.durationMilliseconds)) { [directory] in
            try? Self.write("\(directory)/brightness", "0")
        }
    }

    static func write(_ path: String, _ value: String) throws(SystemError) {
        let fd = try syscall("open(\(path))") { open(path, O_WRONLY | O_CLOEXEC) }
        defer { closeDescriptor(fd) }
        var bytes = Array(value.utf8)
        try syscall("write(\(path))") { Glibc.write(fd, &bytes, bytes.count) }
    }

    static func read(_ path: String) throws(SystemError) -> String {
        let fd = try syscall("open(\(path))") { open(path, O_RDONLY | O_CLOEXEC) }
        defer { closeDescriptor(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try syscall("read(\(path))") { Glibc.read(fd, &buffer, buffer.count) }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

extension String {
    /// Without leading and trailing spaces and newlines.
    func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
    }
}
