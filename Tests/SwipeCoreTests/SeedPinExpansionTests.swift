// Pins expansion behaviours of docs/BEHAVIOUR.md "Rows" (§1.3, §1.6, §1.10, §9.2) that were implemented but untested.
import XCTest
@testable import SwipeCore

final class SeedPinExpansionTests: XCTestCase {
    /// Progress of a "duration D, ratio 1" animation `t` seconds after it starts.
    private func critical(_ duration: Double, _ t: Double) -> Double {
        Spring.criticallyDamped(over: duration).value(target: 1, time: t)
    }

    /// The fixture's trailing actions with a clear expandable (outermost) action.
    private var clearFirst: [SwipeAction] {
        var actions = Fixture.trailing
        actions[0].backgroundColor = .clear
        return actions
    }

    private func makeRow(_ trailing: [SwipeAction], expansionAnimation: ScaleAndAlphaExpansion? = nil) -> SwipeRowController {
        var options = Fixture.options(.fill)
        options.expansionAnimation = expansionAnimation
        return SwipeRowController(
            configuration: SwipeRowConfiguration(leading: Fixture.leading, trailing: trailing, trailingOptions: options),
            width: Fixture.width, height: Fixture.height)
    }

    /// Drags a `.fill` row to u = −(360 + 0.2·10) = −362 in one move at time 1: expanded, no snap.
    private func expand(_ row: SwipeRowController) {
        XCTAssertTrue(row.beginDrag(direction: -1, fingerX: 380, time: 0))
        row.drag(translation: -370, fingerX: 10, time: 1)
        XCTAssertTrue(row.isExpanded)
    }

    /// minX of the outermost ("delete") strip at `time`.
    private func outermostMinX(_ row: SwipeRowController, _ time: Instant) -> Double {
        row.snapshot(at: time).buttons[0].strip.minX
    }

    // Border at w = 362: the content edge is at 390 − 362 = 28 and the outermost strip starts
    // 2·362/3 from it; expanded, it slides to the content edge.
    private let outerStart = 2 * 362.0 / 3

    /// §1.6, §9.2: expanding slides the outermost strip to the content edge over 0.6 s, critically
    /// damped, with no delay when there is no expansion delegate; collapsing slides it back, also undelayed.
    func testExpansionRelayoutTakesSixTenthsOfASecond() {
        let row = makeRow(Fixture.trailing)
        expand(row)
        XCTAssertEqual(outermostMinX(row, 1), 28 + outerStart, accuracy: 1e-9)
        XCTAssertEqual(outermostMinX(row, 1.3), 28 + outerStart * (1 - critical(0.6, 0.3)), accuracy: 1e-9)
        XCTAssertEqual(outermostMinX(row, 1.61), 28, accuracy: 1e-9, "done after 0.6 s")
        // Back to u = −250 (not expanded: 250 ≤ P + 30): w = 250, edge 140, strip at 2·250/3 when collapsed.
        row.drag(translation: -250, fingerX: 130, time: 3)
        XCTAssertFalse(row.isExpanded)
        XCTAssertEqual(outermostMinX(row, 3.3), 140 + 500.0 / 3 * critical(0.6, 0.3), accuracy: 1e-9)
        XCTAssertEqual(outermostMinX(row, 3.61), 140 + 500.0 / 3, accuracy: 1e-9)
    }

    /// §1.6, §1.10, §9.2: with ScaleAndAlphaExpansion the relayout waits 0.1 s when expanding
    /// (then runs 0.6 s) and starts at once when collapsing.
    func testScaleAndAlphaDelaysTheRelayoutByATenthWhenExpanding() {
        let row = makeRow(clearFirst)
        expand(row)
        XCTAssertEqual(outermostMinX(row, 1.1), 28 + outerStart, accuracy: 1e-9, "still waiting")
        XCTAssertEqual(outermostMinX(row, 1.4), 28 + outerStart * (1 - critical(0.6, 0.3)), accuracy: 1e-9)
        XCTAssertEqual(outermostMinX(row, 1.71), 28, accuracy: 1e-9)
        row.drag(translation: -250, fingerX: 130, time: 3)
        XCTAssertEqual(outermostMinX(row, 3.3), 140 + 500.0 / 3 * critical(0.6, 0.3), accuracy: 1e-9)
    }

    /// §1.3: without an explicit expansion animation, ScaleAndAlphaExpansion.default is applied when
    /// the expandable action's background is clear (background style, not only circular buttons):
    /// "flag" fades at once over 0.15 s, "more" 0.1 s later; the expanding button stays.
    func testAClearExpandableActionGetsScaleAndAlphaAutomatically() {
        let row = makeRow(clearFirst)
        expand(row)
        let early = row.snapshot(at: 1.1).buttons
        XCTAssertEqual(early[2].appearance.alpha, 1, accuracy: 1e-9, "more waits 0.1 s")
        let done = row.snapshot(at: 1.3).buttons
        XCTAssertEqual(done.map(\.appearance.alpha), [1, 0, 0])
        XCTAssertEqual(done[1].appearance.scaleX, 0.8, accuracy: 1e-12)
        XCTAssertEqual(done[2].appearance.scaleX, 0.8, accuracy: 1e-12)
        // Only the expandable (first) action counts: a clear last action does not apply it.
        var clearLast = Fixture.trailing
        clearLast[2].backgroundColor = .clear
        let opaque = makeRow(clearLast)
        expand(opaque)
        XCTAssertEqual(opaque.snapshot(at: 1.3).buttons.map(\.appearance.alpha), [1, 1, 1])
        XCTAssertEqual(outermostMinX(opaque, 1.3), 28 + outerStart * (1 - critical(0.6, 0.3)), accuracy: 1e-9, "no delay")
    }

