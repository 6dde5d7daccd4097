// SceneOverlays at explicit instants: an Undo toast is never replaced by a message, each toast and
// the banner goes exactly at its end, the page counts as uncovered only when nothing is over it,
// the next deadline is each overlay's own, and a frame's signature changes while a toast fades
// and not while it rests.
import SwipeCore
import XCTest
@testable import KioskUI

final class SceneOverlaysTests: XCTestCase {
    let undo = ToastView(id: "undo", message: "Deleted", actionTitle: "Undo", shownAt: 1, lifetime: .seconds(5))
    let note = ToastView(id: "note", message: "Saved", shownAt: 2, lifetime: .seconds(3))

    func signature(_ overlays: SceneOverlays, at time: Instant) -> Int {
        var hasher = Hasher()
        overlays.combine(into: &hasher, at: time)
        return hasher.finalize()
    }

    func testAMessageShowsAboveTheUndoWithoutReplacingIt() {
        let overlays = SceneOverlays()
        overlays.show(undo)
        overlays.show(note)
        XCTAssertEqual(overlays.actionToast, undo)
        XCTAssertEqual(overlays.messageToast, note)
        XCTAssertEqual(overlays.toasts.map(\.toast), [undo, note])
        XCTAssertEqual(overlays.toasts.map(\.slot), [0, 1])
        XCTAssertEqual(overlays.newestToast, note)
        let second = ToastView(id: "undo2", message: "Archived", actionTitle: "Undo", shownAt: 3)
        overlays.show(second)
        XCTAssertEqual(overlays.actionToast, second, "the newest Undo is the one offered")
        XCTAssertEqual(overlays.newestToast, second)
    }

    func testEachOverlayGoesExactlyAtItsEnd() {
        let overlays = SceneOverlays()
        overlays.show(undo)
        overlays.show(note)
        overlays.identifyBanner = IdentifyBanner(text: "kiosk-7", shownAt: 1, lifetime: .seconds(10))
        XCTAssertFalse(overlays.expire(at: Instant(seconds: 4.999_999_999)))
        XCTAssertTrue(overlays.expire(at: 5), "the note ends at 2 + 3 s")
        XCTAssertNil(overlays.messageToast)
        XCTAssertNotNil(overlays.actionToast)
        XCTAssertTrue(overlays.expire(at: 6), "the Undo at 1 + 5 s")
        XCTAssertNil(overlays.actionToast)
        XCTAssertFalse(overlays.expire(at: 10))
        XCTAssertTrue(overlays.expire(at: 11), "the banner at 1 + 10 s")
        XCTAssertNil(overlays.identifyBanner)
        XCTAssertFalse(overlays.expire(at: 100), "nothing left to go")
    }

    func testThePageIsUncoveredOnlyWhenNothingIsOverIt() {
        let overlays = SceneOverlays()
        XCTAssertTrue(overlays.noneShowing(at: 0))
        overlays.pulse = (start: 1, duration: .milliseconds(200), strength: 1)
        XCTAssertFalse(overlays.noneShowing(at: Instant(seconds: 1.199)))
        XCTAssertTrue(overlays.noneShowing(at: Instant(seconds: 1.2)), "a pulse over is gone before the tick takes it")
        overlays.identifyBanner = IdentifyBanner(text: "kiosk-7", shownAt: 2, lifetime: .seconds(1))
        XCTAssertFalse(overlays.noneShowing(at: 2))
        XCTAssertTrue(overlays.noneShowing(at: 3))
        overlays.timeoutWarning = TimeoutWarning(title: "Still there?", message: "Touch the screen")
        XCTAssertFalse(overlays.noneShowing(at: 1_000), "the warning has no end of its own")
        overlays.timeoutWarning = nil
        overlays.show(undo)
        XCTAssertFalse(overlays.noneShowing(at: 3), "a toast covers until the tick takes it away")
    }

    func testTheNextDeadlineIsEachOverlaysOwn() {
        var overlays = SceneOverlays()
        XCTAssertNil(overlays.nextDeadline(after: 0))
        overlays.show(undo)
        XCTAssertEqual(overlays.nextDeadline(after: Instant(seconds: 1.1)), Instant(seconds: 1.1), "fading in: every frame")
        XCTAssertEqual(overlays.nextDeadline(after: 2), Instant(seconds: 5.8), "resting: when the fade-out starts")
        overlays.identifyBanner = IdentifyBanner(text: "kiosk-7", shownAt: 2, lifetime: .seconds(1))
        XCTAssertEqual(overlays.nextDeadline(after: Instant(seconds: 2.5)), 3, "the banner ends before the toast fades")
        overlays.pulse = (start: Instant(seconds: 2.5), duration: .milliseconds(200), strength: 1)
        XCTAssertEqual(overlays.nextDeadline(after: Instant(seconds: 2.6)), Instant(seconds: 2.6), "a pulse fades every frame")
        XCTAssertNil(SceneOverlays().nextDeadline(after: 7))
        overlays = SceneOverlays()
        overlays.show(undo)
        XCTAssertNil(overlays.nextDeadline(after: 6), "an ended toast asks for nothing")
    }

    func testTheSignatureChangesWhileAToastFadesAndNotWhileItRests() {
        let overlays = SceneOverlays()
        let empty = signature(overlays, at: 2)
        overlays.show(undo)
        XCTAssertNotEqual(signature(overlays, at: 2), empty)
        XCTAssertEqual(signature(overlays, at: 2), signature(overlays, at: 4), "at rest between the fades")
        XCTAssertNotEqual(signature(overlays, at: Instant(seconds: 1.05)), signature(overlays, at: Instant(seconds: 1.1)), "fading in")
        XCTAssertNotEqual(signature(overlays, at: Instant(seconds: 5.9)), signature(overlays, at: Instant(seconds: 5.95)), "fading out")
    }
}
