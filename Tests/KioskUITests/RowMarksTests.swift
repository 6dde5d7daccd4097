// A list page's per-row marks (RowMarks) at explicit times: a collapse takes 0.3 s and ends as a
// removal, a restored row grows back in over 0.3 s, a tint fades over 0.6 s, a row's height is
// the smaller of its collapse and its growth, and new data forgets the removals of items that
// left and every animation that has ended, so months of outside inserts into a page nobody
// looks at leave nothing behind. Random sequences of operations at increasing times agree with
// a model of four parallel collections (what ListPage kept before RowMarks).
import SwipeCore
import TestSupport
import XCTest
@testable import KioskUI

final class RowMarksTests: XCTestCase {
    func testACollapseEndsAsARemovalAtItsEnd() {
        var marks = RowMarks()
        XCTAssertTrue(marks.startCollapse("a", at: 10))
        XCTAssertFalse(marks.startCollapse("a", at: 10.1), "a collapse is not started twice")
        XCTAssertTrue(marks.isCollapsing("a"))
        XCTAssertFalse(marks.isRemoved("a"))
        XCTAssertEqual(marks.heightFraction(of: "a", at: 10), 1)
        XCTAssertEqual(marks.heightFraction(of: "a", at: 10.15)!, 0.5, accuracy: 1e-6)
        XCTAssertEqual(marks.heightFraction(of: "a", at: 10 + .milliseconds(300)), 0)
        XCTAssertEqual(marks.earliestEnd, 10 + .milliseconds(300))
        XCTAssertEqual(marks.advance(to: 10.299), [])
        XCTAssertTrue(marks.isCollapsing("a"))
        XCTAssertEqual(marks.advance(to: 10 + .milliseconds(300)), ["a"])
        XCTAssertEqual(marks.advance(to: 10.4), [], "reported once")
        XCTAssertTrue(marks.isRemoved("a"))
        XCTAssertFalse(marks.isCollapsing("a"))
        XCTAssertNil(marks.heightFraction(of: "a", at: 10 + .milliseconds(300)))
        XCTAssertNil(marks.earliestEnd)
        XCTAssertFalse(marks.startCollapse("a", at: 11), "a row that left does not collapse again")
        XCTAssertEqual(marks.count, 1)
    }

    func testARestoredRowGrowsBackIn() {
        var marks = RowMarks()
        XCTAssertFalse(marks.restore("a", at: 1), "a row that did not leave is not restored")
        XCTAssertEqual(marks.count, 0)
        marks.markRemoved("a")
        XCTAssertEqual(marks.leaving, ["a"])
        XCTAssertTrue(marks.restore("a", at: 5))
        XCTAssertFalse(marks.isRemoved("a"))
        XCTAssertEqual(marks.leaving, [])
        XCTAssertEqual(marks.heightFraction(of: "a", at: 5), 0)
        XCTAssertEqual(marks.heightFraction(of: "a", at: 5 + .milliseconds(300)), 1)
        XCTAssertEqual(marks.earliestEnd, 5 + .milliseconds(300))
        // A collapse taken back half-way: the row grows from nothing, as an inserted row does.
        marks.startCollapse("b", at: 7)
        XCTAssertTrue(marks.restore("b", at: 7.15))
        XCTAssertFalse(marks.isCollapsing("b"))
        XCTAssertEqual(marks.heightFraction(of: "b", at: 7.15), 0)
        XCTAssertEqual(marks.advance(to: 8), [], "a restored collapse never ends as a removal")
        XCTAssertEqual(marks.count, 0)
    }

    func testATintFadesOverSixTenthsOfASecond() {
        var marks = RowMarks()
        marks.flash("a", at: 2)
        XCTAssertEqual(marks.flash(of: "a", at: 2), 1)
        XCTAssertEqual(marks.flash(of: "a", at: 2 + .milliseconds(600)), 0)
        XCTAssertNil(marks.heightFraction(of: "a", at: 2.3), "a tint does not change the height")
        XCTAssertEqual(marks.earliestEnd, 2 + .milliseconds(600))
        _ = marks.advance(to: 2.599)
        XCTAssertNotNil(marks.flash(of: "a", at: 2.599))
        marks.flash("a", at: 2.5)
        XCTAssertEqual(marks.flash(of: "a", at: 2.5), 1, "a second change tints from full again")
        _ = marks.advance(to: 3.1)
        XCTAssertNil(marks.flash(of: "a", at: 3.1))
        XCTAssertEqual(marks.count, 0)
    }

