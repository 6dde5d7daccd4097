// Starting an external program (command actions, command haptics) the one way the app does it.
// The loop blocks TERM/INT/HUP/USR1/CHLD for its signalfd, and a spawned child would inherit
// that mask (and any ignored signal): `systemctl stop` or a timeout's SIGTERM would then never
// reach it. So every child starts with an empty signal mask and every signal at its default
// disposition (posix_spawnattr_setsigmask/setsigdefault), and with stdin from /dev/null.
import Glibc

/// Spawns external programs; the caller reaps them (waitpid).
public enum ChildProcess {
    /// Starts `path` with `arguments` (the whole argv, `arguments[0]` included) and
    /// `environment` (`NAME=value` strings). Returns the child's pid.
    /// - Throws: `SystemError` from posix_spawn (e.g. ENOENT for a missing program).
    public static func spawn(_ path: String, arguments: [String], environment: [String]) throws(SystemError) -> pid_t {
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
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SystemError(errno: result, operation: "posix_spawn(\(path))") }
        return pid
    }

    /// The exit code of a `waitpid` status, or 128 + the signal that ended the child (as shells say).
    public static func exitCode(status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
    }
}
