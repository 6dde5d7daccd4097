// Property test (docs/TESTING.md): ≥ 10,000 random multi-touch streams with random slots,
// cancels, out-of-order ends and extreme (but NaN-free) coordinates. Nothing traps, nothing is
// NaN, at most one row is open at any time, and every row comes to rest after its animations.
import TestSupport
import XCTest
@testable import SwipeCore

final class RandomTouchStreamTests: XCTestCase {
    static let styles: [SwipeExpansionStyle?] = [nil, .selection, .destructive, .destructiveAfterFill, .fill, .fillReverse]
    static let transitions = SwipeTransitionStyle.allCases

    func makeGroup(_ rng: inout SplitMix64) -> SwipeRowGroup {
        let style = Self.styles.randomElement(using: &rng)!
        let transition = Self.transitions.randomElement(using: &rng)!
        let rtl = Bool.random(using: &rng)
        var options = SwipeOptions()
        options.expansionStyle = style
        options.transitionStyle = transition
        options.buttonStyle = Bool.random(using: &rng) ? .background : .circular
        let animations = ButtonTransitionKind.allCases
        let trailing = Fixture.trailing.map { a -> SwipeAction in
            var a = a
            a.transition = animations.randomElement(using: &rng)!
            return a
        }
        return SwipeRowGroup(direction: rtl ? .rightToLeft : .leftToRight) { _ in
            SwipeRowConfiguration(
                leading: Fixture.leading, trailing: trailing, leadingOptions: options, trailingOptions: options,
                direction: rtl ? .rightToLeft : .leftToRight)
        }
    }

    func hit(at p: Point) -> RowHit? {
        guard p.x >= 0, p.x < 390, p.y >= 0, p.y < 640 else { return nil }
        let row = Int(p.y / 64)
        return RowHit(id: "\(row)", frame: Rect(x: 0, y: Double(row) * 64, width: 390, height: 64))
    }

    func randomPoint(_ rng: inout SplitMix64, near: Point?) -> Point {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: return Point(x: Double.random(in: -1e9...1e9, using: &rng), y: Double.random(in: -1e9...1e9, using: &rng))
        case 1: return Point(x: [-Double.greatestFiniteMagnitude, 0, 1e300].randomElement(using: &rng)!, y: 32)
        default:
            guard let near else { return Point(x: .random(in: -20...410, using: &rng), y: .random(in: -20...660, using: &rng)) }
            return Point(x: near.x + .random(in: -120...120, using: &rng), y: near.y + .random(in: -30...30, using: &rng))
        }
    }

    func checkInvariants(_ g: SwipeRowGroup, at time: Instant, seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
        // Every state a finger or a settled swipe holds counts (dragging, expanded, open), not only
        // `open`. A row that is closing, filling (its action committed, awaiting the app's
        // fulfilment) or collapsing may overlap the next swipe (SwipeCellKit 2.3.1, §1.4); at rest
        // every non-idle state counts (below).
        let active = g.rows.filter { ![.idle, .closing, .filling, .removing, .removed].contains($0.value.state) }
        XCTAssertLessThanOrEqual(active.count, 1, "seed \(seed): several rows active: \(active.map { ($0.key, $0.value.state) })",
                                 file: file, line: line)
        for (id, row) in g.rows {
            let snap = row.snapshot(at: time)
            XCTAssertFalse(snap.offset.isNaN || snap.heightFraction.isNaN, "seed \(seed) row \(id): NaN", file: file, line: line)
            for b in snap.buttons {
                XCTAssertFalse(b.strip.minX.isNaN || b.strip.width.isNaN || b.percentVisible.isNaN
                    || b.appearance.scaleX.isNaN || b.appearance.alpha.isNaN, "seed \(seed): NaN button", file: file, line: line)
            }
        }
    }

    func testTenThousandRandomMultiTouchStreams() {
        var rng = SplitMix64(state: 0x5EED)
        for seed in 0..<UInt64(10_000) {
            var local = SplitMix64(state: seed &* 0x2545_F491_4F6C_DD1D &+ rng.next())
            var g = makeGroup(&local)
            var time = Instant.zero
            var down: [Int: Point] = [:]
            let count = Int.random(in: 2...40, using: &local)
            for _ in 0..<count {
                // Mostly forward in time, sometimes out of order.
                time += Duration(seconds: Int.random(in: 0..<10, using: &local) == 0 ? -0.02 : .random(in: 0...0.05, using: &local))
                let slot = Int.random(in: 0..<4, using: &local)
                let phase: TouchPhase
                if let _ = down[slot] {
                    phase = [.moved, .moved, .moved, .ended, .cancelled].randomElement(using: &local)!
                } else {
                    phase = [.began, .began, .ended, .moved].randomElement(using: &local)!
                }
                let point = randomPoint(&local, near: down[slot])
                if phase == .began || phase == .moved { down[slot] = point } else { down[slot] = nil }
                _ = g.handle(TouchEvent(slot: slot, phase: phase, point: point, time: time), hit: hit(at: point))
                _ = g.tick(time: time)
                for (id, effect) in g.takeEffects() {
                    if case .invokeAction = effect, Bool.random(using: &local) {
                        g.fulfill(row: id, with: Bool.random(using: &local) ? .delete : .reset, time: time)
                    }
                }
                checkInvariants(g, at: time, seed: seed)
            }
            // Lift every finger, then let all animations settle; manual fills get reset.
            for slot in down.keys {
                _ = g.handle(TouchEvent(slot: slot, phase: .ended, point: down[slot]!, time: time), hit: nil)
            }
            for step in 1...4 {
                let t = time + .seconds(3 * step)
                _ = g.tick(time: t)
                for (id, _) in g.takeEffects() { g.fulfill(row: id, with: .reset, time: t) }
                for (id, row) in g.rows where row.state == .filling { g.fulfill(row: id, with: .reset, time: t) }
            }
            let end = time + .seconds(20)
            _ = g.tick(time: end)
            checkInvariants(g, at: end, seed: seed)
            for (id, row) in g.rows {
                XCTAssertTrue(row.isAtRest(at: end), "seed \(seed) row \(id) still moving: \(row.state)")
                XCTAssertTrue([.open].contains(row.state), "seed \(seed) row \(id) ended \(row.state)")
            }
            XCTAssertNil(g.nextDeadline(after: end), "seed \(seed): animations left")
            let notIdle = g.rows.filter { $0.value.state != .idle }
            XCTAssertLessThanOrEqual(notIdle.count, 1, "seed \(seed): at rest, several rows not idle: \(notIdle.keys.sorted())")
        }
    }
}