    func testAHeightIsTheSmallerOfCollapseAndGrowth() {
        var marks = RowMarks()
        marks.arrive("a", at: 0)
        marks.startCollapse("a", at: 0.2)
        let grown = marks.heightFraction(of: "a", at: 0.25)!, collapsing = marks.heightFraction(of: "a", at: 0.45)!
        XCTAssertEqual(grown, CubicBezier.easeInOut.value(at: 0.25 / 0.3), accuracy: 1e-12)
        XCTAssertEqual(collapsing, 1 - CubicBezier.easeInOut.value(at: 0.25 / 0.3), accuracy: 1e-12)
        XCTAssertLessThan(collapsing, 1)
        XCTAssertEqual(marks.earliestEnd, 0 + .milliseconds(300), "the growth ends first")
        XCTAssertEqual(marks.advance(to: 0 + .milliseconds(300)), [])
        XCTAssertEqual(marks.advance(to: 0.2 + .milliseconds(300)), ["a"])
    }

    func testNewDataForgetsWhatLeftAndWhatEnded() {
        var marks = RowMarks()
        marks.markRemoved("kept")
        marks.markRemoved("gone")
        marks.arrive("grown", at: 0)
        marks.flash("faded", at: 0)
        marks.flash("fading", at: 0.5)
        marks.startCollapse("collapsed", at: 0)
        marks.dataReplaced(holding: { $0 != "gone" }, at: 1)
        XCTAssertTrue(marks.isRemoved("kept"))
        XCTAssertFalse(marks.isRemoved("gone"))
        XCTAssertNil(marks.heightFraction(of: "grown", at: 0.1))
        XCTAssertNil(marks.flash(of: "faded", at: 0.1))
        XCTAssertNotNil(marks.flash(of: "fading", at: 1))
        XCTAssertTrue(marks.isCollapsing("collapsed"), "an ended collapse is reported by `advance`, not forgotten")
        XCTAssertEqual(marks.count, 3)
        XCTAssertEqual(marks.advance(to: 1), ["collapsed"])
        XCTAssertEqual(Set(marks.leaving), ["kept", "collapsed"])
        marks.dataReplaced(holding: { _ in false }, at: 2)
        XCTAssertEqual(marks.count, 0)
    }

    /// A page off screen is never advanced, and another program inserts items into it for
    /// months: each insert's growth is forgotten by the next data.
    func testMonthsOfInsertsIntoAPageNobodyLooksAtStayBounded() {
        var marks = RowMarks()
        var time = Instant.zero
        for item in 0..<100_000 {
            time += .seconds(1)
            marks.dataReplaced(holding: { _ in true }, at: time)
            marks.arrive("item-\(item)", at: time)
            marks.flash("item-\(item / 2)", at: time)
            guard marks.count <= 2 else { return XCTFail("\(marks.count) rows marked after \(item + 1) inserts") }
        }
    }

    /// What ListPage kept before RowMarks: four parallel collections, animations by start time.
    private struct Model {
        var removed: Set<String> = []
        var collapsing: [String: Instant] = [:]
        var arriving: [String: Instant] = [:]
        var flashing: [String: Instant] = [:]
        static let change = Duration.milliseconds(300), flashing = Duration.milliseconds(600)

        static func value(_ start: Instant?, _ duration: Duration, _ curve: CubicBezier, from: Double, to: Double, at time: Instant) -> Double? {
            guard let start else { return nil }
            let t = time - start
            return t <= .zero ? from : t >= duration ? to : from + (to - from) * curve.value(at: t.inSeconds / duration.inSeconds)
        }

