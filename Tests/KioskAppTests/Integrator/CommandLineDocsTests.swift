// The README's command list cannot drift from the argument parser: every visible subcommand of
// the built `swipe-kiosk` (read from its `--experimental-dump-help` JSON, the description the man
// page is generated from) has one line in README "Commands", that line names exactly the
// subcommand's long options, and the README names no subcommand or option the binary lacks.
import Foundation
import XCTest

final class CommandLineDocsTests: XCTestCase {
    /// A subcommand as the parser describes it: its name and long options (without the
    /// `--help`/`--version` every command has).
    struct Command: Equatable {
        var name: String
        var options: Set<String>
    }

    /// The visible subcommands of the built binary.
    static func parserCommands() throws -> [Command] {
        let run = try ChildRun(try ItemStoreDurabilityTests.kioskExecutable().path, ["--experimental-dump-help"],
                               in: FileManager.default.temporaryDirectory.path, environment: [:])
        let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let root = json?["command"] as? [String: Any]
        guard run.status == 0, let subcommands = root?["subcommands"] as? [[String: Any]] else {
            XCTFail("--experimental-dump-help gave no command list (exit \(run.status)): \(run.output.prefix(500))")
            return []
        }
        return subcommands.compactMap { command -> Command? in
            guard let name = command["commandName"] as? String, name != "help",
                  command["shouldDisplay"] as? Bool ?? true else { return nil }
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let options = arguments.filter { $0["shouldDisplay"] as? Bool ?? true }
                .flatMap { $0["names"] as? [[String: Any]] ?? [] }
                .filter { $0["kind"] as? String == "long" }
                .compactMap { $0["name"] as? String }
            return Command(name: name, options: Set(options).subtracting(["help", "version"]))
        }
    }

    /// The commands README "Commands" documents: one per line of its first ```sh block,
    /// `swipe-kiosk NAME …` (`[run]` for the default command), with the `--options` the line names
    /// before its `#` comment.
    static func documentedCommands(_ readme: String) -> [Command] {
        guard let section = readme.range(of: "\n## Commands\n"),
              let start = readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex),
              let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex) else { return [] }
        return readme[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let text = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let words = text.split(separator: " ")
            guard words.first == "swipe-kiosk", words.count > 1 else { return nil }
            let name = words[1] == "[run]" ? "run" : String(words[1])
            let options = words.compactMap { word -> String? in
                guard let dashes = word.range(of: "--") else { return nil }
                let option = word[dashes.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                return option.isEmpty ? nil : String(option)
            }
            return Command(name: name, options: Set(options))
        }
    }

    func testEveryCommandAndOptionOfTheParserIsInTheReadmeAndNothingElse() throws {
        let readme = try String(contentsOf: IntegrationDocTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let documented = Self.documentedCommands(readme)
        let parsed = try Self.parserCommands()
        XCTAssertGreaterThanOrEqual(parsed.count, 15, "the parser's subcommands were read")
        XCTAssertEqual(Set(documented.map(\.name)).count, documented.count, "README lists each command once")
        for command in parsed {
            guard let line = documented.first(where: { $0.name == command.name }) else {
                XCTFail("README \"Commands\" has no line for `swipe-kiosk \(command.name)`")
                continue
            }
            XCTAssertEqual(line.options.subtracting(command.options).sorted(), [],
                           "README documents options `\(command.name)` does not have")
            XCTAssertEqual(command.options.subtracting(line.options).sorted(), [],
                           "README's `\(command.name)` line misses options of --help")
        }
        let unknown = Set(documented.map(\.name)).subtracting(parsed.map(\.name))
        XCTAssertEqual(unknown.sorted(), [], "README documents commands the binary does not have")
    }

    /// The check itself: a README line missing an option, naming an extra one, or a command that
    /// does not exist is seen.
    func testTheCheckSeesAMissingOptionAnExtraOneAndAnUnknownCommand() {
        let readme = """
            intro
            ## Commands

            ```sh
            swipe-kiosk [run] [--config FILE] [--demo]   # --not-an-option in the comment
            swipe-kiosk schema
            swipe-kiosk list-inputs [--seat SEAT]
            ```
            """
        XCTAssertEqual(Self.documentedCommands(readme), [
            Command(name: "run", options: ["config", "demo"]),
            Command(name: "schema", options: []),
            Command(name: "list-inputs", options: ["seat"]),
        ])
        XCTAssertEqual(Self.documentedCommands("## Commands\nno block"), [])
    }
}
