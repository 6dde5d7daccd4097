// The executable: the command line (Sources/swipe-kiosk/*Command.swift) over the library targets.
// ArgumentParser's own error messages quote the argument they refuse; they go to standard error
// through printError, like every other message, so terminal controls in an argument are spelt
// out (TerminalEscapeTests). Help and other clean exits print as ArgumentParser prints them.
// Every command logs through the same handler (ControlEscapingLogHandler over the journal's or
// swift-log's), so no log line of any command quotes outside text raw or unbounded.
import ArgumentParser
import KioskApp
import KioskHardware
import Logging

LoggingSystem.bootstrap(JournalLogHandler.bootstrap)

do {
    var command = try SwipeKioskCommand.parseAsRoot()
    try command.run()
} catch {
    var code = SwipeKioskCommand.exitCode(for: error)
    // An error no command turned into an exit code (memory for a screenshot's PNG, say) is an
    // internal one, 70 of the table (ExitStatus), not ArgumentParser's 1, which the table gives
    // `feed --check` alone.
    if code == .failure, !(error is ExitCode) { code = ExitCode(ExitStatus.software) }
    let message = SwipeKioskCommand.fullMessage(for: error)
    if !message.isEmpty {
        if code == .success { print(message) } else { printError(message) }
    }
    SwipeKioskCommand.exit(withError: code == .success ? nil : code)
}
