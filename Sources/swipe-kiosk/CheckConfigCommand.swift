// `swipe-kiosk check-config FILE` (docs/ARCHITECTURE.md, Command line): validates a configuration file
// before it is deployed. Prints `FILE: ok` and a summary, or every problem as
// `file:line:column: message` on stderr and exits 65 (also for a missing/unreadable file, and for
// a configured font that does not load: CheckConfigCommand+Fonts.swift, or an unknown action
// icon: CheckConfigCommand+Icons.swift). Warnings (exit still 0):
// CheckConfigCommand+Expansion.swift.
import ArgumentParser
import KioskApp
import KioskConfig

struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a configuration file; print every problem as file:line:column: message.")

    @Argument(help: "The TOML configuration file.")
    var file: String

    func run() throws {
        do throws(ConfigurationError) {
            let source = try KioskConfiguration.readSource(file)
            let configuration = try KioskConfiguration.parse(source, file: file)
            let problems = Self.fontProblems(in: configuration, source: source, file: file)
                + Self.iconProblems(in: configuration, source: source, file: file)
            guard problems.isEmpty else { throw ConfigurationError.invalid(problems) }
            Self.expansionWarnings(in: configuration, source: source, file: file).forEach { printError($0.description) }
            print("\(file): ok")
            print(Self.summary(of: configuration))
        } catch {
            error.lines.forEach(printError)
            throw ExitCode.badData
        }
    }

    /// One line: how many lists and actions, and the list ids.
    static func summary(of configuration: KioskConfiguration) -> String {
        let lists = configuration.lists
        let actions = configuration.actionCount
        return "\(lists.count) list\(lists.count == 1 ? "" : "s") (\(lists.map(\.id).joined(separator: ", "))), "
            + "\(actions) action\(actions == 1 ? "" : "s")"
    }
}
