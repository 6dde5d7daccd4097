// Pins gesture arbitration (docs/BEHAVIOUR.md "Touches" §1.4, §11.1) and the list-wide rules of the row
// group: one row dragging, one row open, touches elsewhere and scrolling close it (§11.7).
import XCTest
@testable import SwipeCore

final class GestureAndGroupTests: XCTestCase {
    func testSlopAxisEdgeAndLongPress() {
        var a = GestureArbiter(start: Point(x: 100, y: 100), time: 0, screenWidth: 800)
        XCTAssertEqual(a.move(to: Point(x: 105, y: 105), time: 0.01), .undecided, "7.07 px < 8")
        XCTAssertEqual(a.move(to: Point(x: 106, y: 106), time: 0.02), .horizontal, "ties go horizontal")
        var v = GestureArbiter(start: Point(x: 100, y: 100), time: 0, screenWidth: 800)
        XCTAssertEqual(v.move(to: Point(x: 103, y: 109), time: 0.01), .vertical)
        var scaled = GestureArbiter(start: .zero, time: 0, screenWidth: 800, thresholds: .scaled(2))
        XCTAssertEqual(scaled.move(to: Point(x: 15, y: 0), time: 0.01), .undecided, "slop 16 at scale 2")
        var edge = GestureArbiter(start: Point(x: 10, y: 300), time: 0, screenWidth: 800)
        XCTAssertEqual(edge.move(to: Point(x: 30, y: 300), time: 0.01), .edgeSwipe)
        var rtlEdge = GestureArbiter(start: Point(x: 790, y: 300), time: 0, screenWidth: 800, edgeOnRight: true)
        XCTAssertEqual(rtlEdge.move(to: Point(x: 770, y: 300), time: 0.01), .edgeSwipe)
        var press = GestureArbiter(start: .zero, time: 0, screenWidth: 800)
        press.move(to: Point(x: 5, y: 5), time: 0.3)
        XCTAssertEqual(press.checkLongPress(time: 0.49), .undecided)
        XCTAssertEqual(press.checkLongPress(time: 0.5), .longPress)
        var wobble = GestureArbiter(start: .zero, time: 0, screenWidth: 800, thresholds: GestureThresholds())
        wobble.move(to: Point(x: 0, y: 7.9), time: 0.1)
        wobble.move(to: Point(x: 0, y: 0), time: 0.2)
        XCTAssertTrue(wobble.isTap)
    }

    func group() -> SwipeRowGroup {
        SwipeRowGroup { _ in
            SwipeRowConfiguration(leading: Fixture.leading, trailing: Fixture.trailing)
        }
    }

    func hit(_ row: Int) -> RowHit { RowHit(id: "\(row)", frame: Rect(x: 0, y: Double(row) * 64, width: 390, height: 64)) }

    func swipe(_ g: inout SwipeRowGroup, row: Int, dx: Double, slot: Int = 0, at t0: Instant) -> Instant {
        let y = Double(row) * 64 + 32
        _ = g.handle(TouchEvent(slot: slot, phase: .began, point: Point(x: 300, y: y), time: t0), hit: hit(row))
        var t = t0
        for i in 1...20 {
            t += .milliseconds(8)
            _ = g.handle(TouchEvent(slot: slot, phase: .moved, point: Point(x: 300 + dx * Double(i) / 20, y: y), time: t), hit: hit(row))
        }
        _ = g.handle(TouchEvent(slot: slot, phase: .ended, point: Point(x: 300 + dx, y: y), time: t), hit: hit(row))
        return t
    }

    func testOnlyOneRowOpensAndATouchElsewhereClosesIt() {
        var g = group()
        var t = swipe(&g, row: 1, dx: -250, at: 0)
        _ = g.tick(time: t + .seconds(1))
        XCTAssertEqual(g.openRows, ["1"])
        t = swipe(&g, row: 3, dx: -250, at: t + .seconds(1))
        _ = g.tick(time: t + .milliseconds(10))
        XCTAssertEqual(g.openRows, ["3"], "opening row 3 closed row 1")
        // A tap elsewhere closes the open row and is not delivered as a tap.
        let routes = g.handle(TouchEvent(slot: 0, phase: .began, point: Point(x: 100, y: 10), time: t + .seconds(1)), hit: hit(0))
            + g.handle(TouchEvent(slot: 0, phase: .ended, point: Point(x: 100, y: 10), time: t + .milliseconds(1050)), hit: hit(0))
        XCTAssertEqual(routes, [])
        XCTAssertEqual(g.openRows, [])
        _ = g.tick(time: t + .seconds(2))
        XCTAssertTrue(g.rows.isEmpty, "closed rows drop their controllers")
    }

