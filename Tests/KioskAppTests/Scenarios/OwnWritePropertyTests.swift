// Property test of the app's own actions (issue 26: their re-read of the list moved off the UI
// loop): seeded random sequences of delete (full swipe), archive, flag and read (a button of an
// opened row), and Undo, each started 120 to 900 ms after the last (so often while a row still
// collapses or the list's re-read is on its way), played through the replay runtime over a
// database file (`AppStreamHarness`). Once the list is at rest, the state dump's items (order and
// flags) are the list's rows in the database, the rows on screen are the first of them, the lists
// page's counts are the database's, no row is still moving, and the damage-tracked frame equals
// a full redraw. A failure prints the seed and its steps. SWIPE_KIOSK_OWN_WRITE_RUNS sets the
// number of runs (default 8 of 12 actions).
import Foundation
import KioskUI
import TestSupport
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskStore

final class OwnWritePropertyTests: XCTestCase {
    static let (width, height) = (800, 480)

    /// One action: the touches aimed at what was on screen, and how long until the next.
    struct Step: CustomStringConvertible {
        var name: String
        var script: String
        var ms: Double
        var description: String { "\(name) (\(Int(ms)) ms): " + script.replacingOccurrences(of: "\n", with: "; ") }
    }

    /// Plays one random action on `harness` (whose screen shows `state`); returns what it did.
    static func act(_ harness: AppStreamHarness, _ state: SceneState, _ rng: inout SplitMix64) throws -> (Step, SceneState) {
        let ms = Double(Int.random(in: 120...900, using: &rng))
        let rows = state.rows.filter { $0.frame[3] > 8 && $0.frame[1] >= 64 && $0.frame[1] + $0.frame[3] <= Double(height) - 64 }
        if state.toast != nil, Int.random(in: 0..<4, using: &rng) == 0 {
            // The toast's button: the trailing 30 % of a toast at most 560 px wide, 48 px up.
            let w = min(Double(width) - 32, 560), x = (Double(width) + w) / 2 - w * 0.15
            let step = Step(name: "undo", script: "at 0 tap \(Int(x)) \(height - 48)", ms: ms)
            return (step, try harness.play(step.script, durationMs: ms).state)
        }
        guard let row = rows.randomElement(using: &rng) else {
            return (Step(name: "wait", script: "", ms: ms), try harness.play("", durationMs: ms).state)
        }
        let y = Int(row.frame[1] + row.frame[3] / 2)
        if Int.random(in: 0..<3, using: &rng) == 0 {
            let step = Step(name: "delete \(row.id)", script: "at 0 swipe 0 780 \(y) 20 \(y) 120", ms: ms)
            return (step, try harness.play(step.script, durationMs: ms).state)
        }
        // Open the row's leading (read) or trailing (archive, flag, delete) actions, tap one.
        let leading = Int.random(in: 0..<3, using: &rng) == 0
        let open = leading ? "at 0 swipe 0 30 \(y) 300 \(y) 200" : "at 0 swipe 0 770 \(y) 500 \(y) 200"
        let opened = try harness.play(open, durationMs: 450).state
        guard let shown = opened.rows.first(where: { $0.id == row.id && $0.swipeState == "open" }),
              let button = shown.actions.randomElement(using: &rng) else {
            let step = Step(name: "open \(row.id) (did not open)", script: open, ms: ms)
            return (step, try harness.play("", durationMs: ms).state)
        }
        let tap = "at 0 tap \(Int(button.frame[0] + button.frame[2] / 2)) \(y)"
        let step = Step(name: "\(button.id) \(row.id)", script: open + "\nat 450 " + tap.dropFirst(5), ms: 450 + ms)
        return (step, try harness.play(tap, durationMs: ms).state)
    }

