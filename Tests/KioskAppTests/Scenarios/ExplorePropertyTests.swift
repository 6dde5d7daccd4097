// Explore by touch, as a property (issue 25): after the start gesture, random touch streams — held and
// sliding fingers, flicks in every direction, single taps, second fingers, anywhere on the
// screen, the navigation bar and the toast area included — never act on an item unless two
// taps come within the double-tap interval, and the replay always finishes. Each stream keeps
// its touches more than the interval apart, so none is a double tap: after it the database file
// is unchanged, nothing is logged, no page is open and no sheet is up.
import Foundation
import TestSupport
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ExplorePropertyTests: XCTestCase {
    /// One random touch script at 1280x800 (times in ms), ending at rest.
    static func script(_ rng: inout SplitMix64, touches: Int) -> String {
        // The start gesture first: a finger held still on the title for 3 s.
        var lines: [(time: Int, line: String)] = [(0, "down 0 640 32"), (3_100, "up 0")], t = 3_600
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
            t += duration + Int((ExploreRecognizer.doubleTapInterval * 1000).rounded()) + Int.random(in: 50...600, using: &rng)
        }
        lines.append((t + 1_000, "end"))
        // In time order (a second finger's down may come after the first's early moves).
        let ordered = lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        return "size 1280x800\n" + ordered.map { "at \($0.element.time) \($0.element.line)\n" }.joined()
    }

    func testRandomTouchesExploringNeverActWithoutADoubleTap() throws {
        for seed in UInt64(1)...4 {
            let dir = try TemporaryDirectory()
            let path = dir.file("items.sqlite3")
            _ = try Scenario("at 0 end\n", database: path)
            let store = try ItemStore(path: path)
            let before = try store.items(ItemQuery(listID: "inbox"), limit: 1_000)
            var rng = SplitMix64(state: seed)
            let script = Self.script(&rng, touches: 60)
            let s = try Scenario(script, database: path)
            let final = try s.state("final")
            let context = "seed \(seed):\n\(script)"
            XCTAssertEqual(try ItemStore(path: path).items(ItemQuery(listID: "inbox"), limit: 1_000), before, context)
            XCTAssertTrue(final.logActions.isEmpty, context)
            XCTAssertEqual(final.stack, ["inbox"], context)
            XCTAssertNil(final.sheet, context)
            XCTAssertGreaterThan((final["speech"] as? [Any])?.count ?? 0, 5, "the touches explored: \(context)")
        }
    }
}
