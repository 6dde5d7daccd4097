// Who has a device file open, named for error messages: when a DRM card is busy, its master is
// one of them ("swipe-kiosk (pid 412)", "gnome-shell (pid 1020)"). Read from /proc/PID/fd,
// which shows other users' processes only to root: elsewhere the list is empty and the
// message stays generic.
import Glibc

/// Processes that hold a device file open.
enum DeviceUsers {
    /// "command (pid N)" for up to `limit` other processes with the device `path` open.
    static func processes(using path: String, limit: Int = 5) -> [String] {
        guard let device = device(at: path) else { return [] }
        var found: [String] = []
        for pid in Directory.numbered("/proc") where pid != Int(getpid()) {
            let fds = "/proc/\(pid)/fd"
            guard Directory.entries(fds).contains(where: { Self.device(at: "\(fds)/\($0)") == device }) else { continue }
            found.append("\(command(of: pid)) (pid \(pid))")
            if found.count == limit { break }
        }
        return found
    }

    /// The device number when `path` (links followed) is a character device.
    private static func device(at path: String) -> UInt64? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return nil }
        return UInt64(status.st_rdev)
    }

    /// The process's command name (/proc/PID/comm), or "?" once it is gone.
    private static func command(of pid: Int) -> String {
        let fd = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "?" }
        defer { closeDescriptor(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return "?" }
        return String(decoding: buffer.prefix(count).prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
