// Why this exists: the benches report the process's peak resident set, and one of them starts
// it over between phases. Both read the kernel's own figure (`VmHWM`) in one place, the layer
// that talks to the kernel (docs/ARCHITECTURE.md, Layers).
import Glibc
import KioskFiles

/// The process's peak resident set size (`VmHWM` in /proc/self/status).
public enum PeakMemory {
    /// The peak resident set since the start or the last `reset()`, in KiB (0 if unreadable).
    public static func kilobytes() -> Int {
        guard let status = try? InputFile.text("/proc/self/status", limit: 64 << 10),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Starts the peak over from the current resident set (writes 5 to /proc/self/clear_refs).
    public static func reset() {
        let fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = write(fd, "5", 1)
        close(fd)
    }
}
