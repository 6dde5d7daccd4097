// Why this exists: exit codes are a contract with scripts and systemd (docs/ARCHITECTURE.md,
// "Exit codes"; the unit's RestartPreventExitStatus=). One table, so each number is written once
// and every error type names its code from it (ExitStatusTableTests holds the sources to that).

/// The process's exit codes (sysexits.h values, and 1 for "nothing to do").
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// `feed --check` on a configuration without `[feed]`: not an error, nothing to run.
    case notConfigured = 1
    /// Command-line usage error (EX_USAGE).
    case usage = 64
    /// Bad configuration or data (EX_DATAERR).
    case badData = 65
    /// A device is missing or busy (EX_UNAVAILABLE).
    case unavailable = 69
    /// Internal error (EX_SOFTWARE).
    case software = 70
    /// An output (a file, the control socket, standard output, the copy kept before a
    /// migration) cannot be created or written (EX_CANTCREAT).
    case cannotCreate = 73
    /// The database's file system is full: a restart does not help until someone acts
    /// (EX_TEMPFAIL; systemd does not restart on it).
    case temporaryFailure = 75
    /// The database was written by a newer swipe-kiosk (EX_CONFIG; systemd does not restart on it).
    case newerDatabase = 78
}
