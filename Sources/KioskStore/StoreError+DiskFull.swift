// A full file system says so. SQLite reports one as SQLITE_FULL, or, when the `-shm` or the
// WAL cannot grow, as an I/O error (SQLITE_IOERR_SHMSIZE, code 4874, "disk I/O error") whose
// errno is ENOSPC: at start that read "quick_check failed: disk I/O error (SQLite code 4874)",
// exit 65, and systemd restarted the app into the same wall every second with a message that
// never said "disk". Both become `.fileSystemFull`, naming the directory and the bytes still
// free there, and the start exits 75 (EX_TEMPFAIL) instead of 65 (AppOptions).
import CSQLite
#if canImport(Glibc)
import Glibc
#endif

extension StoreError {
    /// Whether a system call's errno means the file system (or the user's quota) is full.
    static func meansDiskFull(errno code: Int32) -> Bool {
        code == ENOSPC || code == EDQUOT
    }

    /// The full-disk error for the database at `path`, with the free bytes of its directory now.
    static func diskFull(database path: String, code: Int32, message: String, operation: String) -> StoreError {
        let directory = ItemStore.parentDirectory(of: path)
        return .fileSystemFull(path: path, directory: directory, freeBytes: freeBytes(in: directory),
                               code: code, message: message, operation: operation)
    }

    /// What an unprivileged process may still write in `directory`'s file system (statvfs).
    static func freeBytes(in directory: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    /// The error as the start reports it: while the app starts (open, quick_check, the switch to
    /// WAL, migrations, demo data) nothing limits the file's size but the disk, so SQLITE_FULL
    /// is a full file system too. (While running it may also be `max_page_count`; see docs/RELIABILITY.md.)
    public func atStart(database path: String) -> StoreError {
        guard case .sqlite(let code, let message, let operation) = self, code & 0xFF == SQLITE_FULL,
              path != ItemStore.inMemoryPath else { return self }
        return .diskFull(database: path, code: code, message: message, operation: operation)
    }

    /// True for a full file system, also where the copy before a migration ran out of space
    /// (the start then exits 75, not 65).
    public var isDiskFull: Bool {
        switch self {
        case .fileSystemFull: return true
        case .preMigrationCopyFailed(_, _, _, let diskFull): return diskFull
        default: return false
        }
    }
}
