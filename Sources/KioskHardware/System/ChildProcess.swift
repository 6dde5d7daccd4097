// Starting an external program (command actions, command haptics) the one way the app does it,
// and the one way its exit is noticed.
// Start: the loop blocks TERM/INT/HUP/USR1 for its signalfd, and a spawned child would inherit
// that mask (and any ignored signal): `systemctl stop` or a timeout's SIGTERM would then never
// reach it. So every child starts with an empty signal mask and every signal at its default
// disposition (posix_spawnattr_setsigmask/setsigdefault), with stdin from /dev/null, optionally
// in a process group of its own (so a timeout can end it with everything it started) and in a
// working directory the caller chooses.
// Exit: one reaper for every child, on the loop: a pidfd (Linux 5.3+) per child is watched by
// the loop's epoll, which reports the exit without a thread per child and without SIGCHLD (a
// virtual-time loop, which takes over no signals, notices exits the same way).
import CLinuxKernel
import Glibc

/// Spawns external programs and reaps them on the loop.
public enum ChildProcess {
    /// How a child ended: its exit status, or the signal that killed it.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
        /// Reaped by someone else (waitid failed): how it ended is unknown.
        case unknown

        /// The shell's number for it: the exit status, 128 + the signal, or -1.
        public var exitCode: Int32 {
            switch self {
            case .exited(let status): return status
            case .signalled(let signal): return 128 + signal
            case .unknown: return -1
            }
        }
    }

    /// Starts `path` with `arguments` (the whole argv, `arguments[0]` included) and
    /// `environment` (`NAME=value` strings). Returns the child's pid.
    /// - Parameters:
    ///   - newProcessGroup: the child leads a process group of its own (its pgid is its pid).
    ///   - directory: the child's working directory (nil: the app's).
    /// - Throws: `SystemError` from posix_spawn (e.g. ENOENT for a missing program).
    public static func spawn(
        _ path: String, arguments: [String], environment: [String], newProcessGroup: Bool = false, directory: String? = nil
    ) throws(SystemError) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if let directory { posix_spawn_file_actions_addchdir_np(&actions, directory) }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SystemError(errno: result, operation: "posix_spawn(\(path))") }
        return pid
    }

    /// This process's environment (`NAME=value`) with `variables` set, replacing inherited ones.
    public static func environment(setting variables: [String: String]) -> [String] {
        var inherited: [String] = []
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            let name = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
            if variables[name] == nil { inherited.append(text) }
            entry += 1
        }
        return inherited + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// The exit code of a `waitpid` status, or 128 + the signal that ended the child (as shells say).
    public static func exitCode(status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
    }
}

extension EventLoop {
    /// Reaps child `pid` once it has exited and calls `exited` on the loop. `exited` runs while
    /// the child is still a zombie, before it is reaped: its pid, and the process group it
    /// leads, cannot be reused by another process until `exited` returns. A virtual-time loop
    /// lets no more virtual time pass than real time while a child it reaps is running.
    /// - Throws: `SystemError` from pidfd_open (ESRCH: no such child) or from the epoll.
    public func reap(_ pid: pid_t, exited: @escaping (ChildProcess.Termination) -> Void) throws(SystemError) {
        let fd = pidfd_open(pid, 0)
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "pidfd_open(\(pid))") }
        do {
            try register(fd: fd) { [unowned self] in
                // Readable means exited; WNOWAIT reads the status and leaves the zombie.
                var info = siginfo_t()
                let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
                if result == 0, info._sifields._sigchld.si_pid != pid { return }  // not yet
                if result < 0, errno == EINTR { return }
                unregister(fd: fd)
                close(fd)
                childrenRunning -= 1
                let status = info._sifields._sigchld.si_status
                exited(result < 0 ? .unknown : info.si_code == CLD_EXITED ? .exited(status) : .signalled(status))
                var ignored: Int32 = 0
                while waitpid(pid, &ignored, 0) < 0, errno == EINTR {}
            }
        } catch {
            close(fd)
            throw error
        }
        childrenRunning += 1
    }
}
