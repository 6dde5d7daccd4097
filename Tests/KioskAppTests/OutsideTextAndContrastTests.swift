// Outside text in messages and the high-contrast promise, through the real binary (KioskProcess)
// or replay (Scenario), with real SQLite files: every command's log lines spell out controls and
// stay one bounded line (a picture path from the database, `--list`, check-text, check-config's
// summary); the contrast check measures colours as drawn (alpha), at the key the file set, says
// when a pair is the focused row's, and measures swipe buttons, which the high-contrast preset
// recolours where the file left them; Back while a page slides in is not dead. (Found by an
// adversarial review of stop 23's changes; each failed before its fix.)
import Foundation
import XCTest
@testable import KioskApp

final class OutsideTextAndContrastTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "outside-text-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A fresh database (init-db) with one item per (id, image path), inserted by Python's sqlite3
    /// from a JSON file (any scalar, newline and ESC included).
    private func database(images: [(String, String)]) throws -> String {
        let path = directory + "/items.sqlite3"
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path]).status, 0)
        let rows = directory + "/rows.json"
        try JSONSerialization.data(withJSONObject: images.map { [$0.0, $0.1] }).write(to: URL(fileURLWithPath: rows))
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", "import sqlite3, json, sys; c = sqlite3.connect(sys.argv[1]); "
                            + "c.executemany(\"insert into items(id,list_id,title,image) values(?,'inbox','T',?)\", json.load(open(sys.argv[2]))); c.commit()",
                            path, rows]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        return path
    }

    private func replay(database: String) throws -> KioskProcess {
        let script = directory + "/s.touch"
        try "size 800x600\nat 0 state s0.json\nat 2000 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        return try KioskProcess(["replay", script, "--database", database, "--out", directory])
    }

    /// `replay` logs through the escaping handler too (main.swift bootstraps it for every
    /// command): an ESC in an item's image path is spelt out in "picture not shown".
    func testReplayLogLinesSpellOutTerminalControls() throws {
        let db = try database(images: [("a", "/n\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{202E}evil.png")])
        let run = try replay(database: db)
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardError.contains("picture not shown"), run.standardError)
        XCTAssertFalse(run.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E },
                       "raw ESC / U+202E on stderr: \(run.standardError.debugDescription)")
    }

    /// A picture warning is one bounded line: a newline in the path would forge a second log
    /// line, and a 200 KB path made a 200 KB line and entry of the state dump's picture_warnings.
    func testAPictureWarningIsOneBoundedLine() throws {
        let forged = "swipe-kiosk: FORGED line"
        let db = try database(images: [("a", "/nonexistent.png\n" + forged), ("b", "/x/" + String(repeating: "A", count: 200_000) + ".png")])
        let run = try replay(database: db)
        XCTAssertEqual(run.status, 0, run.standardError)
        let lines = run.standardError.split(separator: "\n")
        XCTAssertFalse(lines.contains { $0.hasPrefix(forged) }, "a forged log line: \(lines.map { $0.prefix(120) })")
        XCTAssertLessThan(lines.map(\.utf8.count).max() ?? 0, 8192, "the longest log line")
        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/s0.json"))) as? [String: Any]
        let warnings = dump?["picture_warnings"] as? [String] ?? []
        XCTAssertLessThan(warnings.map(\.unicodeScalars.count).max() ?? 0, 8192, "the longest picture_warnings entry")
    }

    /// `--list` is quoted by scalars: 60,000 combining marks are one Character (`prefix(80)` of
    /// Characters made a 120 KB message), and a newline in it does not start a second line.
    func testAnUnknownListIsQuotedBounded() throws {
        let marks = "a" + String(repeating: "\u{301}", count: 60_000)
        let run = try KioskProcess(["screenshot", "--output", directory + "/x.png", "--list", marks])
        XCTAssertEqual(run.status, 64)
        XCTAssertLessThan(run.standardError.utf8.count, 4096, "the --list message")
        let forged = try KioskProcess(["screenshot", "--output", directory + "/x.png", "--list", "x\nswipe-kiosk: FORGED"])
        XCTAssertEqual(forged.standardError.split(separator: "\n").count, 1, forged.standardError)
    }

    /// check-text prints at most CheckTextCommand's runLines font runs of one text: a title
    /// alternating Latin and emoji was 40,001 lines (1.7 MB).
    func testCheckTextOutputOfOneTitleIsBounded() throws {
        let path = directory + "/ct.sqlite3"
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path]).status, 0)
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        sqlite.arguments = ["-c", "import sqlite3; c=sqlite3.connect('\(path)'); "
                            + "c.execute(\"insert into items(id,list_id,title) values('a','inbox',?)\", ('a\\U0001F600'*20000,)); c.commit()"]
        try sqlite.run()
        sqlite.waitUntilExit()
        let run = try KioskProcess(["check-text", "--database", path])
        XCTAssertLessThan(run.standardOutput.utf8.count, 64 << 10, "check-text output for one 100 KB title: \(run.standardOutput.split(separator: "\n").count) lines")
    }

    private func checkConfig(_ toml: String) throws -> (file: String, warnings: [String]) {
        let config = directory + "/config.toml"
        try toml.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try KioskProcess(["check-config", config])
        XCTAssertEqual(run.status, 0, run.standardError)
        return (config, run.standardError.split(separator: "\n").map(String.init).filter { $0.contains("contrast of") })
    }

    /// The contrast check measures a colour as drawn: 12 % white on the high-contrast preset's
    /// black is about 1.3:1, and an invisible title (#00000000) is 1:1.
    func testContrastIsMeasuredOnTheColourAsDrawn() throws {
        let faint = try checkConfig("[theme]\npreset = \"high-contrast\"\ntitle = \"#FFFFFF20\"\n")
        XCTAssertTrue(faint.warnings.contains { $0.hasPrefix(faint.file + ":3:9: warning: theme: title on row") }, "\(faint.warnings)")
        let invisible = try checkConfig("[theme]\ntitle = \"#00000000\"\n")
        XCTAssertTrue(invisible.warnings.contains { $0.contains("title on row") }, "\(invisible.warnings)")
    }

    /// A contrast warning is placed at the key the file set (only `row`: at row's value) and
    /// names no key `[theme]` lacks (the banner's text on `accent` is not "on_accent").
    func testAContrastWarningPointsAtAKeyTheFileSetAndThatExists() throws {
        let dark = try checkConfig("[theme]\nrow = \"#000000\"\n")
        XCTAssertTrue(dark.warnings.contains { $0.hasPrefix(dark.file + ":2:7:") }, "at row's value: \(dark.warnings)")
        let yellow = try checkConfig("[theme]\naccent = \"#FFFF00\"\n")
        XCTAssertFalse(yellow.warnings.contains { $0.contains("on_accent") }, "names a key [theme] refuses: \(yellow.warnings)")
        XCTAssertTrue(yellow.warnings.allSatisfy { $0.hasPrefix(yellow.file + ":2:10:") }, "at accent's value: \(yellow.warnings)")
    }

    /// Under the high-contrast preset, subtitle #999999 is 7.37:1 on the row's black and 5.88:1
    /// under the keyboard focus's tint: the warning says it is the focused row's.
    func testAWarningAboutTheFocusedRowSaysSo() throws {
        let focused = try checkConfig("[theme]\npreset = \"high-contrast\"\nsubtitle = \"#999999\"\n")
        let onRow = focused.warnings.filter { $0.contains("subtitle on row") }
        XCTAssertFalse(onRow.isEmpty, "\(focused.warnings)")
        XCTAssertTrue(onRow.allSatisfy { $0.contains("focus") }, "\(onRow)")
    }

    /// check-config's summary on standard output spells out controls in list ids: an id
    /// written `"x\u001b]0;PWNED\u0007\u001b[2J\u202eevil"` retitled and cleared the terminal.
    func testCheckConfigsSummarySpellsOutControls() throws {
        let config = directory + "/ids.toml"
        try "[[lists]]\nid = \"x\\u001b]0;PWNED\\u0007\\u001b[2J\\u202eevil\"\ntitle = \"T\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let run = try KioskProcess(["check-config", config])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("1 list ("), run.standardOutput)
        XCTAssertFalse(run.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7 || $0.value == 0x202E },
                       run.standardOutput.debugDescription)
    }

    /// Under the high-contrast preset a swipe button's own `color` / `text_color` are measured:
    /// white on white is reported (the preset's own buttons were 1.7:1 to 3.6:1 before it
    /// recoloured them: ThemeContrastTests).
    func testAnActionsColoursAreMeasuredToo() throws {
        let invisible = try checkConfig("""
            [theme]
            preset = "high-contrast"

            [[lists]]
            id = "inbox"
            title = "Inbox"

            [[lists.trailing.actions]]
            id = "flag"
            title = "Flag"
            icon = "flag"
            color = "#FFFFFF"
            text_color = "#FFFFFF"
            effect = "flag"

            """)
        XCTAssertFalse(invisible.warnings.isEmpty, "white on white under the high-contrast preset: no warning")
    }

    /// Back pressed while a page is still sliding in (100 ms after Enter) goes back once the
    /// page has arrived; it was dropped, the "seems dead" case.
    func testBackDuringThePushIsNotDead() throws {
        let s = try Scenario("""
            size 1280x800
            at 0     key KP6
            at 3000  key KPENTER
            at 3100  key KP0
            at 8000  state after.json
            at 8500  end
            """, config: "[accessibility]\nspeech = \"on\"\n")
        let after = try s.state("after")
        let saidAtBack = (after["speech"] as? [[String: Any]] ?? []).contains { ($0["time_ms"] as? Int) == 3100 }
        XCTAssertEqual(after.stack, ["inbox"], "said at 3.1 s: \(saidAtBack)")
    }
}
