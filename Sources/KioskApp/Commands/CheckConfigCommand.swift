// `swipe-kiosk check-config [--config] FILE` (docs/ARCHITECTURE.md, Command line): validates a configuration file
// before it is deployed. Prints `FILE: ok` and a summary, or every problem as
// `file:line:column: message` on stderr and exits 65 (also for a missing/unreadable file, and for
// a configured font that does not load: CheckConfigCommand+Fonts.swift, or an unknown action
// icon: CheckConfigCommand+Icons.swift). Warnings (exit still 0):
// CheckConfigCommand+Expansion.swift, CheckConfigCommand+Database.swift.
import ArgumentParser
import KioskConfig
import KioskFiles

struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a configuration file; print every problem as file:line:column: message.")

    @Argument(help: "The TOML configuration file (or give it as --config FILE, like every other command).")
    var positionalFile: String?

    @Option(name: .customLong("config"), help: "The TOML configuration file.")
    var configFile: String?

    func validate() throws {
        switch (positionalFile, configFile) {
        case (nil, nil): throw ValidationError("give the configuration file: check-config --config FILE (or check-config FILE)")
        case (.some, .some): throw ValidationError("give the configuration file once: either --config FILE or FILE")
        case (.some(let f), nil), (nil, .some(let f)):
            if f.isEmpty { throw ValidationError("the configuration file path is empty") }
        }
    }

    /// The file to check, however it was given.
    var file: String { configFile ?? positionalFile ?? "" }

    func run() throws {
        do throws(ConfigurationError) {
            let (configuration, warnings) = try Self.check(file)
            warnings.forEach(printError)
            print("\(file): ok")
            print(Self.summary(of: configuration))
        } catch {
            error.lines.forEach(printError)
            throw ExitCode.badData
        }
    }

    /// Every check of `file` (also run by `doctor`): the configuration and its warnings, or
    /// every problem.
    static func check(_ file: String) throws(ConfigurationError) -> (KioskConfiguration, warnings: [String]) {
        let source = try KioskConfiguration.readSource(file)
        let configuration = try KioskConfiguration.parse(source, file: file)
        let problems = fontProblems(in: configuration, source: source, file: file)
            + iconProblems(in: configuration, source: source, file: file)
            + voiceProblems(in: configuration, source: source, file: file)
        guard problems.isEmpty else { throw ConfigurationError.invalid(problems) }
        let warnings = expansionWarnings(in: configuration, source: source, file: file)
            + databaseWarnings(in: configuration, source: source, file: file)
            + contrastWarnings(in: configuration, source: source, file: file)
            + timeoutWarningWarnings(in: configuration, source: source, file: file)
        return (configuration, warnings.map(\.description))
    }

    /// One line: how many lists and actions, and the list ids.
    static func summary(of configuration: KioskConfiguration) -> String {
        let lists = configuration.lists
        let actions = configuration.actionCount
        // List ids are the file's, shown as every message quotes outside text (stdout is a terminal too).
        return "\(lists.count) list\(lists.count == 1 ? "" : "s") (\(lists.map { $0.id.shown(atMost: 40) }.joined(separator: ", "))), "
            + "\(actions) action\(actions == 1 ? "" : "s")"
    }
}
