// The signal state a spawned child reports in /proc/self/status, and the kiosk's own signal
// state to spawn it from: the tests of issue 10 show that commands the app starts can be ended
// by `systemctl stop` and timeouts (nothing blocked, nothing ignored).
import Glibc

/// The `SigBlk` and `SigIgn` masks of one process (bit n-1 is signal n).
public struct SignalState: Equatable {
    public var blocked: UInt64
    public var ignored: UInt64

    /// glibc's own real-time signals (32 SIGCANCEL, 33 SIGSETXID): posix_spawn cannot reset
    /// them, and no one uses them to stop a process.
    public static let glibcInternal: UInt64 = 0b11 << 31

    /// Parses the `SigBlk:` and `SigIgn:` lines of a /proc/PID/status text.
    public init?(status text: String) {
        func mask(_ name: String) -> UInt64? {
            text.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: " \t"), radix: 16) }
        }
        guard let blocked = mask("SigBlk"), let ignored = mask("SigIgn") else { return nil }
        self.blocked = blocked
        self.ignored = ignored
    }

    /// True when no signal is blocked and none but glibc's own is ignored.
    public var isDefault: Bool { blocked == 0 && ignored & ~Self.glibcInternal == 0 }

    /// The shell command that writes the child's own status lines to `path`.
    public static func reportCommand(to path: String) -> String { "exec grep -E '^Sig(Blk|Ign)' /proc/self/status > '\(path)'" }

    /// Runs `body` as the running kiosk would spawn: SIGTERM and SIGCHLD blocked in this thread
    /// (the loop's signalfd) and SIGHUP ignored; both are restored afterwards.
    public static func asInTheKiosk<T>(_ body: () throws -> T) rethrows -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        sigaddset(&blocked, SIGCHLD)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let hangup = signal(SIGHUP, SIG_IGN)
        defer {
            signal(SIGHUP, hangup)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return s
    }
}
