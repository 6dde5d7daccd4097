// App-level property test (issue 11): seeded random multi-touch streams (several fingers, slow
// and fast, starting anywhere: bar buttons, rows, sheets) played through the whole app by the
// replay runner, over the Styles sheet's combinations, at several screen sizes. After every
// stream and 3 s with every finger lifted: no trap, no NaN or negative frame, at most one row
// not idle, sheet, transition and rows at rest, and the damage-tracked frame equals a full
// redraw. A failure prints the seed and the shortest script that still fails.
// SWIPE_KIOSK_PROPERTY_STREAMS sets the number of streams (default 2,000: about 60 s of CPU in
// a debug build, where Canvas is optimised; more for a longer hunt).
import Foundation
import KioskUI
import TestSupport
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class AppPropertyTests: XCTestCase {
    /// Landscape sizes and the same panels rotated to portrait.
    static let sizes = [(800, 480), (1280, 800), (1920, 1080), (480, 800), (800, 1280), (1080, 1920)]

    /// One finger's gesture.
    struct Gesture: CustomStringConvertible {
        var slot: Int
        var start: Int
        var points: [(x: Int, y: Int)]
        /// Milliseconds between moves (8: fast; up to 60: slow).
        var step: Int
        var hold: Int
        var cancel: Bool

        var end: Int { start + hold + step * (points.count - 1) }

        func lines() -> [(Int, String)] {
            var out = [(start, "down \(slot) \(points[0].x) \(points[0].y)")]
            for (i, p) in points.enumerated().dropFirst() { out.append((start + hold + step * i, "move \(slot) \(p.x) \(p.y)")) }
            out.append((end + 8, cancel ? "cancel \(slot)" : "up \(slot)"))
            return out
        }

        var description: String { lines().map { "at \($0.0) \($0.1)" }.joined(separator: "\n") }
    }

    static func randomGestures(_ rng: inout SplitMix64, width: Int, height: Int) -> [Gesture] {
        var gestures: [Gesture] = []
        var free = [0, 0, 0]
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let slot = Int.random(in: 0..<free.count, using: &rng)
            // One gesture in 16 comes down on its slot while the slot's last finger is still down
            // (a script can say so; the app must end the old touch, not keep it).
            let reused = Int.random(in: 0..<16, using: &rng) == 0 && free[slot] > 0
            let start = reused ? max(0, free[slot] - Int.random(in: 16...300, using: &rng)) : free[slot] + Int.random(in: 0...400, using: &rng)
            var p = (x: Int.random(in: 0..<width, using: &rng), y: Int.random(in: 0..<height, using: &rng))
            var points = [p]
            let kind = Int.random(in: 0..<4, using: &rng)  // tap, long press, horizontal, vertical/any
            let moves = kind < 2 ? 0 : Int.random(in: 1...40, using: &rng)
            let dx = kind == 2 ? Int.random(in: -60...60, using: &rng) : Int.random(in: -20...20, using: &rng)
            let dy = kind == 2 ? Int.random(in: -4...4, using: &rng) : Int.random(in: -40...40, using: &rng)
            for _ in 0..<moves {
                p = (min(max(p.x + dx, 0), width - 1), min(max(p.y + dy, 0), height - 1))
                points.append(p)
            }
            let g = Gesture(
                slot: slot, start: start, points: points, step: [8, 16, 60].randomElement(using: &rng)!,
                hold: kind == 1 ? Int.random(in: 500...900, using: &rng) : Int.random(in: 0...40, using: &rng),
                cancel: Int.random(in: 0..<20, using: &rng) == 0)
            gestures.append(g)
            free[slot] = max(free[slot], g.end + 16)
        }
        return gestures
    }

    /// The script of one stream (times from the stream's start) and how long to play it: until
    /// the last finger lifted plus 3 s.
    static func script(_ gestures: [Gesture]) -> (String, Double) {
        let end = (gestures.map(\.end).max() ?? 0) + 16 + 3000
        let lines = gestures.flatMap { $0.lines() }.enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map { "at \($0.element.0) \($0.element.1)" }
        return (lines.joined(separator: "\n"), Double(end))
    }

    /// The Styles combination of a seed.
    static func styles(_ rng: inout SplitMix64) -> [String: String] {
        var result: [String: String] = [:]
        for setting in StyleOverrides.Setting.allCases { result[setting.rawValue] = setting.values.randomElement(using: &rng)!.name }
        return result
    }

    /// What is wrong after a stream, or nil.
    static func problem(_ o: AppStreamHarness.Outcome) -> String? {
        var frames = o.state.rows.map(\.frame) + (o.state.sheet.map { [$0.frame] } ?? [])
        frames += o.state.rows.flatMap { $0.actions.map(\.frame) }
        for f in frames where f.contains(where: { !$0.isFinite }) || f.count != 4 || f[2] < 0 || f[3] < 0 {
            return "bad frame \(f)"
        }
        let notIdle = o.state.rows.filter { $0.swipeState != "idle" }
        if notIdle.count > 1 { return "rows not idle: \(notIdle.map { "\($0.id) \($0.swipeState)" })" }
        if let row = notIdle.first, row.swipeState != "open" { return "row \(row.id) not at rest: \(row.swipeState)" }
        if let t = o.state.transition { return "transition not at rest: \(t)" }
        if let s = o.state.sheet, s.status != "presented" || o.sheetMoving { return "sheet not at rest: \(s.status) \(s.offset)" }
        if !o.damageMatchesFull { return "the damage-tracked frame differs from a full redraw" }
        return nil
    }

    /// A session: one app (size and Styles from the seed) playing `streams` streams in a row.
    struct Session {
        let seed: UInt64
        let size: (Int, Int)
        let styles: [String: String]
        var streams: [[Gesture]]

        init(seed: UInt64, streams count: Int) {
            self.seed = seed
            var rng = SplitMix64(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x11)
            let size = AppPropertyTests.sizes[Int(seed) % AppPropertyTests.sizes.count]
            self.size = size
            styles = AppPropertyTests.styles(&rng)
            var streams: [[Gesture]] = []
            for _ in 0..<count { streams.append(AppPropertyTests.randomGestures(&rng, width: size.0, height: size.1)) }
            self.streams = streams
        }

        /// Plays the streams; returns the first failing stream's index and problem.
        func run(template: String) throws -> (index: Int, problem: String)? {
            let database = NSTemporaryDirectory() + "property-\(UUID().uuidString).sqlite3"
            try FileManager.default.copyItem(atPath: template, toPath: database)
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) } }
            let harness = try AppStreamHarness(database: database, width: size.0, height: size.1, styles: styles)
            for (i, gestures) in streams.enumerated() {
                let (text, duration) = AppPropertyTests.script(gestures)
                if let problem = AppPropertyTests.problem(try harness.play(text, durationMs: duration)) { return (i, problem) }
            }
            return nil
        }
    }

    static let streamsPerSession = 20

    func testRandomMultiTouchStreamsThroughTheApp() throws {
        let count = ProcessInfo.processInfo.environment["SWIPE_KIOSK_PROPERTY_STREAMS"].flatMap(Int.init) ?? 2000
        let template = try Self.demoDatabase()
        let sessions = (count + Self.streamsPerSession - 1) / Self.streamsPerSession
        var failures = 0
        for seed in 0..<UInt64(sessions) where failures < 3 {
            let session = Session(seed: seed, streams: Self.streamsPerSession)
            guard let failure = try session.run(template: template) else { continue }
            failures += 1
            let shortest = try Self.shrink(session, failing: failure.index, template: template)
            XCTFail("seed \(seed), stream \(failure.index), \(session.size.0)x\(session.size.1), styles \(session.styles): "
                    + "\(failure.problem)\nshortest failing streams (each followed by 3 s at rest):\n"
                    + shortest.streams.map { Self.script($0).0 }.joined(separator: "\n# next stream\n"))
        }
    }

    /// Drops earlier streams, then gestures, then moves, while the session still fails.
    static func shrink(_ session: Session, failing index: Int, template: String) throws -> Session {
        var current = session
        current.streams = Array(session.streams.prefix(index + 1))
        func fails(_ s: Session) throws -> Bool { try s.run(template: template) != nil }
        var i = 0
        while i < current.streams.count - 1 {
            var candidate = current
            candidate.streams.remove(at: i)
            if try fails(candidate) { current = candidate } else { i += 1 }
        }
        for s in current.streams.indices {
            var g = 0
            while g < current.streams[s].count {
                var candidate = current
                candidate.streams[s].remove(at: g)
                if try fails(candidate) { current = candidate } else { g += 1 }
            }
            for g in current.streams[s].indices {
                while current.streams[s][g].points.count > 1 {
                    var candidate = current
                    candidate.streams[s][g].points.removeLast()
                    guard try fails(candidate) else { break }
                    current = candidate
                }
            }
        }
        return current
    }

    /// A database with the demo data, copied for every stream (seeding it each time is slow).
    static func demoDatabase() throws -> String {
        let path = NSTemporaryDirectory() + "property-template-\(UUID().uuidString).sqlite3"
        _ = try AppOptions.parse([]).makeApplication(configuration: .demo, databasePath: path, size: (800, 480))
        return path
    }
}
