// What the TOML parser must not be handed is refused before it is (issue 22). Nesting: toml++
// stops nested arrays and inline tables at 256 levels but not dotted keys or table headers, so
// `a.a.a… = 1` with 50,000 parts (100 KiB) crashed `check-config` with signal 11 and 20,000
// parts took minutes; now anything deeper than 32 levels is refused at file:line:column. Table
// headers: a name that does not start with a bare-key character or a quote (`[[[lists]]]`,
// `[éclair]`) failed an assertion inside toml++ (signal 6 in a debug build).
import Foundation
import XCTest
@testable import KioskConfig

final class ConfigPrescanTests: XCTestCase {
    func lines(_ source: String) -> [String] {
        do { _ = try KioskConfiguration.parse(source, file: "k.toml"); return [] } catch { return error.lines }
    }

    static let tooDeep = "the configuration nests deeper than 32 levels (tables, dotted keys, arrays and inline tables together); "
        + "SwipeKiosk reads at most 5"

    func testThirtyTwoLevelsAreAcceptedAndTheThirtyThirdIsRefusedWhereItStarts() {
        let keys = { (n: Int) in Array(repeating: "a", count: n).joined(separator: ".") }
        // Header parts + key parts.
        XCTAssertEqual(lines("[\(keys(31))]\nb = 1\n"), ["k.toml:1:1: unknown key \"a\" at the top level"])
        XCTAssertEqual(lines("[\(keys(32))]\nb = 1\n"), ["k.toml:2:1: \(Self.tooDeep)"])
        XCTAssertEqual(lines("[[\(keys(33))]]\n"), ["k.toml:1:1: \(Self.tooDeep)"])
        // Key parts + arrays: `x` is level 1, each `[` one more.
        XCTAssertEqual(lines("x = " + String(repeating: "[", count: 31) + String(repeating: "]", count: 31)),
                       ["k.toml:1:1: unknown key \"x\" at the top level"])
        XCTAssertEqual(lines("x = [1, [2, " + String(repeating: "[", count: 30) + String(repeating: "]", count: 32)),
                       ["k.toml:1:42: \(Self.tooDeep)"])
        // Inline tables: each key inside one more level (its dotted parts each).
        XCTAssertEqual(lines("x = " + String(repeating: "{a=", count: 31) + "1" + String(repeating: "}", count: 31)),
                       ["k.toml:1:1: unknown key \"x\" at the top level"])
        XCTAssertEqual(lines("x = {b = 1, c = {\(keys(31)) = 1}}"), ["k.toml:1:18: \(Self.tooDeep)"])
    }

    func testBracketsAndDotsInStringsAndCommentsCountForNothing() {
        let source = """
            s = "\(String(repeating: "[", count: 500))" # \(String(repeating: "{", count: 500))
            m = \"\"\"
            \(String(repeating: "a.", count: 100))[[[
            \"\"\"
            l = [ ["]]]]\\"[[[["], # ]]] [[[[
              [1, 2], {a = '[[[[[['} ]

            """
        XCTAssertEqual(lines(source), ["k.toml:1:1: unknown key \"s\" at the top level",
                                       "k.toml:2:1: unknown key \"m\" at the top level",
                                       "k.toml:5:1: unknown key \"l\" at the top level"])
    }

    func testTheShippedExampleIsWellWithinTheLimit() throws {
        let example = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/KioskConfig/Examples/example.toml").path, encoding: .utf8)
        XCTAssertNil(ConfigPrescan.problem(in: example, file: "example.toml"))
    }

    /// What toml++ checks itself keeps toml++'s own message (the header names it cannot start
    /// are refused before it sees them: CheckConfigCommandTests runs those as a child process).
    func testWhatTheParserChecksItselfKeepsItsOwnMessage() {
        XCTAssertEqual(lines("[]\n"), ["k.toml:1:2: Error while parsing table header: tables with blank bare keys are explicitly prohibited"])
        XCTAssertEqual(lines("[\"größe\"]\n[[_a-1]]\n"), ["k.toml:1:1: unknown key \"größe\" at the top level",
                                                       "k.toml:2:1: unknown key \"_a-1\" at the top level"])
    }
}
