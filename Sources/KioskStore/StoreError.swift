// Why a data-store operation failed, with what the store was doing and SQLite's own code
// and message, so a kiosk log line says enough to fix the problem without a debugger.
import CSQLite
import KioskFiles

/// A failed item-store operation.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The directory that should hold the database does not exist (it is never created implicitly).
    case directoryMissing(path: String)
    /// The user running the kiosk may not write the database file (`directory` false) or the
    /// directory SQLite keeps its -wal and -shm files in (true); `user` names that user.
    case notWritable(path: String, directory: Bool, user: String)
    /// The path is a directory, device, FIFO or socket: SQLite would read and write it as a
    /// database file (a block device's contents included), so it is refused before opening.
    case notRegularFile(FileError)
    /// The file is not an SQLite database or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT).
    case corrupt(path: String, code: Int32, message: String, operation: String)
    /// The database was written by a newer schema than this build knows.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The database needs a migration, but the copy kept before it (`copy`) could not be
    /// written: nothing was migrated. `diskFull` when its file system is full.
    case preMigrationCopyFailed(path: String, copy: String, reason: String, diskFull: Bool)
    /// The recorded schema version is negative: no build ever wrote it.
    case invalidSchemaVersion(path: String, found: Int)
    /// The file is an SQLite database but not the kiosk's, or not what its schema version says.
    case notKioskDatabase(path: String, reason: NotKioskReason)
    /// `PRAGMA quick_check` found damage (a truncated file, an overwritten page): SQLite's findings.
    case damaged(path: String, problems: [String])
    /// The file the store has open is no longer the one at its path: another program renamed
    /// a file over it (`deleted` false) or deleted it. Nothing is written to either file.
    case fileLeftPath(path: String, deleted: Bool)
    /// The database's file system has no space left (SQLITE_FULL, or an I/O error with ENOSPC
    /// or EDQUOT, e.g. a `-shm` that cannot grow): its directory, the bytes still free there
    /// (nil when unknown), and what SQLite said.
    case fileSystemFull(path: String, directory: String, freeBytes: UInt64?, code: Int32, message: String, operation: String)
    /// No item with this id.
    case itemNotFound(id: ItemID)
    /// Any other SQLite failure: its (extended) result code, message and the store operation.
    case sqlite(code: Int32, message: String, operation: String)

    /// Why a database is not the kiosk's.
    public enum NotKioskReason: Hashable, Sendable, CustomStringConvertible {
        /// Tables of another program and no schema version (`PRAGMA user_version` 0).
        case foreignTables([String])
        /// No schema at all (an empty file) where one is needed to read.
        case noSchema
        /// The recorded schema version, and the tables it should have but does not.
        case missingTables(version: Int, [String])
        /// A column the kiosk's schema declares with another type or key (nil: missing): ids
        /// must be TEXT, or SQLite would convert them on their way into `actions_log`.
        case wrongColumn(table: String, column: String, expected: String, found: String?)
        /// A column (named in any case) that a migration still to run adds: another program
        /// added one of that name first. Checked before anything is written.
        case columnInTheWay(table: String, column: String, version: Int)
        /// A migration still to run fails on a copy of the file's schema (another program
        /// created an index or table of a name it creates, dropped one it replaces, …): SQLite's
        /// reason. Checked before anything is written.
        case migrationFails(version: Int, reason: String)

        public var description: String {
            switch self {
            case .foreignTables(let names):
                let shown = names.prefix(5).map { $0.shown(atMost: 40) }.joined(separator: ", ")
                return "it has other tables (\(shown)\(names.count > 5 ? ", …" : "")) and no schema version (PRAGMA user_version 0)"
            case .noSchema:
                return "it has no tables and no schema version (an empty file)"
            case .missingTables(let version, let names):
                return "it records schema version \(version) but has no table \(names.joined(separator: ", "))"
            case .wrongColumn(let table, let column, let expected, let found):
                return "its column \(table).\(column) is \(found.map { "declared '\($0.shown(atMost: 40))'" } ?? "missing"), "
                    + "the kiosk's schema declares '\(expected)' (see `swipe-kiosk schema`)"
            case .columnInTheWay(let table, let column, let version):
                return "it already has a column \(table).\(column.shown(atMost: 40)), which schema version \(version) adds; "
                    + "rename or drop that column, or restore a backup"
            case .migrationFails(let version, let reason):
                return "the migration to schema version \(version) cannot run on it (\(reason.shown(atMost: 200))): another program "
                    + "changed its tables or indexes; undo that change, or restore a backup"
            }
        }
    }

    /// SQLite's result code, when SQLite reported the failure.
    public var resultCode: Int32? {
        switch self {
        case .corrupt(_, let code, _, _), .sqlite(let code, _, _), .fileSystemFull(_, _, _, let code, _, _): return code
        case .directoryMissing, .notWritable, .notRegularFile, .newerSchema, .invalidSchemaVersion, .notKioskDatabase, .damaged, .itemNotFound,
             .fileLeftPath, .preMigrationCopyFailed:
            return nil
        }
    }

    /// The message for a log or terminal line about the database at `path`: the description,
    /// led by the path when the case does not name the file itself.
    public func message(database path: String) -> String {
        switch self {
        case .sqlite, .itemNotFound: return "\(path): \(description)"
        case .directoryMissing, .notWritable, .notRegularFile, .corrupt, .newerSchema, .invalidSchemaVersion, .notKioskDatabase, .damaged,
             .fileLeftPath, .fileSystemFull, .preMigrationCopyFailed:
            return description
        }
    }

    public var description: String {
        switch self {
        case .directoryMissing(let path):
            return "cannot open database \(path): its directory does not exist"
        case .notWritable(let path, let directory, let user):
            let target = directory ? ItemStore.parentDirectory(of: path) : path
            return "cannot write database \(path): \(user) may not write \(directory ? "its directory " : "")\(target)"
                + "\(directory ? " (SQLite keeps the -wal and -shm files there)" : ""); nothing was changed."
                + " Fix: sudo chown \(user): \(target) (`swipe-kiosk doctor` checks every file the service needs)"
        case .notRegularFile(let error):
            return "cannot open database \(error.path): it \(error.reason)"
        case .corrupt(let path, let code, let message, let operation):
            return "database \(path) is not a valid SQLite database or is damaged (\(operation): \(message), code \(code));"
                + " move it aside to start with an empty one"
        case .newerSchema(let path, let found, let supported):
            return "database \(path) was written by a newer swipe-kiosk: schema \(found), this build knows up to \(supported);"
                + " upgrade the package or restore a backup (the file was left untouched)"
        case .preMigrationCopyFailed(let path, let copy, let reason, _):
            return "database \(path) needs a schema migration, but the copy kept before migrating could not be written to"
                + " \(copy) (\(reason)); nothing was migrated, the file is as it was: make room for the copy beside it, then start again"
        case .invalidSchemaVersion(let path, let found):
            return "database \(path) has schema version \(found), which no build writes (PRAGMA user_version was changed by hand?)"
        case .notKioskDatabase(let path, let reason):
            return "database \(path) is not a SwipeKiosk database: \(reason); it was left untouched:"
                + " give another --database or move it aside"
        case .damaged(let path, let problems):
            let shown = problems.prefix(3).joined(separator: "; ")
            return "database \(path) is damaged (quick_check: \(shown)\(problems.count > 3 ? "; …" : ""));"
                + " it was left untouched: restore it from a backup or move it aside to start with an empty one"
        case .fileLeftPath(let path, let deleted):
            return "database \(path) was \(deleted ? "deleted" : "replaced by another file") while the app had it open;"
                + " nothing more is written to the old file"
        case .fileSystemFull(let path, let directory, let freeBytes, let code, let message, let operation):
            return "database \(path): the file system of \(directory) is full (\(freeBytes.map { "\($0) bytes free" } ?? "free space unknown"));"
                + " free space there (old files, logs) (\(operation): \(message), SQLite code \(code))"
        case .itemNotFound(let id):
            return "no item with id \"\(id)\""
        case .sqlite(let code, let message, let operation):
            return "\(operation) failed: \(message) (SQLite code \(code))"
        }
    }

    /// The error for result `code` of `operation` on `handle` (`path` names the file for corruption).
    static func from(code: Int32, handle: OpaquePointer?, path: String, operation: String) -> StoreError {
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        // An I/O error is a full disk when the system call said so (SQLite keeps its errno).
        if [SQLITE_IOERR, SQLITE_CANTOPEN].contains(code & 0xFF), let handle,
           StoreError.meansDiskFull(errno: sqlite3_system_errno(handle)) {
            return .diskFull(database: path, code: code, message: message, operation: operation)
        }
        switch code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return .corrupt(path: path, code: code, message: message, operation: operation)
        default:
            return .sqlite(code: code, message: message, operation: operation)
        }
    }
}

extension StoreError {
    /// SQLITE_BUSY or SQLITE_LOCKED (any extended code): another connection held a lock then;
    /// the same statement may succeed a moment later.
    public var isLockContention: Bool {
        guard case .sqlite(let code, _, _) = self else { return false }
        return code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED
    }
}
