// The `swipe-kiosk` command line: the contract of docs/ARCHITECTURE.md ("Command line"). The
// app's subcommands come from KioskApp (KioskCommandLine); `feed` is the one this executable
// adds, because only it links the app and the feed together.
import ArgumentParser
import KioskApp

public struct SwipeKioskCommand: ParsableCommand {
    public static let version = KioskCommandLine.version

    public static let configuration = CommandConfiguration(
        commandName: "swipe-kiosk",
        abstract: "A full-screen touch list app for Linux kiosks (DRM/KMS, libinput, FreeType).",
        version: version,
        subcommands: KioskCommandLine.subcommands + [FeedCommand.self],
        defaultSubcommand: KioskCommandLine.defaultSubcommand
    )

    public init() {}
}
