// The command line's entry, here so that the executable holds only what the app cannot (the
// fleet feed's command, which needs KioskFeed, a second process the app never links to) and
// imports only KioskApp and KioskFeed (docs/ARCHITECTURE.md, "Layers"). ArgumentParser's own
// error messages quote the argument they refuse; they go to standard error through printError,
// like every other message, so terminal controls in an argument are spelt out
// (TerminalEscapeTests). Help and other clean exits print as ArgumentParser prints them. Every
// command logs through the same handler (ControlEscapingLogHandler over the journal's or
// swift-log's), so no log line of any command quotes outside text raw or unbounded.
import ArgumentParser
import KioskHardware
import Logging

/// The `swipe-kiosk` command line's parts that the app owns.
public enum KioskCommandLine {
    public static let version = "0.1.0"

    /// The app's subcommands, in the order `--help` lists them.
    public static let subcommands: [ParsableCommand.Type] = [
        RunCommand.self, ReplayCommand.self, ScreenshotCommand.self, BenchCommand.self, CheckConfigCommand.self, CheckTextCommand.self,
        ListOutputsCommand.self, ListInputsCommand.self, TouchTestCommand.self, StoreStressCommand.self, OutOfServiceCommand.self,
        InitDatabaseCommand.self, SchemaCommand.self, ExportActionsCommand.self, BackupCommand.self, DoctorCommand.self,
        CtlCommand.self,
    ]

    /// What `swipe-kiosk` with no subcommand runs.
    public static let defaultSubcommand: ParsableCommand.Type = RunCommand.self

    /// Runs the subcommand of `root` that the process's arguments name, and exits with its code.
    public static func main(_ root: ParsableCommand.Type) -> Never {
        LoggingSystem.bootstrap(JournalLogHandler.bootstrap)
        do {
            var command = try root.parseAsRoot()
            try command.run()
            root.exit()
        } catch {
            var code = root.exitCode(for: error)
            // An error no command turned into an exit code (memory for a screenshot's PNG, say) is
            // an internal one, 70 of the table (ExitStatus), not ArgumentParser's 1, which the
            // table gives `feed --check` alone.
            if code == .failure, !(error is ExitCode) { code = ExitCode(ExitStatus.software) }
            let message = root.fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { print(message) } else { printError(message) }
            }
            root.exit(withError: code == .success ? nil : code)
        }
    }
}