    func testSecondFingerCannotDragASecondRowAndScrollingClosesRows() {
        var g = group()
        _ = g.handle(TouchEvent(slot: 0, phase: .began, point: Point(x: 300, y: 96), time: 0), hit: hit(1))
        _ = g.handle(TouchEvent(slot: 0, phase: .moved, point: Point(x: 250, y: 96), time: 0.02), hit: hit(1))
        _ = g.handle(TouchEvent(slot: 1, phase: .began, point: Point(x: 300, y: 224), time: 0.03), hit: hit(3))
        _ = g.handle(TouchEvent(slot: 1, phase: .moved, point: Point(x: 200, y: 224), time: 0.05), hit: hit(3))
        XCTAssertEqual(g.rows.keys.sorted(), ["1"], "single-swipe guard")
        _ = g.handle(TouchEvent(slot: 0, phase: .moved, point: Point(x: 100, y: 96), time: 0.06), hit: hit(1))
        _ = g.handle(TouchEvent(slot: 0, phase: .ended, point: Point(x: 100, y: 96), time: 0.07), hit: hit(1))
        _ = g.tick(time: 1)
        XCTAssertEqual(g.openRows, ["1"])
        let routes = g.handle(TouchEvent(slot: 2, phase: .began, point: Point(x: 200, y: 400), time: 2), hit: hit(6))
            + g.handle(TouchEvent(slot: 2, phase: .moved, point: Point(x: 200, y: 300), time: 2.02), hit: hit(6))
        XCTAssertEqual(routes.first, .scrollBegan(slot: 2))
        XCTAssertEqual(g.openRows, [], "scrolling closed the row")
    }

    func testTapsOnOpenRowsAndButtonsAndLongPress() {
        var g = group()
        let t = swipe(&g, row: 1, dx: -250, at: 0)
        _ = g.tick(time: t + .seconds(1))
        // Tap the "delete" strip (the outermost, at the right edge).
        _ = g.handle(TouchEvent(slot: 0, phase: .began, point: Point(x: 380, y: 96), time: 2), hit: hit(1))
        _ = g.handle(TouchEvent(slot: 0, phase: .ended, point: Point(x: 380, y: 96), time: 2.05), hit: hit(1))
        XCTAssertEqual(g.takeEffects().map(\.effect), [.invokeAction(id: "delete", side: .right), .haptic(.action)])
        // Tapping the open row's content closes it.
        _ = g.handle(TouchEvent(slot: 0, phase: .began, point: Point(x: 50, y: 96), time: 3), hit: hit(1))
        _ = g.handle(TouchEvent(slot: 0, phase: .ended, point: Point(x: 50, y: 96), time: 3.05), hit: hit(1))
        XCTAssertEqual(g.openRows, [])
        // A tap on a closed row is routed to the UI; a held finger becomes a long press.
        let tap = g.handle(TouchEvent(slot: 0, phase: .began, point: Point(x: 50, y: 160), time: 5), hit: hit(2))
            + g.handle(TouchEvent(slot: 0, phase: .ended, point: Point(x: 50, y: 160), time: 5.05), hit: hit(2))
        XCTAssertEqual(tap, [.tap(rowID: "2", point: Point(x: 50, y: 160))])
        _ = g.handle(TouchEvent(slot: 0, phase: .began, point: Point(x: 50, y: 160), time: 6), hit: hit(2))
        XCTAssertEqual(g.nextDeadline(after: 6), 6.5)
        XCTAssertEqual(g.tick(time: 6.5), [.longPress(rowID: "2", point: Point(x: 50, y: 160))])
        XCTAssertTrue(g.takeEffects().contains { $0.effect == .haptic(.longPress) })
    }
}
