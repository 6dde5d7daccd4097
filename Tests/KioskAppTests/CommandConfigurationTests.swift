// A command action's configuration (issue 28): argv[0] must be an absolute path (also with
// placeholders; ConfigValueCheckTests has the plain case), placeholders must be known and whole
// arguments, `timeout_s` and `max_running` have ranges: check-config refuses anything else with
// `file:line:column`. And placeholder values that could be options or paths are refused before
// anything runs; the caps hold across actions.
import Foundation
import KioskUI
import XCTest
import KioskHardware
@testable import KioskApp
@testable import KioskConfig

final class CommandConfigurationTests: XCTestCase {
    private func lines(_ command: String, _ extra: String = "") -> [String] {
        let source = """
            [[lists]]
            id = "inbox"
            [[lists.trailing.actions]]
            id = "print"
            effect = "command"
            command = \(command)
            \(extra)
            """
        do {
            _ = try KioskConfiguration.parse(source, file: "kiosk.toml")
            return []
        } catch {
            return error.lines
        }
    }

    func testCheckConfigRefusesRelativeProgramsAndUnknownPlaceholders() {
        XCTAssertEqual(lines("[\"lp\", \"-d\", \"kiosk\", \"{item.id}\"]"), [
            "kiosk.toml:6:12: lists[0].trailing.actions[0].command[0] must be the program's absolute path, e.g. \"/usr/bin/lp\" "
                + "(it is started without a PATH search), not \"lp\"",
        ])
        XCTAssertEqual(lines("[\"./print\"]").count, 1)
        XCTAssertEqual(lines("[\"{item.id}\"]").count, 1, "the program cannot be item data")
        XCTAssertEqual(lines("[\"/usr/bin/lp\", \"{item.secret}\"]"), [
            "kiosk.toml:6:11: lists[0].trailing.actions[0].command: \"{item.secret}\": a placeholder is a whole argument, one of {item.id}, {item.title}, {item.subtitle}, {item.list}",
        ])
        XCTAssertEqual(lines("[\"/usr/bin/lp\", \"--job={item.id}\"]").count, 1)
        XCTAssertEqual(lines("[\"/usr/bin/lp\", \"--\", \"{item.id}\", \"{item.title}\"]"), [])
    }

    func testTimeoutAndMaxRunningHaveRanges() {
        XCTAssertEqual(lines("[\"/bin/true\"]", "timeout_s = 0"), [
            "kiosk.toml:7:13: lists[0].trailing.actions[0].timeout_s must be between 0.1 and 3600, not 0",
        ])
        XCTAssertEqual(lines("[\"/bin/true\"]", "max_running = 5"), [
            "kiosk.toml:7:15: lists[0].trailing.actions[0].max_running must be between 1 and 4, not 5",
        ])
        XCTAssertEqual(lines("[\"/bin/true\"]", "timeout_s = 2.5\nmax_running = 4"), [])
    }

    func testValuesThatCouldBeOptionsOrPathsAreRefused() throws {
        let command = ActionCommand(arguments: [.literal("/usr/bin/lp"), .literal("--"), .field(.id)])
        for (id, reason) in [("-hattacker.example:631", "begins with -"), ("+5", "begins with +"), ("@args.txt", "begins with @"),
                             ("/var/lib/swipe-kiosk/items.sqlite3", "contains /"),
                             ("a/../b", "contains /"), ("..", "is .."), ("", "is empty"), ("a\u{0}b", "contains a control character"),
                             ("a\nb", "contains a control character"), (String(repeating: "x", count: 1025), "is longer than 1024 bytes")] {
            XCTAssertThrowsError(try command.argv { _ in id }, id) {
                XCTAssertEqual($0 as? ActionCommand.RefusedValue, ActionCommand.RefusedValue(field: .id, reason: reason), id)
            }
        }
        XCTAssertEqual(try command.argv { _ in "inbox-1" }, ["/usr/bin/lp", "--", "inbox-1"])
        XCTAssertEqual(try command.argv { _ in "Überweisung 12 €" }, ["/usr/bin/lp", "--", "Überweisung 12 €"])
        XCTAssertEqual(try command.argv { _ in "C++ @ 5+" }, ["/usr/bin/lp", "--", "C++ @ 5+"], "inside a value they are text")
    }

    func testAllActionsTogetherRunAtMostTheTotalLimit() throws {
        let loop = try EventLoop(signals: [])
        let runner = CommandRunner(processes: CommandProcesses(loop: loop))
        let sleeper = ActionCommand(arguments: [.literal("/bin/sleep"), .literal("1000")], maxRunning: 4)
        for action in 0...ActionCommand.totalLimit { runner.start(sleeper, action: ActionRef(list: "inbox", edge: .trailing, id: "a\(action)"), itemID: "i", file: 0) { _ in "" } }
        XCTAssertEqual(runner.take().map(\.outcome), [.tooManyRunning])
        XCTAssertEqual(runner.processes?.count, ActionCommand.totalLimit)
    }

    /// The same id on both edges (or in two lists) names two actions: each has its own cap, so
    /// one running does not make the other "still running".
    func testEachActionHasItsOwnCapWhateverItsId() throws {
        let loop = try EventLoop(signals: [])
        let runner = CommandRunner(processes: CommandProcesses(loop: loop))
        let sleeper = ActionCommand(arguments: [.literal("/bin/sleep"), .literal("1000")], maxRunning: 1)
        for action in [ActionRef(list: "inbox", edge: .trailing, id: "a"), ActionRef(list: "inbox", edge: .leading, id: "a"),
                       ActionRef(list: "done", edge: .trailing, id: "a")] {
            runner.start(sleeper, action: action, itemID: "i", file: 0) { _ in "" }
        }
        runner.start(sleeper, action: ActionRef(list: "inbox", edge: .trailing, id: "a"), itemID: "i", file: 0) { _ in "" }
        XCTAssertEqual(runner.take().map(\.outcome), [.stillRunning], "only the second start of one action is refused")
        XCTAssertEqual(runner.processes?.count, 3)
    }
}
