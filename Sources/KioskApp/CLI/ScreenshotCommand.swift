// `swipe-kiosk screenshot --output FILE.png` (DESIGN.md, Command line): the app's first screen,
// rendered headless, optionally rotated as a panel mounted at 90/180/270 degrees would show it.
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

    @Option(help: "Rotation of the panel: 0, 90, 180 or 270.")
    var rotation: Int = 0

    func run() throws {
        guard let rotated = DisplayRotation(degrees: rotation) else {
            throw ValidationError("--rotation must be 0, 90, 180 or 270")
        }
        let configuration = try options.loadConfiguration()
        let size = options.screenSize(fallback: (1280, 800))
        let app = try options.makeApplication(
            configuration: configuration, databasePath: options.databasePath, size: size)
        let runner = try HeadlessRunner(app: app, width: size.width, height: size.height)
        app.tick(time: 0)
        runner.render(atMs: 0)
        let image = rotated == .none ? runner.surface : try Self.rotate(runner.surface, by: rotated)
        do {
            try runner.write(PNG.encode(image), to: output)
        } catch let error as FileError {
            throw ExitCode.cannotCreate(error)
        }
    }

    /// The frame as the rotated panel shows it (the same copy the DRM path makes).
    static func rotate(_ surface: Surface, by rotation: DisplayRotation) throws -> Surface {
        let logical = PixelSize(width: surface.width, height: surface.height)
        let quarterTurn = rotation == .clockwise90 || rotation == .clockwise270
        let physical = quarterTurn ? PixelSize(width: logical.height, height: logical.width) : logical
        let target = try Surface(width: physical.width, height: physical.height, format: .xrgb8888)
        let source = PixelBuffer(base: surface.baseAddress, size: logical, stride: surface.stride)
        let destination = PixelBuffer(base: target.baseAddress, size: physical, stride: target.stride)
        destination.copyRotated(from: source, rect: DamageRect(x: 0, y: 0, width: logical.width, height: logical.height), rotation: rotation)
        return target
    }
}
