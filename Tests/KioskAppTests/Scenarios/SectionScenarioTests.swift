// Section headers through `replay`: where headers and the rows under them sit, the header
// pinned under the navigation bar and pushed up by the next one, taps on headers doing
// nothing while rows below them still swipe and open, keyboard focus skipping headers, a
// header collapsing with the last row of its section and growing in with a new section, the
// per-list switch, and the pixels (golden images, left to right and right to left).
// Demo inbox at 1280x800: nav bar 64, headers 28, rows 76. "Today" holds inbox-1…5, "Yesterday"
// inbox-6, 7, 9, 10, 11 (inbox-8 is archived), so in content coordinates Today's header is at 0,
// Yesterday's at 408 (its rows from 436), Earlier's at 816; on screen y = 64 + content − offset.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskConfig

final class SectionScenarioTests: XCTestCase {
    /// Checks the visible headers: titles and (y, height) of each, full width.
    func assertHeaders(_ state: [String: Any], _ expected: [(String, Double, Double)], width: Double = 1280,
                       file: StaticString = #filePath, line: UInt = #line) {
        let headers = state.headerFrames
        XCTAssertEqual(headers.map(\.title), expected.map(\.0), file: file, line: line)
        for (header, (title, y, height)) in zip(headers, expected) {
            XCTAssertEqual(header.frame.count, 4, title, file: file, line: line)
            for (value, want) in zip(header.frame, [0, y, width, height]) {
                XCTAssertEqual(value, want, accuracy: 0.5, "\(title): \(header.frame)", file: file, line: line)
            }
        }
    }