    /// §1.3: an explicit expansion animation overrides the automatic one (here 0.3 s, scale 0.5,
    /// 0.2 s stagger, which is also the relayout delay), and applies to an opaque action too.
    func testAnExplicitExpansionAnimationOverridesTheAutomaticOne() {
        let custom = ScaleAndAlphaExpansion(duration: .milliseconds(300), scale: 0.5, interButtonDelay: .milliseconds(200))
        let row = makeRow(clearFirst, expansionAnimation: custom)
        expand(row)
        XCTAssertEqual(outermostMinX(row, 1.2), 28 + outerStart, accuracy: 1e-9, "waits 0.2 s")
        XCTAssertEqual(outermostMinX(row, 1.5), 28 + outerStart * (1 - critical(0.6, 0.3)), accuracy: 1e-9)
        let mid = row.snapshot(at: 1.35).buttons
        XCTAssertEqual(mid[1].appearance.scaleX, 0.5, accuracy: 1e-12)
        XCTAssertEqual(mid[1].appearance.alpha, 0, accuracy: 1e-12)
        XCTAssertEqual(row.snapshot(at: 1.2).buttons[2].appearance.alpha, 1, accuracy: 1e-9, "more waits 0.2 s")
        XCTAssertEqual(row.snapshot(at: 1.55).buttons[2].appearance.alpha, 0, accuracy: 1e-12)
        let opaque = makeRow(Fixture.trailing, expansionAnimation: custom)
        expand(opaque)
        XCTAssertEqual(opaque.snapshot(at: 1.35).buttons[1].appearance.scaleX, 0.5, accuracy: 1e-12)
    }

    /// §1.6: `.selection` is elastic: past P its button grows by a quarter of the extra pull
    /// (C = P + 0.25·(w − P)) and the actions background shows next to the row; a non-elastic
    /// style's strip fills the whole opening.
    func testSelectionIsElasticPastTheOpenWidth() {
        XCTAssertTrue(SwipeExpansionStyle.selection.elasticOverscroll)
        let one = [Fixture.trailing[0]]
        let selection = Fixture.row(.selection, trailing: one)
        XCTAssertTrue(selection.beginDrag(direction: -1, fingerX: 380, time: 0))
        selection.drag(translation: -150, fingerX: 230, time: 0.1)
        XCTAssertFalse(selection.isExpanded, "T = max(94, 195) = 195")
        // w = 150, P = 74: C = 74 + 0.25·76 = 93, starting 150 − 93 = 57 from the content edge at 240.
        let strip = selection.snapshot(at: 0.1).buttons[0].strip
        XCTAssertEqual(strip.minX, 297)
        XCTAssertEqual(strip.width, 93)
        let fill = Fixture.row(.fill, trailing: one)
        XCTAssertTrue(fill.beginDrag(direction: -1, fingerX: 380, time: 0))
        fill.drag(translation: -150, fingerX: 230, time: 0.1)
        XCTAssertEqual(fill.snapshot(at: 0.1).buttons[0].strip.minX, 240)
        XCTAssertEqual(fill.snapshot(at: 0.1).buttons[0].strip.width, 150)
    }

    /// §1.6: the init defaults (no triggers, not elastic, bounce, 20 / 0.2 / 8) and
    /// `.destructive(automaticallyDelete: false, timing:)` as a manual fill that waits for fulfilment.
    func testExpansionStyleDefaultsAndTheManualDestructiveFill() {
        let plain = SwipeExpansionStyle(target: .percentage(0.7))
        XCTAssertEqual(plain.additionalTriggers, [])
        XCTAssertFalse(plain.elasticOverscroll)
        XCTAssertEqual(plain.completionAnimation, .bounce)
        XCTAssertEqual(plain.minimumTargetOverscroll, 20)
        XCTAssertEqual(plain.targetOverscrollElasticity, 0.2)
        XCTAssertEqual(plain.minimumExpansionTranslation, 8)

        let manual = SwipeExpansionStyle.destructive(automaticallyDelete: false, timing: .with)
        XCTAssertEqual(manual.target, .edgeInset(30))
        XCTAssertEqual(manual.additionalTriggers, [.touchThreshold(0.8)])
        XCTAssertFalse(manual.elasticOverscroll)
        XCTAssertEqual(manual.completionAnimation, .fill(.manual(timing: .with)))

        let row = Fixture.row(manual)
        let t = row.dragBy(-380, startX: 385)
        _ = row.takeEffects()
        row.endDrag(velocityX: 0, time: t)
        XCTAssertEqual(row.takeEffects(), [.invokeAction(id: "delete", side: .right), .haptic(.action)], "handler with the slide, no delete")
        row.tick(time: t + .seconds(1))
        XCTAssertEqual(row.state, .filling)
        XCTAssertEqual(row.takeEffects(), [])
        row.fulfill(.delete, time: t + .seconds(1))
        XCTAssertEqual(row.takeEffects(), [.delete(actionID: "delete", side: .right)])
        XCTAssertEqual(row.state, .removing)
    }
}
