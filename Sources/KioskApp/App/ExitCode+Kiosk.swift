// The exit codes docs/ARCHITECTURE.md promises to scripts and systemd (sysexits.h values).
import ArgumentParser
import KioskFiles

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

    /// Something the command must create (the control socket) cannot be (EX_CANTCREAT).
    public static let cannotCreateOutput = ExitCode(73)

    /// An output file cannot be created there: a directory, FIFO or device node is in the way,
    /// or the system refused (EX_CANTCREAT). Prints `cannot write PATH: reason` and returns 73.
    public static func cannotCreate(_ error: FileError) -> ExitCode {
        printError(error.path.isEmpty ? "cannot write: \(error.reason)" : "cannot write \(error.path): \(error.reason)")
        return ExitCode(73)
    }
}
