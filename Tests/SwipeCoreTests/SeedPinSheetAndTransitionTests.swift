// Pins sheet, transition and button-animation behaviours of docs/BEHAVIOUR.md "Rows" (§2.7, §3, §4, §9.3) that were implemented but untested.
import XCTest
@testable import SwipeCore

final class SeedPinSheetAndTransitionTests: XCTestCase {
    /// §4, §9.3: a cancelled (or failed) drag restores like "ended otherwise": status cancelled and
    /// back to 0 over animationDuration 0.2 s (ease-in-out), even from past the 30 % threshold.
    func testCancelledDragSnapsBackOverTwoTenths() {
        var sheet = Fixture.presentedSheet()
        sheet.beginDrag(time: 2)
        sheet.drag(by: 300, time: 2.1)
        sheet.cancelDrag(time: 2.5)
        XCTAssertEqual(sheet.phase, .restoring, "300 > 240 would dismiss on a release")
        XCTAssertEqual(sheet.takeStatuses(), [.cancelled])
        XCTAssertEqual(sheet.offset(at: 2.5), 300)
        XCTAssertEqual(sheet.offset(at: 2.6), 300 * (1 - CubicBezier.easeInOut.value(at: 0.5)), accuracy: 1e-6)
        XCTAssertEqual(sheet.offset(at: 2.7), 0)
        sheet.tick(time: 2.7)
        XCTAssertEqual(sheet.phase, .presented)
        XCTAssertEqual(sheet.takeStatuses(), [], "no completed: nothing was dismissed")
    }

    /// §4: the snap-back after a short, slow release also lasts 0.2 s.
    func testShortReleaseSnapsBackOverTwoTenths() {
        var sheet = Fixture.presentedSheet()
        sheet.beginDrag(time: 2)
        sheet.drag(by: 100, time: 2.5)
        sheet.endDrag(velocityY: 0, time: 2.5)
        XCTAssertEqual(sheet.phase, .restoring)
        XCTAssertEqual(sheet.offset(at: 2.6), 100 * (1 - CubicBezier.easeInOut.value(at: 0.5)), accuracy: 1e-6)
        sheet.tick(time: 2.69)
        XCTAssertEqual(sheet.phase, .restoring)
        sheet.tick(time: 2.7)
        XCTAssertEqual(sheet.phase, .presented)
        XCTAssertEqual(sheet.offset(at: 2.7), 0)
    }

    /// §3: percent = translation/extent, clamped to 0…1 as UIKit clamps it.
    func testScrubbedProgressIsClampedToZeroThroughOne() {
        var t = InteractiveTransition.interactive(extent: 1000)
        t.update(translation: 1500)
        XCTAssertEqual(t.progress(at: 0), 1)
        t.update(translation: -200)
        XCTAssertEqual(t.progress(at: 0), 0)
        t.update(translation: 250)
        XCTAssertEqual(t.progress(at: 0), 0.25)
    }

    /// §3: dismissing plays the presentation backwards (a pop at progress q shows push progress
    /// 1 − q). Fade: the from-view stays on top and fades 1 → 0 over an unchanged lower page.
    /// Pull: the from-view slides down off the bottom.
    func testFadeAndPullDismissPlayThePresentationBackwards() {
        let size = Size(width: 1000, height: 800)
        let fade = NavigationTransitionStyle.fade
        XCTAssertEqual(fade.layers(progress: 1, size: size).upper.alpha, 1)
        XCTAssertEqual(fade.layers(progress: 1 - 0.25, size: size).upper.alpha, 0.75)
        XCTAssertEqual(fade.layers(progress: 0, size: size).upper.alpha, 0)
        XCTAssertEqual(fade.layers(progress: 1 - 0.25, size: size).lower, PageLayer(), "the lower page is untouched")
        let pull = NavigationTransitionStyle.pull
        XCTAssertEqual(pull.layers(progress: 1, size: size).upper.translation.y, 0)
        XCTAssertEqual(pull.layers(progress: 1 - 0.25, size: size).upper.translation.y, 200)
        XCTAssertEqual(pull.layers(progress: 0, size: size).upper.translation.y, 800, "off the bottom")
        XCTAssertEqual(pull.layers(progress: 1 - 0.25, size: size).upper.translation.x, 0)
        XCTAssertEqual(pull.layers(progress: 1 - 0.25, size: size).lower.dim, 0.15 * 0.75, accuracy: 1e-12)
    }

    /// §2.7: a Favorite button already at or past 50 % at its first callback is selected without
    /// the burst; once hidden below 3 % it is unselected, and the next crossing bursts.
    func testFavoritePastHalfAtItsFirstCallbackIsSelectedWithoutBurst() {
        var favorite = ButtonTransitionState(kind: .favorite)
        favorite.update(from: 0, to: 0.7, time: 0)
        XCTAssertTrue(favorite.appearance(at: 0.3).selected)
        XCTAssertEqual(favorite.appearance(at: 0.3).scaleX, 1, "the burst would be at 1.2 here")
        XCTAssertFalse(favorite.isAnimating(at: 0))
        favorite.update(from: 0.7, to: 0.01, time: 1)
        XCTAssertFalse(favorite.appearance(at: 1).selected)
        favorite.update(from: 0.01, to: 0.6, time: 2)
        XCTAssertTrue(favorite.appearance(at: 2.3).selected)
        XCTAssertEqual(favorite.appearance(at: 2.3).scaleX, 1.2, accuracy: 1e-9)
    }

    /// §2.7: a row opened programmatically gives its Favorite button a first callback at 100 %:
    /// selected at once, no burst, and the row is at rest.
    func testAProgrammaticallyOpenedFavoriteIsSelectedWithoutBurst() {
        let star = SwipeAction(id: "star", title: "Star", icon: "star", transition: .favorite)
        let row = SwipeRowController(
            configuration: SwipeRowConfiguration(trailing: [star]), width: Fixture.width, height: Fixture.height)
        row.show(side: .right, animated: false, time: 0)
        let look = row.snapshot(at: 0.3).buttons[0].appearance
        XCTAssertTrue(look.selected)
        XCTAssertEqual(look.scaleX, 1)
        XCTAssertTrue(row.isAtRest(at: 0))
    }
}
