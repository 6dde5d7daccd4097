// Start-up time is measured from exec, which the process cannot timestamp itself: the kernel
// records it in /proc/self/stat (field 22, clock ticks since boot, counted on CLOCK_BOOTTIME).
// Resolution is one clock tick (10 ms with the usual USER_HZ of 100).
import Glibc
import SwipeCore

/// When this process was exec'ed, for "first frame N ms after exec" log lines.
public enum ProcessStart {
    /// Milliseconds from exec to `instant` (the loop's clock, e.g. a flip's timestamp); nil when
    /// /proc is unavailable.
    public static func millisecondsSinceExec(at instant: Instant = .now()) -> Int64? {
        guard let ticks = startTicks() else { return nil }
        let hz = Int64(sysconf(Int32(_SC_CLK_TCK)))
        guard hz > 0 else { return nil }
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let bootNow = Int64(boot.tv_sec) * 1_000_000_000 + Int64(boot.tv_nsec)
        let sinceInstant = Instant.now().nanoseconds - instant.nanoseconds
        return (bootNow - sinceInstant - ticks * 1_000_000_000 / hz) / 1_000_000
    }

    /// Field 22 of /proc/self/stat (after the parenthesised command name, which may hold spaces).
    static func startTicks() -> Int64? {
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let length = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard length > 0 else { return nil }
        return parseStartTicks(String(decoding: buffer[0..<length], as: UTF8.self))
    }

    /// The start time field of a /proc/PID/stat line.
    static func parseStartTicks(_ stat: String) -> Int64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); field 22 is fields[19].
        return fields.count > 19 ? Int64(fields[19]) : nil
    }
}