    /// Plays one run; returns the steps and the problem, or nil when the final state held.
    static func run(seed: UInt64, actions: Int, covered: inout [String: Int]) throws -> (steps: [Step], problem: String)? {
        // Not a multiple of SplitMix64's own increment: runs would be shifted copies of one stream.
        var rng = SplitMix64(state: (seed &+ 1) &* 0xD6E8_FEB8_6659_FD93)
        let dir = try TemporaryDirectory()
        let database = try OwnWriteOffLoopTests.database(dir, items: 30, perSection: 3)
        let harness = try AppStreamHarness(
            database: database, width: width, height: height, styles: [:],
            configuration: try KioskConfiguration.parse(OwnWriteOffLoopTests.configuration(listsPage: true), file: "k.toml"))
        var state = try harness.play("at 0 tap 200 100", durationMs: 900).state
        var steps: [Step] = []
        for _ in 0..<actions {
            let (step, after) = try act(harness, state, &rng)
            steps.append(step)
            state = after
        }
        let rest = try harness.play("", durationMs: 1500)
        steps.append(Step(name: "rest", script: "", ms: 1500))
        for entry in harness.app.log { covered[entry.action, default: 0] += 1 }
        return try problem(harness, rest, database: database).map { (steps, $0) }
    }

    /// What differs between the app at rest and the database, if anything.
    static func problem(_ harness: AppStreamHarness, _ rest: AppStreamHarness.Outcome, database: String) throws -> String? {
        let dump = StateDump(app: harness.app, timeMs: Double(harness.app.timeMs), width: width, height: height).object()
        let shown = dump.items.map { item in
            "\(item["id"] as? String ?? "?") " + ((item["flags"] as? [String]) ?? []).sorted().joined(separator: ",")
        }
        let store = try ItemStore(readingOnly: database)
        let stored = try store.db.withStatement(
            "SELECT id, unread, flagged FROM items WHERE list_id = 'inbox' AND archived = 0 AND deleted_at IS NULL ORDER BY sort_key",
            operation: "test") { s throws(StoreError) in
            var rows: [String] = []
            while try s.step() {
                rows.append("\(s.text(0)) " + [s.int64(2) != 0 ? "flagged" : nil, s.int64(1) != 0 ? "unread" : nil]
                    .compactMap { $0 }.joined(separator: ","))
            }
            return rows
        }
        if shown != stored { return "the dump's items are \(shown), the database's \(stored)" }
        let onScreen = rest.state.rows.map(\.id)
        if Array(stored.map { String($0.prefix { $0 != " " }) }.prefix(onScreen.count)) != onScreen {
            return "the rows on screen are \(onScreen), the list's first items \(stored.prefix(onScreen.count))"
        }
        // A row whose button was tapped may stay open (a flag or read leaves its actions shown).
        if let moving = rest.state.rows.first(where: { !["idle", "open"].contains($0.swipeState) }) {
            return "row \(moving.id) is \(moving.swipeState) at rest"
        }
        let archived = try store.db.withStatement(
            "SELECT count(*) FROM items WHERE archived = 1 AND deleted_at IS NULL", operation: "test") { s throws(StoreError) in
            try s.step() ? Int(s.int64(0)) : -1
        }
        let lists = try XCTUnwrap(harness.app.pages[KioskApplication.listsPageID])
        let counts = (0..<lists.data.count).map { lists.data.item(at: $0).subtitle }
        let expected = [stored.count, archived].map { $0 == 1 ? "1 item" : "\($0) items" }
        if counts != expected { return "the lists page says \(counts), the database \(expected)" }
        return rest.damageMatchesFull ? nil : "the damage-tracked frame differs from a full redraw"
    }

    func testRandomActionSequencesEndWithTheScreenAndTheDatabaseInStep() throws {
        let runs = ProcessInfo.processInfo.environment["SWIPE_KIOSK_OWN_WRITE_RUNS"].flatMap(Int.init) ?? 8
        var covered: [String: Int] = [:]
        for seed in 0..<UInt64(runs) {
            guard let failure = try Self.run(seed: seed, actions: 12, covered: &covered) else { continue }
            XCTFail("seed \(seed): \(failure.problem)\nsteps:\n" + failure.steps.map(\.description).joined(separator: "\n"))
            return
        }
        print("own-write runs: \(runs), actions logged: \(covered.sorted { $0.key < $1.key })")
        if runs >= 8 {
            for action in ["delete", "archive", "flag", "read", "undo-delete"] {
                XCTAssertGreaterThan(covered[action] ?? 0, 0, "no run reached \(action): \(covered)")
            }
        }
    }
}
