// Feedback through an external program (a GPIO tool, a serial buzzer script): started with
// posix_spawn (ChildProcess: empty signal mask, default dispositions) so the loop never waits,
// at most once per interval (a burst of expansion flips must not fork a storm of processes) and
// at most `maximumRunning` at once (a command that hangs must not pile up one per event), and
// reaped on the loop by the app's one reaper (EventLoop.reap, a pidfd per child).
import Glibc
import Logging
import enum SwipeCore.HapticEvent
import SwipeCore

/// Decides whether an event may start a command now: at most one per interval.
struct RateLimiter {
    let intervalNanoseconds: Int64
    private var last: Instant?

    init(minimumIntervalMilliseconds: Int) { intervalNanoseconds = Int64(minimumIntervalMilliseconds) * 1_000_000 }

    /// True (and remembers `now`) when the interval since the last accepted event has passed.
    mutating func accept(at now: Instant) -> Bool {
        if let last, now.nanoseconds - last.nanoseconds < intervalNanoseconds { return false }
        last = now
        return true
    }
}

final class CommandHaptics: HapticBackend {
    /// Feedback commands running at once; an event beyond is dropped, like one within the interval.
    static let maximumRunning = 2
    let name: String
    private let command: String
    private var limiter: RateLimiter
    private unowned let loop: EventLoop
    private let logger: Logger
    private(set) var running: Set<pid_t> = []

    init(command: String, minimumInterval: Int, loop: EventLoop, logger: Logger) {
        self.command = command
        self.loop = loop
        self.logger = logger
        limiter = RateLimiter(minimumIntervalMilliseconds: minimumInterval)
        name = "command \(command)"
    }

    func play(_ event: HapticEvent, pattern: HapticPattern) throws {
        guard running.count < Self.maximumRunning, limiter.accept(at: loop.now) else { return }
        let environment = ChildProcess.environment(setting: [
            "SWIPE_KIOSK_HAPTIC_EVENT": event.rawValue,
            "SWIPE_KIOSK_HAPTIC_DURATION_MS": "\(pattern.durationMilliseconds)",
            "SWIPE_KIOSK_HAPTIC_STRENGTH": "\(pattern.strength)",
        ])
        let pid = try ChildProcess.spawn("/bin/sh", arguments: ["/bin/sh", "-c", command], environment: environment)
        running.insert(pid)
        try loop.reap(pid) { [weak self] termination in
            self?.running.remove(pid)
            if termination != .exited(0) { self?.logger.debug("haptics: command ended with \(termination)") }
        }
    }
}
