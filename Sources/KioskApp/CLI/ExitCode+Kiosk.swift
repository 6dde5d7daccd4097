// The exit codes DESIGN.md promises to scripts and systemd (sysexits.h values). The fifth,
// 73 (an output file cannot be created), comes from AppError.output.
import ArgumentParser

extension ExitCode {
    /// Command-line usage error (EX_USAGE).
    static let usage = ExitCode(64)
    /// Bad configuration or data (EX_DATAERR).
    static let badData = ExitCode(65)
    /// A device is missing or busy (EX_UNAVAILABLE).
    static let unavailable = ExitCode(69)
    /// Internal error (EX_SOFTWARE).
    static let software = ExitCode(70)
}
