// `swipe-kiosk screenshot --output FILE.png` (docs/ARCHITECTURE.md, Command line): the app's first screen,
// as the virtual panel shows it after the first present, rotated as a panel mounted at
// 90/180/270 degrees shows it (the same rotated copy the DRM path makes): `--rotation`, else the
// configuration's. `--size` is the app's upright screen; the panel is its transpose at 90/270.
import ArgumentParser
import Canvas
import KioskFiles
import KioskHardware

struct ScreenshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot",
        abstract: "Render the app's screen to a PNG file.")

    @Option(help: "The PNG file to write.")
    var output: String

    @OptionGroup var options: AppOptions

    @OptionGroup var screen: ScreenSizeOption

    @OptionGroup var demo: DemoOption

    @OptionGroup var list: ListOption

    @OptionGroup var rotation: RotationOption

    func run() throws {
        let configuration = try list.applied(to: demo.applied(to: try options.loadConfiguration()))
        let rotated = rotation.resolved(configuration)
        let size = screen.screenSize(fallback: ScreenSizeOption.configuredScreen(configuration, rotation: rotated))
        let database = try options.headlessDatabase(configuration, command: "screenshot")
        let app = try options.makeApplication(
            configuration: configuration, databasePath: database.path, preview: database.preview, size: size)
        do {
            let replay = try ReplaySession(app: app, width: size.width, height: size.height, rotation: rotated)
            try replay.run(untilMs: 0)
            try OutputFile.write(PNG.encode(try replay.scanout()), to: output)
        } catch let error as FileError {
            throw ExitCode.cannotCreate(error)
        }
    }
}
