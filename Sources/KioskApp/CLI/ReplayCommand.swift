// `swipe-kiosk replay SCRIPT` (DESIGN.md, Command line): plays a touch script headless and
// deterministically, writing the screenshots and state dumps it asks for under --out.
import ArgumentParser
import Canvas
import KioskFiles

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a touch script headless; same script, same pixels.")

    @Argument(help: "A touch script (see DESIGN.md) or a `libinput record` YAML file.")
    var script: String

    @OptionGroup var options: AppOptions

    @Option(help: "Directory for the script's screenshots and state dumps.")
    var out: String = "."

    @Option(help: "Write the final state dump to this file.")
    var state: String?

    @Option(help: "Write the final frame to this PNG file.")
    var screenshot: String?

    func run() throws {
        let text: String
        do {
            text = try InputFile.text(script, limit: TouchScript.maximumFileBytes)
        } catch {
            printError("\(error)")
            throw ExitCode.badData
        }
        let configuration = try options.loadConfiguration()
        let parsed: TouchScript
        let size: (width: Int, height: Int)
        do {
            if LibinputRecording.looksLikeRecording(text) {
                size = options.screenSize(fallback: (1280, 800))
                parsed = try LibinputRecording.script(from: text, file: script, width: size.width, height: size.height)
            } else {
                parsed = try TouchScript(parsing: text, file: script)
                size = options.screenSize(fallback: parsed.size.map { ($0.width, $0.height) } ?? (1280, 800))
            }
        } catch let error as ScriptError {
            printError("\(error)")
            throw ExitCode.badData
        }
        let app = try options.makeApplication(configuration: configuration, databasePath: options.databasePath, size: size)
        let runner = try HeadlessRunner(app: app, width: size.width, height: size.height)
        do {
            let end = try runner.play(parsed, outputDirectory: out)
            if let screenshot {
                runner.render(atMs: end)
                try runner.write(PNG.encode(runner.surface), to: screenshot)
            }
            if let state {
                try runner.write(Array(StateDump(app: app, timeMs: end, width: size.width, height: size.height).json().utf8), to: state)
            }
        } catch let error as FileError {
            throw ExitCode.cannotCreate(error)
        }
    }
}