        func height(_ id: String, at time: Instant) -> Double? {
            let collapse = Self.value(collapsing[id], Self.change, .easeInOut, from: 1, to: 0, at: time)
            let arrival = Self.value(arriving[id], Self.change, .easeInOut, from: 0, to: 1, at: time)
            return [collapse, arrival].compactMap { $0 }.min()
        }

        func flash(_ id: String, at time: Instant) -> Double? { Self.value(flashing[id], Self.flashing, .easeOut, from: 1, to: 0, at: time) }

        var deadlines: [Instant] {
            (collapsing.values.map { $0 + Self.change } + arriving.values.map { $0 + Self.change }
                + flashing.values.map { $0 + Self.flashing }).sorted()
        }

        var marked: Set<String> { removed.union(collapsing.keys).union(arriving.keys).union(flashing.keys) }
    }

    func testRandomSequencesAgreeWithAModel() {
        var random = SplitMix64(state: 0x20_3A4C)
        let ids = (0..<6).map { "item-\($0)" }
        for run in 0..<300 {
            var marks = RowMarks(), model = Model(), time = Instant.zero
            for step in 0..<80 {
                time += .milliseconds([0, 50, 100, 150, 300, 600, 1000].randomElement(using: &random)!)
                let id = ids.randomElement(using: &random)!
                let context = "run \(run) step \(step) at \(time)"
                switch Int.random(in: 0..<7, using: &random) {
                case 0:
                    marks.markRemoved(id)
                    model.removed.insert(id)
                case 1:
                    let starts = model.collapsing[id] == nil && !model.removed.contains(id)
                    if starts { model.collapsing[id] = time }
                    XCTAssertEqual(marks.startCollapse(id, at: time), starts, context)
                case 2:
                    marks.arrive(id, at: time)
                    model.arriving[id] = time
                case 3:
                    marks.flash(id, at: time)
                    model.flashing[id] = time
                case 4:
                    let slidOff = model.removed.remove(id) != nil
                    let collapsed = model.collapsing.removeValue(forKey: id) != nil
                    let leaving = slidOff || collapsed
                    if leaving { model.arriving[id] = time }
                    XCTAssertEqual(marks.restore(id, at: time), leaving, context)
                case 5:
                    model.arriving = model.arriving.filter { $0.value + Model.change > time }
                    model.flashing = model.flashing.filter { $0.value + Model.flashing > time }
                    let ended = Set(model.collapsing.filter { $0.value + Model.change <= time }.keys)
                    model.collapsing = model.collapsing.filter { !ended.contains($0.key) }
                    model.removed.formUnion(ended)
                    XCTAssertEqual(Set(marks.advance(to: time)), ended, context)
                default:
                    let held = Set(ids.filter { _ in Bool.random(using: &random) })
                    marks.dataReplaced(holding: held.contains, at: time)
                    model.removed.formIntersection(held)
                    model.arriving = model.arriving.filter { $0.value + Model.change > time }
                    model.flashing = model.flashing.filter { $0.value + Model.flashing > time }
                }
                XCTAssertEqual(marks.earliestEnd, model.deadlines.first, context)
                XCTAssertEqual(Set(marks.leaving), model.removed.union(model.collapsing.keys), context)
                XCTAssertEqual(marks.count, model.marked.count, context)
                let look = time + .milliseconds([0, 100, 200].randomElement(using: &random)!)
                for id in ids {
                    XCTAssertEqual(marks.isRemoved(id), model.removed.contains(id), "\(id) \(context)")
                    XCTAssertEqual(marks.isCollapsing(id), model.collapsing[id] != nil, "\(id) \(context)")
                    XCTAssertEqual(marks.heightFraction(of: id, at: look), model.height(id, at: look), "\(id) \(context)")
                    XCTAssertEqual(marks.flash(of: id, at: look), model.flash(id, at: look), "\(id) \(context)")
                }
                // The first disagreement says it all (and the model is no guide after it).
                guard testRun?.failureCount == 0 else { return }
            }
        }
    }
}
