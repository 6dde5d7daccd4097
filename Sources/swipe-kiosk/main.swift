// The executable: the command line (Sources/swipe-kiosk/*Command.swift) over the library targets.
// ArgumentParser's own error messages quote the argument they refuse; they go to standard error
// through printError, like every other message, so terminal controls in an argument are spelt
// out (TerminalEscapeTests). Help and other clean exits print as ArgumentParser prints them.
import ArgumentParser
import KioskApp

do {
    var command = try SwipeKioskCommand.parseAsRoot()
    try command.run()
} catch {
    let code = SwipeKioskCommand.exitCode(for: error)
    let message = SwipeKioskCommand.fullMessage(for: error)
    if !message.isEmpty {
        if code == .success { print(message) } else { printError(message) }
    }
    SwipeKioskCommand.exit(withError: code == .success ? nil : code)
}
