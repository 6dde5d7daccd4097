// Explore by touch, as a property (issue 25): after the start gesture, random touch streams —
// held and sliding fingers, flicks in every direction, single taps, second fingers, anywhere on
// the screen, the navigation bar and the toast area included — never act on an item unless two
// taps come within the double-tap interval, and never crash. Each stream keeps its touches more
// than the interval apart, so none is a double tap: after each the database file is unchanged,
// nothing is logged, no page is open, no sheet is up, and the damage-tracked frame (the focus
// ring moving with the finger) equals a full redraw. Played in-process through ReplaySession.
import Foundation
import TestSupport
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ExplorePropertyTests: XCTestCase {
    /// `touches` random touches at 1280x800 from time 0 (ms), and the time after the last one.
    static func stream(_ rng: inout SplitMix64, touches: Int) -> (script: String, durationMs: Double) {
        var lines: [(time: Int, line: String)] = [], t = 0
        func point() -> (Int, Int) { (Int.random(in: 0..<1280, using: &rng), Int.random(in: 0..<800, using: &rng)) }
        for _ in 0..<touches {
            let (x, y) = point(), kind = Int.random(in: 0..<4, using: &rng)
            let duration = kind == 0 ? Int.random(in: 260...2_000, using: &rng)   // held: explores
                : kind == 1 ? Int.random(in: 40...240, using: &rng)               // a flick or a tap
                : Int.random(in: 20...120, using: &rng)
            lines.append((t, "down 0 \(x) \(y)"))
            // A second finger now and then (it spoils the gesture).
            let second = Int.random(in: 0..<6, using: &rng) == 0
            if second { lines.append((t + 10, "down 1 \(point().0) \(point().1)")) }
            let moves = kind == 2 ? 0 : Int.random(in: 1...8, using: &rng)
            for m in 0..<moves {
                let reach = kind == 1 ? 500 : 120
                let mx = min(1279, max(0, x + Int.random(in: -reach...reach, using: &rng)))
                let my = min(799, max(0, y + Int.random(in: -reach...reach, using: &rng)))
                lines.append((t + duration * (m + 1) / (moves + 1), "move 0 \(mx) \(my)"))
            }
            lines.append((t + duration, "up 0"))
            if second { lines.append((t + duration, "up 1")) }
            // More than the double-tap interval from this lift to the next: no double tap.
            t += duration + Int(ExploreRecognizer.doubleTapInterval.nanoseconds / 1_000_000) + Int.random(in: 50...600, using: &rng)
        }
        // In time order (a second finger's down may come after the first's early moves).
        let ordered = lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        return (ordered.map { "at \($0.element.time) \($0.element.line)\n" }.joined(), Double(t + 500))
    }

    func testRandomTouchesExploringNeverActWithoutADoubleTap() throws {
        let dir = try TemporaryDirectory()
        let template = dir.file("template.sqlite3")
        _ = try Scenario("at 0 end\n", database: template)
        let before = try ItemStore(path: template).items(ItemQuery(listID: "inbox"), limit: 1_000)
        for seed in UInt64(1)...3 {
            let path = dir.file("items-\(seed).sqlite3")
            try FileManager.default.copyItem(atPath: template, toPath: path)
            let harness = try AppStreamHarness(database: path, width: 1280, height: 800, styles: [:])
            // The start gesture: a finger held still on the title for 3 s.
            _ = try harness.play("at 0 down 0 640 32\nat 3100 up 0\n", durationMs: 3_600)
            XCTAssertTrue(harness.app.explore.enabled)
            var rng = SplitMix64(state: seed)
            for i in 0..<6 {
                let (script, duration) = Self.stream(&rng, touches: 10)
                let outcome = try harness.play(script, durationMs: duration)
                let context = "seed \(seed), stream \(i):\n\(script)"
                XCTAssertTrue(outcome.damageMatchesFull, context)
                XCTAssertTrue(harness.app.log.isEmpty, context)
                XCTAssertEqual(harness.app.scene.stack.count, 1, context)
                XCTAssertNil(harness.app.scene.sheet, context)
                XCTAssertEqual(try ItemStore(path: path).items(ItemQuery(listID: "inbox"), limit: 1_000), before, context)
            }
            XCTAssertGreaterThan(harness.app.speech.entries.count, 10, "the touches explored (seed \(seed))")
        }
    }
}
