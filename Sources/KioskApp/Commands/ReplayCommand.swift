// `swipe-kiosk replay SCRIPT` (docs/ARCHITECTURE.md, Command line): plays a touch script headless and
// deterministically, writing the screenshots and state dumps it asks for under --out. The panel
// is rotated as the configuration says (or `--rotation`), as `run` and `screenshot` do: `--size`
// (or the script's `size`) is the app's upright screen, the script's touches and a recording's
// axes are the panel's, before rotation, as libinput reports them.
import ArgumentParser
import Canvas
import KioskFiles
import KioskHardware
import KioskReplay

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a touch script headless; same script, same pixels.")

    @Argument(help: "A touch script (its format: docs/TESTING.md) or a `libinput record` YAML file.")
    var script: String

    @OptionGroup var options: AppOptions

    @OptionGroup var screen: ScreenSizeOption

    @OptionGroup var demo: DemoOption

    @OptionGroup var list: ListOption

    @OptionGroup var rotation: RotationOption

    @Option(help: "Directory for the script's screenshots and state dumps.")
    var out: String = "."

    @Option(help: "Write the final state dump to this file.")
    var state: String?

    @Option(help: "Write the final frame to this PNG file.")
    var screenshot: String?

    @Option(name: .customLong("audio-out"), help: "Write what speech would have played to this WAV file (16-bit mono PCM, at the virtual times it was said).")
    var audioOut: String?

    @Option(help: "Refresh rate of the virtual display in Hz (animations advance per flip at this rate).")
    var refresh: Double = 60

    @Flag(help: "Run the commands of command actions (default: log them as skipped; a recording replayed as root would run them as root).")
    var runCommands = false

    func validate() throws {
        guard refresh.isFinite, refresh >= 1, refresh <= 500 else { throw ValidationError("--refresh must be 1 to 500 (Hz)") }
    }

    func run() throws {
        let text: String
        do {
            text = try InputFile.text(script, limit: TouchScript.maximumFileBytes)
        } catch {
            printError("\(error)")
            throw ExitCode.badData
        }
        let configuration = try list.applied(to: demo.applied(to: try options.loadConfiguration()))
        let rotated = rotation.resolved(configuration)
        let parsed: TouchScript
        let size: (width: Int, height: Int)
        do {
            if LibinputRecording.looksLikeRecording(text) {
                size = screen.screenSize(fallback: ScreenSizeOption.configuredScreen(configuration, rotation: rotated))
                // The recording's absolute axes span the panel, the app's screen turned back.
                let panel = rotated.swapsAxes ? (size.height, size.width) : (size.width, size.height)
                parsed = try LibinputRecording.script(from: text, file: script, width: panel.0, height: panel.1)
            } else {
                parsed = try TouchScript(parsing: text, file: script)
                // An empty file (or only comments) is a mistake, not a replay of nothing.
                guard !parsed.steps.isEmpty else {
                    throw ScriptError(file: script, line: 0, message: "no `at` commands: the script has nothing to replay")
                }
                size = screen.screenSize(fallback: parsed.size.map { ($0.width, $0.height) }
                                         ?? ScreenSizeOption.configuredScreen(configuration, rotation: rotated))
            }
        } catch let error as ScriptError {
            printError("\(error)")
            throw ExitCode.badData
        }
        let database = try options.headlessDatabase(configuration, command: "replay")
        let app = try options.makeApplication(
            configuration: configuration, databasePath: database.path, preview: database.preview, size: size)
        do {
            let replay = try ReplaySession(app: app, width: size.width, height: size.height, refreshRate: refresh, rotation: rotated,
                                         steps: parsed.steps, runCommands: runCommands)
            let end = try replay.play(parsed, outputDirectory: out)
            if let screenshot { try replay.writeScreenshot(to: screenshot) }
            if let state { try replay.writeState(to: state, timeMs: end) }
            if let audioOut { try replay.writeAudio(to: audioOut) }
        } catch let error as FileError {
            throw ExitCode.cannotCreate(error)
        }
    }
}
