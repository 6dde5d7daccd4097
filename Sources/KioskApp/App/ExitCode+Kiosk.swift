// The exit codes of the table (KioskHardware's ExitStatus) as ArgumentParser's ExitCode, and
// the one mapping of a store error to its code.
import ArgumentParser
import KioskFiles
import KioskHardware
import KioskStore

extension ExitCode {
    /// The code `status` stands for.
    public init(_ status: ExitStatus) { self.init(status.rawValue) }

    public static let usage = ExitCode(ExitStatus.usage)
    public static let badData = ExitCode(ExitStatus.badData)
    public static let unavailable = ExitCode(ExitStatus.unavailable)
    public static let software = ExitCode(ExitStatus.software)
    /// `feed --check`: this kiosk has no `[feed]` (systemd's ExecCondition= then skips the unit).
    public static let notConfigured = ExitCode(ExitStatus.notConfigured)
    /// The database's file system is full. systemd does not restart on it
    /// (`RestartPreventExitStatus=75`), so a full disk is not a restart loop.
    public static let temporaryFailure = ExitCode(ExitStatus.temporaryFailure)
    /// The database was written by a newer swipe-kiosk than this one (the installed package does
    /// not match its data). A restart meets the same file: systemd does not restart on it either
    /// (`RestartPreventExitStatus=75 78`); upgrade the package or restore a backup.
    public static let newerDatabase = ExitCode(ExitStatus.newerDatabase)
    /// Something the command must create or write cannot be (a file, the control socket,
    /// standard output, the copy before a migration).
    public static let cannotCreateOutput = ExitCode(ExitStatus.cannotCreate)

    /// The exit code for a database the store refused or failed on, the same for every command:
    /// 78 a newer build's file, 75 a full file system, 73 a copy before a migration that could
    /// not be written for another reason, else 65.
    public init(store error: StoreError) {
        switch error {
        case .newerSchema: self = .newerDatabase
        case _ where error.isDiskFull: self = .temporaryFailure
        case .preMigrationCopyFailed: self = .cannotCreateOutput
        default: self = .badData
        }
    }

    /// Prints `error`'s message about the database at `path` (led by `command: ` when given) and
    /// returns its exit code (`init(store:)`).
    public static func refused(_ error: StoreError, database path: String, command: String? = nil) -> ExitCode {
        printError((command.map { "\($0): " } ?? "") + error.message(database: path))
        return ExitCode(store: error)
    }

    /// An output file cannot be created there: a directory, FIFO or device node is in the way,
    /// or the system refused (EX_CANTCREAT). Prints `cannot write PATH: reason` and returns 73.
    public static func cannotCreate(_ error: FileError) -> ExitCode {
        printError(error.path.isEmpty ? "cannot write: \(error.reason)" : "cannot write \(error.path): \(error.reason)")
        return .cannotCreateOutput
    }
}
