// The mechanism under the app's command actions: each command runs in a process group of its own,
// in `/` (a relative name in its argv resolves there, never in the app's state directory), and is
// reaped on the loop (EventLoop.reap). Its time is bounded: at its deadline the whole group gets
// SIGTERM, and SIGKILL a grace period later if the command is still there, so a command that
// ignores SIGTERM or left children behind cannot outlive its timeout. When the command itself
// exits, whatever it left running in its group is killed too: nothing it started piles up; when
// the app stops, every command still running is killed.
// Every signal goes to the group while its leader is not yet reaped (a zombie at worst), so the
// group id cannot have been reused by an unrelated process. How many may run is the app's policy
// (CommandRunner); this counts them per tag and in total.
import Glibc

/// Commands started in their own process group, with a deadline, reaped on the loop.
public final class CommandProcesses {
    /// How a command ended.
    public enum Outcome: Equatable, Sendable {
        /// It exited (or was killed by a signal it did not get from us) before its deadline.
        case ended(ChildProcess.Termination)
        /// Its deadline passed and its group was killed.
        case timedOut
    }

    private struct Running {
        /// What the caller counts commands by (the app: the configured action that started it).
        let tag: AnyHashable
        var timer: TimerID?
        var timedOut = false
    }

    private unowned let loop: EventLoop
    /// Between SIGTERM at the deadline and SIGKILL.
    public let graceMilliseconds: Int64
    private var running: [pid_t: Running] = [:]

    public init(loop: EventLoop, graceMilliseconds: Int64 = 2_000) {
        self.loop = loop
        self.graceMilliseconds = graceMilliseconds
    }

    /// Commands running now.
    public var count: Int { running.count }

    /// Commands running now that were started with `tag`.
    public func count(tag: AnyHashable) -> Int { running.values.count(where: { $0.tag == tag }) }

    /// The process groups (= leaders' pids) running now.
    public var groups: [pid_t] { running.keys.sorted() }

    /// Starts `arguments` (`arguments[0]`, an absolute path, is the program) in a new process
    /// group in `/` with `environment`; `ended` is called on the loop once it is over.
    /// - Throws: `SystemError` when it cannot start (nothing runs then).
    public func start(
        _ arguments: [String], environment: [String], tag: AnyHashable, timeoutMilliseconds: Int64,
        ended: @escaping (Outcome) -> Void
    ) throws(SystemError) {
        guard let path = arguments.first else { throw SystemError(errno: ENOENT, operation: "posix_spawn (no program)") }
        let pid = try ChildProcess.spawn(path, arguments: arguments, environment: environment, newProcessGroup: true, directory: "/")
        running[pid] = Running(tag: tag)
        do {
            try loop.reap(pid) { [weak self] termination in
                guard let self, let entry = running.removeValue(forKey: pid) else { return }
                // The leader is a zombie here: what it left in its group goes with it.
                if termination != .unknown { kill(-pid, SIGKILL) }
                if let timer = entry.timer { loop.cancel(timer) }
                ended(entry.timedOut ? .timedOut : .ended(termination))
            }
        } catch {
            // Cannot watch it: it must not run unseen.
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            running[pid] = nil
            throw error
        }
        running[pid]?.timer = loop.schedule(afterMilliseconds: timeoutMilliseconds) { [weak self] in self?.timeOut(pid) }
    }

    /// The deadline passed: SIGTERM to the group now, SIGKILL after the grace period.
    private func timeOut(_ pid: pid_t) {
        guard running[pid] != nil else { return }
        running[pid]?.timedOut = true
        kill(-pid, SIGTERM)
        running[pid]?.timer = loop.schedule(afterMilliseconds: graceMilliseconds) { [weak self] in
            guard let self, running[pid] != nil else { return }
            running[pid]?.timer = nil
            kill(-pid, SIGKILL)
        }
    }

    /// When the app stops (the end of a replay, `run` exiting): every command still running is
    /// killed with its group and reaped; no `ended` handler is called. (Under systemd the unit's
    /// stop kills them anyway; a replay leaves nothing behind.)
    deinit {
        for pid in running.keys {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
    }
}
