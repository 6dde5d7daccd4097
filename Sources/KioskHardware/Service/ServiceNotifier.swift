// The app's side of systemd's `Type=notify` contract (sd_notify(3)): READY=1 once the first
// frame is on screen, STATUS= lines for `systemctl status`, STOPPING=1 on the way out and
// WATCHDOG=1 keep-alives. The unit (systemd/swipe-kiosk.service) relies on all four: without
// READY=1 the start times out, and a loop that stops iterating must stop pinging so systemd
// kills and restarts it. NotifySocket does the socket work (abstract and path sockets) and
// WatchdogEnvironment reads the watchdog (the WATCHDOG_PID check), in place of libsystemd;
// outside systemd ($NOTIFY_SOCKET unset) every call is a silent no-op.
import Logging

/// Reports the service state to systemd through `$NOTIFY_SOCKET`.
///
/// Every sending method returns `true` when the message went to the service manager and
/// `false` when the process does not run under one; it throws when the socket send failed.
public struct ServiceNotifier: Sendable {
    /// `WATCHDOG_USEC` when systemd watches this very process (`WATCHDOG_PID` unset or ours),
    /// nil when the unit has no `WatchdogSec=`.
    public let watchdogTimeout: Duration?

    /// How often to send `WATCHDOG=1`: half of ``watchdogTimeout``, as sd_watchdog_enabled(3)
    /// recommends, so one late iteration does not cost a restart. Nil when no watchdog is set.
    public var watchdogInterval: Duration? { watchdogTimeout.map { $0 / 2 } }

    /// Reads `WATCHDOG_USEC`/`WATCHDOG_PID` from the environment (the variables stay set, so a
    /// second notifier in the same process sees the same watchdog).
    public init() throws(SystemError) {
        watchdogTimeout = try WatchdogEnvironment.timeout().map { .microseconds(Int64(clamping: $0)) }
    }

    /// The service finished starting (call once the first frame is on screen).
    @discardableResult
    public func ready(status: String) throws(SystemError) -> Bool {
        try send("READY=1\nSTATUS=\(Self.oneLine(status))")
    }

    /// Replaces the free-form status shown by `systemctl status` (device, mode, items, …).
    @discardableResult
    public func status(_ text: String) throws(SystemError) -> Bool {
        try send("STATUS=\(Self.oneLine(text))")
    }

    /// The service is shutting down (SIGTERM received); systemd stops expecting watchdog pings.
    @discardableResult
    public func stopping() throws(SystemError) -> Bool {
        try send("STOPPING=1\nSTATUS=Stopping")
    }

    /// One keep-alive. Prefer ``startWatchdog(on:logger:isHealthy:)``, which ties the pings to
    /// the event loop's iterations.
    @discardableResult
    public func watchdogPing() throws(SystemError) -> Bool {
        try send("WATCHDOG=1")
    }

    /// Pings the watchdog from a timer of `loop`, every ``watchdogInterval``.
    ///
    /// The timer only runs when the loop iterates (it is one of the loop's own timers, not a
    /// thread), so a loop that is stuck in a render, blocked, or stopped with SIGSTOP misses its
    /// pings and systemd's `WatchdogSec=` kills and restarts the service. `isHealthy` adds an app
    /// check (for example "the last page flip completed"): an unhealthy loop skips the ping.
    /// Send failures are logged and the timer keeps running.
    /// - Returns: false (and schedules nothing) when the unit has no watchdog.
    @discardableResult
    public func startWatchdog(
        on loop: EventLoop, logger: Logger, isHealthy: @escaping () -> Bool = { true }
    ) -> Bool {
        guard let interval = watchdogInterval else { return false }
        let milliseconds = max(1, Int64(interval / .milliseconds(1)))
        logger.info("service: watchdog ping every \(milliseconds) ms")
        scheduleWatchdog(on: loop, everyMilliseconds: milliseconds, logger: logger, isHealthy: isHealthy)
        return true
    }

    private func scheduleWatchdog(
        on loop: EventLoop, everyMilliseconds milliseconds: Int64, logger: Logger, isHealthy: @escaping () -> Bool
    ) {
        loop.schedule(afterMilliseconds: milliseconds) { [weak loop] in
            guard let loop else { return }
            if isHealthy() {
                do throws(SystemError) {
                    try watchdogPing()
                } catch {
                    logger.warning("service: watchdog ping failed: \(error)")
                }
            } else {
                logger.warning("service: unhealthy, watchdog ping skipped")
            }
            scheduleWatchdog(on: loop, everyMilliseconds: milliseconds, logger: logger, isHealthy: isHealthy)
        }
    }

    /// Sends `state` (newline-separated `KEY=value` assignments); false when not under systemd.
    private func send(_ state: String) throws(SystemError) -> Bool {
        try NotifySocket.send(state, operation: "sd_notify(\(state.prefix { $0 != "=" }))")
    }

    /// STATUS= ends at the first newline and the message at a NUL (NotifySocket): a multi-line
    /// text is kept on one line, and a NUL from outside (a broker's text) becomes a space.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\0" ? " " : $0 })
    }
}
