// Creating a file that must not exist yet (a new database from `init-db`, a `backup` copy):
// O_CREAT|O_EXCL in one system call, so an existing file, a symbolic link (dangling or not) or
// a file another process creates at the same moment is never opened, truncated or replaced.
import Glibc

extension OutputFile {
    /// Creates the empty regular file `path` (mode 0644 less the umask); its directory must exist.
    /// - Throws: `FileError`: `.emptyPath`, `.system("create", EEXIST)` when anything is at
    ///   `path`, or `.system("create", errno)` for any other refusal (a missing directory is ENOENT).
    public static func createNew(_ path: String) throws(FileError) {
        guard !path.isEmpty else { throw FileError(path: path, reason: .emptyPath) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw FileError(path: path, reason: .system(operation: "create", errno: errno)) }
        close(fd)
    }

    /// Removes a file `createNew` made when what should have filled it failed (best effort:
    /// a failure to remove leaves an empty or partial file that the caller's message names).
    public static func removeCreated(_ path: String) {
        unlink(path)
        for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Whether `path` failed because something was already there.
    public static func isExisting(_ error: FileError) -> Bool {
        if case .system(_, let code) = error.reason { return code == EEXIST }
        return false
    }
}
