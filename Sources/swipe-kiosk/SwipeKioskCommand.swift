// The `swipe-kiosk` command line: the contract of docs/ARCHITECTURE.md ("Command line").
// Each subcommand lives in its own file; this one only names them and the version.
import ArgumentParser
import KioskApp

public struct SwipeKioskCommand: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "swipe-kiosk",
        abstract: "A full-screen touch list app for Linux kiosks (DRM/KMS, libinput, FreeType).",
        version: version,
        subcommands: [
            RunCommand.self, ReplayCommand.self, ScreenshotCommand.self, BenchCommand.self, CheckConfigCommand.self, CheckTextCommand.self,
            ListOutputsCommand.self, ListInputsCommand.self, TouchTestCommand.self, StoreStressCommand.self, OutOfServiceCommand.self,
            InitDatabaseCommand.self, SchemaCommand.self, ExportActionsCommand.self, BackupCommand.self, DoctorCommand.self,
            CtlCommand.self, FeedCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    public init() {}
}