    func testHeadersSitBeforeTheirSectionsAndTheTopOnePinsUntilPushed() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    state top.json
            at 100  down 0 640 700
            at 116  move 0 640 690
            at 150  move 0 640 500
            at 200  move 0 640 305
            at 400  state pushed.json
            at 450  move 0 640 250
            at 650  state pinned.json
            at 900  up 0
            at 1000 end
            """)
        let top = try s.state("top")
        assertHeaders(top, [("Today", 64, 28), ("Yesterday", 472, 28)])
        XCTAssertEqual(top.rowFrame("inbox-1"), [0, 92, 1280, 76], "the first row is under its header")
        XCTAssertEqual(top.rowFrame("inbox-5"), [0, 396, 1280, 76])
        XCTAssertEqual(top.rowFrame("inbox-6"), [0, 500, 1280, 76], "the next section's first row follows its header")
        let sections = Dictionary(uniqueKeysWithValues: top.items.map { ($0["id"] as? String ?? "", $0["section"] as? String) })
        XCTAssertEqual(sections["inbox-1"], "Today")
        XCTAssertEqual(sections["inbox-6"], "Yesterday")
        XCTAssertEqual(sections["inbox-12"], "Earlier")

        // Offset 395 (a held finger: no fling): Yesterday's header, in the flow at 77, pushes
        // the pinned Today header up to 49.
        let pushed = try s.state("pushed")
        assertHeaders(pushed, [("Today", 49, 28), ("Yesterday", 77, 28), ("Earlier", 485, 28)])
        XCTAssertEqual(pushed.rowFrame("inbox-6"), [0, 105, 1280, 76])

        // Offset 450: Yesterday is pinned at the top, over the upper part of its first row.
        let pinned = try s.state("pinned")
        assertHeaders(pinned, [("Yesterday", 64, 28), ("Earlier", 430, 28)])
        XCTAssertEqual(pinned.rowFrame("inbox-6"), [0, 50, 1280, 76])
        XCTAssertNil(pinned.row("inbox-5"), "the last row of Today scrolled away")
    }

    func testTapsOnHeadersDoNothingWhileRowsBelowThemSwipeAndOpen() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    tap 640 486
            at 500  state tapped.json
            at 600  swipe 0 1200 538 900 538 150
            at 1500 state open.json
            at 1600 tap 640 300
            at 2300 down 0 640 700
            at 2316 move 0 640 690
            at 2350 move 0 640 500
            at 2400 move 0 640 250
            at 2800 up 0
            at 3000 tap 640 78
            at 3600 state pinned-tap.json
            at 3700 tap 640 110
            at 4300 state row-tap.json
            at 4400 end
            """)
        let tapped = try s.state("tapped")
        XCTAssertEqual(tapped.stack, ["inbox"], "a tap on a header opens nothing")
        XCTAssertEqual(tapped.logActions, [])
        XCTAssertNil(tapped.sheet)
        XCTAssertTrue(tapped.rows.allSatisfy { ($0["swipe"] as? [String: Any])?["state"] as? String == "idle" })

        let open = try s.state("open")
        XCTAssertEqual(open.swipeState("inbox-6"), "open", "the first row under a header swipes")
        XCTAssertEqual(open.swipeOffset("inbox-6") ?? 0, -222, accuracy: 0.5)
        let delete = try XCTUnwrap(open.actionFrame(row: "inbox-6", action: "delete"))
        for (value, expected) in zip(delete, [1206.0, 500, 74, 76]) { XCTAssertEqual(value, expected, accuracy: 0.5) }
        XCTAssertEqual(open.headerFrames.map(\.title), ["Today", "Yesterday"], "headers do not move with the row")

        // Scrolled by 450: Yesterday's header is pinned over inbox-6 (50…126). A tap on the
        // header does nothing; a tap on the row below the header opens it.
        let pinnedTap = try s.state("pinned-tap")
        assertHeaders(pinnedTap, [("Yesterday", 64, 28), ("Earlier", 430, 28)])
        XCTAssertEqual(pinnedTap.stack, ["inbox"])
        XCTAssertEqual(try s.state("row-tap").stack, ["inbox", "detail:inbox-6"])
    }

    func testKeyboardFocusSkipsHeadersAndClearsThePinnedHeader() throws {
        let downs = (0..<9).map { "at \($0 * 50) key DOWN" }.joined(separator: "\n")
        let ups = (0..<4).map { "at \(1000 + $0 * 50) key UP" }.joined(separator: "\n")
        let s = try Scenario("""
            size 1280x480
            \(downs)
            at 900  state down.json
            \(ups)
            at 2000 state up.json
            at 2100 key ENTER
            at 2800 state opened.json
            at 2900 end
            """)
        // Nine rows down is inbox-10 (headers are no stops): the list scrolled it into view.
        let down = try s.state("down")
        XCTAssertEqual(down.rowFrame("inbox-10")?[1] ?? 0, 480 - 76, accuracy: 0.5, "its bottom at the screen's bottom")
        // Four rows up is inbox-5, the last row of Today: it comes to rest below Today's pinned
        // header, not under it.
        let up = try s.state("up")
        assertHeaders(up, [("Today", 64, 28), ("Yesterday", 168, 28)])
        XCTAssertEqual(up.rowFrame("inbox-5")?[1] ?? 0, 92, accuracy: 0.5)
        XCTAssertEqual(try s.state("opened").stack, ["inbox", "detail:inbox-5"])
    }

    /// The flagged items of the demo inbox: inbox-5 alone in Today, inbox-12 and inbox-19 in
    /// Earlier; a full swipe deletes.
    static let flagged = """
        [[lists]]
        id = "flagged"
        title = "Flagged"
        filter = { source = "inbox", flagged = true }
        [lists.trailing]
        expansion = "destructive"
        [[lists.trailing.actions]]
        id = "delete"
        title = "Delete"
        style = "destructive"
        """

    func testAHeaderCollapsesWithTheLastRowOfItsSection() throws {
        let moves = (1...50).map { "at \($0 * 8) move 0 \(1250 - $0 * 242 / 10) 130" }.joined(separator: "\n")
        let states = stride(from: 1000, through: 1600, by: 50).map { "at \($0) state t\($0).json" }.joined(separator: "\n")
        let s = try Scenario("""
            size 1280x800
            at 0    state before.json
            at 0    down 0 1250 130
            \(moves)
            at 1000 up 0
            \(states)
            at 2500 state after.json
            at 2600 end
            """, config: Self.flagged)
        assertHeaders(try s.state("before"), [("Today", 64, 28), ("Earlier", 168, 28)])
        var midway = 0
        for ms in stride(from: 1000, through: 1600, by: 50) {
            let state = try s.state("t\(ms)")
            guard let row = state.rowFrame("inbox-5"), row[3] > 0, row[3] < 76 else { continue }
            midway += 1
            // The header is as tall as its collapsing row allows, and the next section follows both.
            let headers = state.headerFrames
            XCTAssertEqual(headers.map(\.title), ["Today", "Earlier"], "\(ms) ms")
            XCTAssertEqual(headers[0].frame[3] / 28, row[3] / 76, accuracy: 0.001, "\(ms) ms")
            XCTAssertEqual(row[1], 64 + headers[0].frame[3], accuracy: 0.001, "\(ms) ms")
            XCTAssertEqual(headers[1].frame[1], row[1] + row[3], accuracy: 0.001, "\(ms) ms")
            XCTAssertEqual(state.rowFrame("inbox-12")?[1] ?? 0, headers[1].frame[1] + 28, accuracy: 0.001, "\(ms) ms")
        }
        XCTAssertGreaterThan(midway, 1, "the collapse was seen")
        let after = try s.state("after")
        XCTAssertEqual(after.logActions, ["delete"])
        assertHeaders(after, [("Earlier", 64, 28)])
        XCTAssertEqual(after.rowFrame("inbox-12"), [0, 92, 1280, 76])
    }

    func testANewSectionGrowsInWithItsFirstRow() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sections-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("items.sqlite3").path
        let app = try AppOptions.parse([]).makeApplication(
            configuration: .demo, databasePath: path, size: (width: 1280, height: 800))
        var ms = 0.0
        func run(until end: Double) { while ms <= end { app.tick(time: ReplaySession.instant(ms: ms)); ms += 1000.0 / 60 } }
        func state() -> [String: Any] { StateDump(app: app, timeMs: ms, width: 1280, height: 800).object() }
        run(until: 300)
        try ItemStore(path: path).insert([ItemRecord(
            id: "pinned-1", listID: "inbox", title: "Pinned by another process", section: "Pinned", sortKey: -1,
            updatedAt: AppOptions.headlessEpoch + 1_000)])
        let inserted = ms
        while state().rowFrame("pinned-1") == nil, ms < inserted + 1000 { run(until: ms) }
        let growing = state()
        let row = try XCTUnwrap(growing.rowFrame("pinned-1"), "the insert shows within a second")
        XCTAssertLessThan(row[3], 76, "the new row grows in")
        let headers = growing.headerFrames
        XCTAssertEqual(headers.map(\.title).prefix(2), ["Pinned", "Today"])
        XCTAssertEqual(headers[0].frame[3] / 28, row[3] / 76, accuracy: 0.001, "and its header with it")
        XCTAssertEqual(headers[1].frame[1], row[1] + row[3], accuracy: 0.001)
        run(until: ms + 400)
        let grown = state()
        assertHeaders(grown, [("Pinned", 64, 28), ("Today", 168, 28), ("Yesterday", 576, 28)])
        XCTAssertEqual(grown.rowFrame("pinned-1"), [0, 92, 1280, 76])
    }

    func testSectionHeadersCanBeTurnedOffPerList() throws {
        let s = try Scenario("""
            size 1280x800
            at 0    state plain.json
            at 100  end
            """, config: "[[lists]]\nid = \"inbox\"\ntitle = \"Inbox\"\nsection_headers = false\n")
        let plain = try s.state("plain")
        XCTAssertEqual(plain.headers.count, 0)
        XCTAssertEqual(plain.rowFrame("inbox-1"), [0, 64, 1280, 76])
        XCTAssertEqual(plain.rowFrame("inbox-6"), [0, Double(64 + 5 * 76), 1280, 76], "sections follow each other")
        XCTAssertEqual(plain.items.first?["section"] as? String, "Today", "the items keep their sections")
    }

    /// Mid-push pictures: the pinned header half pushed out by the next section's header.
    func testPinnedHeadersLookRightInBothDirections() throws {
        /// Scrolls by `offset` in two held drags (released at rest: no fling).
        func push(by offset: Int, name: String) -> String {
            """
            size 800x480
            at 0    down 0 400 440
            at 16   move 0 400 430
            at 100  move 0 400 140
            at 400  up 0
            at 500  down 0 400 440
            at 516  move 0 400 430
            at 600  move 0 400 \(440 - (offset - 300))
            at 800  screenshot \(name).png
            at 800  state \(name).json
            at 900  end
            """
        }
        let ltr = try Scenario(push(by: 394, name: "sections"))
        assertHeaders(try ltr.state("sections"), [("Today", 50, 28), ("Yesterday", 78, 28)], width: 800)
        try ltr.checkGolden("sections")
        // Right to left: the Hebrew section (six rows, so the Arabic header is at 484) is pushed
        // by the Arabic one; labels are on the right.
        let rtl = try Scenario(push(by: 470, name: "sections-rtl"), config: "direction = \"rtl\"\n")
        assertHeaders(try rtl.state("sections-rtl"), [("עברית", 50, 28), ("العربية", 78, 28)], width: 800)
        try rtl.checkGolden("sections-rtl")
    }
}
