// Command actions through `replay`, with real processes (shell scripts this test writes): item
// data reaches argv only through a placeholder and never as an option or a path, commands run
// only with `--run-commands`, 300 taps on a slow command start no more than `max_running`, and a
// command that ignores SIGTERM and forks is killed with its process group at `timeout_s`.
// (issues 22 and 28; the configuration checks are in CommandConfigurationTests.)
import Foundation
@testable import KioskStore
import XCTest

final class CommandActionScenarioTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("commands-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// An executable shell script `name` with `body`; returns its absolute path.
    func script(_ name: String, _ body: String) throws -> String {
        try "#!/bin/sh\n\(body)\n".write(toFile: path(name), atomically: true, encoding: .utf8)
        chmod(path(name), 0o755)
        return path(name)
    }

    /// Writes its argument count, then each argument, one a line, to argv.txt.
    func recorder() throws -> String { try script("record", "printf '%s\\n' \"$#\" \"$@\" >> '\(path("argv.txt"))'") }

    /// One list whose rows have one trailing action, `print`, running `command` (a TOML array).
    static func config(command: String, extra: String = "") -> String {
        """
        [[lists]]
        id = "inbox"
        title = "Inbox"
        [lists.trailing]
        expansion = "none"
        [[lists.trailing.actions]]
        id = "print"
        title = "Print"
        effect = "command"
        command = \(command)
        \(extra)
        """
    }

    /// A database of items with these ids, top to bottom.
    func database(_ ids: [String]) throws -> String {
        let file = path("items.sqlite3")
        try ItemStore(path: file).insert(ids.enumerated().map { i, id in
            ItemRecord(id: ItemID(id), listID: "inbox", title: "Item \(i + 1)", unread: false, sortKey: Int64(i), updatedAt: 1)
        })
        return file
    }

    /// Script lines opening row `row` (0-based; 76 px rows from y 92 at 800x480) at `time`
    /// and returning where its Print button is (found by a first replay).
    func openRow(_ row: Int, config: String, database: String) throws -> (y: Int, buttonX: Int) {
        let y = rowY(row)
        let probe = try Scenario("size 800x480\nat 0 swipe 0 760 \(y) 400 \(y) 250\nat 1000 state open.json\nat 1000 end\n",
                                 config: config, database: database)
        let state = try probe.state("open")
        let id = try XCTUnwrap(state.rows.first { ($0["frame"] as? [Double]).map { Int($0[1]) < y && y < Int($0[1] + $0[3]) } ?? false }?["id"] as? String,
                               "no row at y \(y): \(state.rows)")
        let frame = try XCTUnwrap(state.actionFrame(row: id, action: "print"), "row \(row) did not open: \(state.rows)")
        return (y, Int(frame[0] + frame[2] / 2))
    }

    func rowY(_ row: Int) -> Int { 130 + 76 * row }

    func lines(_ name: String) -> [String] {
        ((try? String(contentsOfFile: path(name), encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    func testItemIDsReachArgvOnlyThroughAPlaceholderAndNeverAsOptionsOrPaths() throws {
        let db = try database(["-x", "/etc/passwd", "ok-1"])
        let config = Self.config(command: "[\"\(try recorder())\", \"--\", \"{item.id}\"]")
        var steps = "size 800x480\n"
        for row in 0..<3 {
            let (y, x) = try openRow(row, config: config, database: db)
            steps += "at \(row * 3000) swipe 0 760 \(y) 400 \(y) 250\nat \(row * 3000 + 1000) tap \(x) \(y)\n"
        }
        let s = try Scenario(steps + "at 9000 state a.json\nat 9000 end\n", config: config, database: db, arguments: ["--run-commands"])
        XCTAssertEqual(lines("argv.txt"), ["2", "--", "ok-1"], "only the id that is neither an option nor a path, where the placeholder is")
        let log = try s.state("a").logActions
        XCTAssertEqual(log, ["print", "print-refused", "print", "print-refused", "print", "print-done"])

        // Without a placeholder no item data is in argv at all (it used to be appended).
        try FileManager.default.removeItem(atPath: path("argv.txt"))
        let plain = Self.config(command: "[\"\(try recorder())\", \"-d\", \"kiosk\"]")
        let (y, x) = try openRow(0, config: plain, database: db)
        _ = try Scenario("size 800x480\nat 0 swipe 0 760 \(y) 400 \(y) 250\nat 1000 tap \(x) \(y)\nat 4000 end\n",
                         config: plain, database: db, arguments: ["--run-commands"])
        XCTAssertEqual(lines("argv.txt"), ["2", "-d", "kiosk"])
    }

    /// A placeholder gets the item's field as stored, not the row's text (cut at 1,024
    /// characters, and at a NUL, for the screen): a longer value, one with a NUL or one whose
    /// bytes are not UTF-8 is refused, visibly and in the log, never passed cut or changed.
    func testPlaceholdersGetTheStoredTitleAndALongerOneIsRefusedNotCut() throws {
        let file = path("items.sqlite3")
        let fits = String(repeating: "B", count: 1024)
        let store = try ItemStore(path: file)
        try store.insert([
            ItemRecord(id: "long", listID: "inbox", title: String(repeating: "L", count: 5000), unread: false, sortKey: 0, updatedAt: 1),
            ItemRecord(id: "nul", listID: "inbox", title: "Round\u{0}two", unread: false, sortKey: 1, updatedAt: 1),
            ItemRecord(id: "fits", listID: "inbox", title: fits, unread: false, sortKey: 2, updatedAt: 1),
            ItemRecord(id: "bytes", listID: "inbox", title: "", unread: false, sortKey: 3, updatedAt: 1),
        ])
        // Another program's bytes that are not UTF-8 ("R", 0xFF, "o"): the row shows U+FFFD for 0xFF.
        try store.db.execute("UPDATE items SET title = CAST(X'52FF6F' AS TEXT) WHERE id = 'bytes'", operation: "test")
        let config = Self.config(command: "[\"\(try recorder())\", \"{item.title}\"]")
        var steps = "size 800x480\n"
        for row in 0..<4 {
            let (y, x) = try openRow(row, config: config, database: file)
            steps += "at \(row * 3000) swipe 0 760 \(y) 400 \(y) 250\nat \(row * 3000 + 1000) tap \(x) \(y)\n"
        }
        let s = try Scenario(steps + "at 12000 state a.json\nat 12000 end\n", config: config, database: file, arguments: ["--run-commands"])
        XCTAssertEqual(lines("argv.txt"), ["1", fits], "only the title that fits, whole")
        XCTAssertEqual(try s.state("a").logActions,
                       ["print", "print-refused", "print", "print-refused", "print", "print-done", "print", "print-refused"])
        let refusals = try ItemStore(readingOnly: file).actionLog(after: 0, limit: 100).filter { $0.action == "print-refused" }
        XCTAssertEqual(refusals.map(\.itemID), ["long", "nul", "bytes"])
        XCTAssertEqual(refusals.map(\.detail), ["print not run: the item's title is longer than 1024 bytes",
                                                "print not run: the item's title contains a control character",
                                                "print not run: the item's title is not UTF-8 text"])

        // Without the title in argv it is still in the environment, which cannot carry it whole.
        try FileManager.default.removeItem(atPath: path("argv.txt"))
        let byID = Self.config(command: "[\"\(try recorder())\", \"{item.id}\"]")
        let (y, x) = try openRow(0, config: byID, database: file)
        let other = try Scenario("size 800x480\nat 0 swipe 0 760 \(y) 400 \(y) 250\nat 1000 tap \(x) \(y)\nat 4000 state b.json\nat 4000 end\n",
                                 config: byID, database: file, arguments: ["--run-commands"])
        XCTAssertEqual(try other.state("b").logActions, ["print", "print-refused"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("argv.txt")), "ran with a cut SWIPE_KIOSK_ITEM_TITLE")
    }

    func testReplayRunsCommandsOnlyWithRunCommands() throws {
        let db = try database(["a-1", "a-2"])
        let config = Self.config(command: "[\"\(try recorder())\", \"{item.id}\"]")
        let (y, x) = try openRow(0, config: config, database: db)
        let steps = "size 800x480\nat 0 swipe 0 760 \(y) 400 \(y) 250\nat 1000 tap \(x) \(y)\nat 4000 state a.json\nat 4000 end\n"
        let skipped = try Scenario(steps, config: config, database: db)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("argv.txt")), "a replay ran the command without --run-commands")
        XCTAssertEqual(try skipped.state("a").logActions, ["print", "print-skipped"])
        let ran = try Scenario(steps, config: config, database: db, arguments: ["--run-commands"])
        XCTAssertEqual(lines("argv.txt"), ["1", "a-1"])
        XCTAssertEqual(try ran.state("a").logActions, ["print", "print-done"])
    }

    func testThreeHundredTapsOnASlowCommandStartAtMostMaxRunning() throws {
        let db = try database(["a-1", "a-2"])
        let slow = try script("slow", "echo $$ >> '\(path("started.txt"))'\nexec sleep 1000 >/dev/null 2>&1")
        let config = Self.config(command: "[\"\(slow)\"]", extra: "max_running = 2")
        let (y, x) = try openRow(0, config: config, database: db)
        var steps = "size 800x480\nat 0 swipe 0 760 \(y) 400 \(y) 250\n"
        for i in 0..<300 { steps += "at \(1000 + i * 12) down 1 \(x) \(y)\nat \(1000 + i * 12 + 5) up 1\n" }
        let s = try Scenario(steps + "at 5000 state a.json\nat 5000 end\n", config: config, database: db, arguments: ["--run-commands"])
        let log = try s.state("a").logActions
        XCTAssertEqual(log.filter { $0 == "print" }.count, 300, "\(log.prefix(10))")
        XCTAssertEqual(log.filter { $0 == "print-busy" }.count, 298)
        let started = lines("started.txt").compactMap { Int32($0) }
        defer { started.forEach { kill($0, SIGKILL) } }  // when the test fails
        XCTAssertEqual(started.count, 2)
        // The end of the replay kills what is still running, and logs it: a start with no end
        // in the action log would read as a command that never finished.
        for pid in started { XCTAssertTrue(Self.isGone(pid), "command \(pid) outlived the replay") }
        XCTAssertEqual(try s.state("final").logActions.filter { $0 == "print-stopped" }.count, 2, "the two still running at the end")
    }

    func testATimeoutKillsTheProcessGroupOfACommandThatIgnoresSIGTERM() throws {
        let db = try database(["a-1"])
        let stubborn = try script("stubborn", """
            trap '' TERM
            sleep 1000 >/dev/null 2>&1 &
            echo $! > '\(path("child.pid"))'
            echo $$ > '\(path("leader.pid"))'
            while :; do wait; done
            """)
        let config = Self.config(command: "[\"\(stubborn)\"]", extra: "timeout_s = 0.5")
        let (y, x) = try openRow(0, config: config, database: db)
        // Tap at 1 s: SIGTERM (ignored) at 1.5 s, SIGKILL to the group at 3.5 s.
        let s = try Scenario("size 800x480\nat 0 swipe 0 760 \(y) 400 \(y) 250\nat 1000 tap \(x) \(y)\n"
                             + "at 3000 state before.json\nat 6000 state a.json\nat 6000 end\n",
                             config: config, database: db, arguments: ["--run-commands"])
        XCTAssertEqual(try s.state("before").logActions, ["print"], "still running within the grace period")
        XCTAssertEqual(try s.state("a").logActions, ["print", "print-timeout"])
        let child = try XCTUnwrap(Int32(lines("child.pid").first ?? ""))
        defer { kill(child, SIGKILL) }  // when the test fails
        XCTAssertTrue(Self.isGone(child), "the command's child survived the timeout")
    }

    /// True once `pid` no longer runs (gone, or a zombie nobody reaped yet), waiting up to ~5 s
    /// for the kernel to finish a SIGKILL.
    static func isGone(_ pid: Int32) -> Bool {
        for _ in 0..<500 {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            if stat.isEmpty || stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return true }
            usleep(10_000)
        }
        return false
    }
}
