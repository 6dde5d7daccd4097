// The exit codes docs/ARCHITECTURE.md promises to scripts and systemd (sysexits.h values).
import ArgumentParser
import KioskFiles
import KioskStore

extension ExitCode {
    /// Command-line usage error (EX_USAGE).
    public static let usage = ExitCode(64)
    /// Bad configuration or data (EX_DATAERR).
    public static let badData = ExitCode(65)
    /// A device is missing or busy (EX_UNAVAILABLE).
    public static let unavailable = ExitCode(69)
    /// Internal error (EX_SOFTWARE).
    public static let software = ExitCode(70)
    /// A temporary failure the app cannot fix and a restart does not either until someone acts:
    /// the database's file system is full (EX_TEMPFAIL). systemd does not restart on it
    /// (`RestartPreventExitStatus=75`), so a full disk is not a restart loop.
    public static let temporaryFailure = ExitCode(75)
    /// The database was written by a newer swipe-kiosk than this one (EX_CONFIG: the installed
    /// package does not match its data). A restart meets the same file: systemd does not restart
    /// on it either (`RestartPreventExitStatus=75 78`); upgrade the package or restore a backup.
    public static let newerDatabase = ExitCode(78)

    /// The exit code for a database the store refused or failed on, the same for every command:
    /// 78 a newer build's file, 75 a full file system, 73 a copy before a migration that could
    /// not be written for another reason, else 65.
    public init(store error: StoreError) {
        switch error {
        case .newerSchema: self = .newerDatabase
        case _ where error.isDiskFull: self = .temporaryFailure
        case .preMigrationCopyFailed: self = ExitCode(73)
        default: self = .badData
        }
    }

    /// Prints `error`'s message about the database at `path` (led by `command: ` when given) and
    /// returns its exit code (`init(store:)`).
    public static func refused(_ error: StoreError, database path: String, command: String? = nil) -> ExitCode {
        printError((command.map { "\($0): " } ?? "") + error.message(database: path))
        return ExitCode(store: error)
    }

    /// Something the command must create (the control socket) cannot be (EX_CANTCREAT).
    public static let cannotCreateOutput = ExitCode(73)

    /// An output file cannot be created there: a directory, FIFO or device node is in the way,
    /// or the system refused (EX_CANTCREAT). Prints `cannot write PATH: reason` and returns 73.
    public static func cannotCreate(_ error: FileError) -> ExitCode {
        printError(error.path.isEmpty ? "cannot write: \(error.reason)" : "cannot write \(error.path): \(error.reason)")
        return ExitCode(73)
    }
}
