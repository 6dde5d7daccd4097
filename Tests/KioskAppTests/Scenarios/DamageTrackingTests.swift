// Damage tracking must be invisible: frames drawn only inside the reported damage, on top of
// the previous frame, equal frames drawn in full, through swipes, scrolling, a push, a sheet,
// deletions (a full swipe, and another process) whose collapsing rows move the section header
// below them, a scroll across section headers and a swipe on a row under the pinned header.
import Canvas
import KioskUI
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskReplay
@testable import KioskConfig

final class DamageTrackingTests: XCTestCase {
    func testDamageLimitedFramesEqualFullFrames() throws {
        let script = try TouchScript(parsing: """
            at 0    swipe 0 760 178 400 178 250
            at 900  swipe 0 760 330 680 330 120
            at 1500 tap 600 420
            at 2200 swipe 0 400 450 400 150 200
            at 3200 tap 400 178
            at 4200 tap 30 32
            at 5000 down 1 400 254
            at 5700 up 1
            at 6500 tap 400 100
            at 7200 swipe 0 400 100 400 460 150
            at 8200 swipe 0 760 434 40 434 250
            at 10400 down 0 400 440
            at 10416 move 0 400 430
            at 10600 move 0 400 250
            at 10900 move 0 400 100
            at 11200 up 0
            at 11400 swipe 0 760 110 500 110 150
            at 12600 end
            """)
        // At 9.3 s another process deletes inbox-4, above the Yesterday header (no toast, so
        // nothing global changes while the row collapses).
        let externalDelete = 9300.0
        // A database file, so that "another process" (a second connection) sees the same items.
        let directory = try TemporaryDirectory()
        let app = try AppOptions.parse([]).makeApplication(
            configuration: .demo, databasePath: directory.file("items.sqlite3"), size: (800, 480))
        let incremental = try Surface(width: 800, height: 480, format: .xrgb8888)
        let full = try Surface(width: 800, height: 480, format: .xrgb8888)
        let partialPainter = Painter(target: incremental), fullPainter = Painter(target: full)
        var previous: FrameSignature?
        var next = 0, partialFrames = 0, emptyFrames = 0, partialHeaderMoves = 0
        var headers: [SceneState.Header] = []
        for frame in 0..<756 {
            let ms = Double(frame) * 1000 / 60
            if ms >= externalDelete, ms - 1000.0 / 60 < externalDelete {
                try ItemStore(path: app.store.path).apply(.delete, to: "inbox-4", at: AppOptions.headlessEpoch + 9_300)
            }
            while next < script.steps.count, script.steps[next].timeMs <= ms {
                if case .touch(let slot, let phase, let x, let y) = script.steps[next].action {
                    app.handle(TouchEvent(slot: slot, phase: phase, point: Point(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0),
                                          time: ReplaySession.instant(ms: script.steps[next].timeMs)))
                }
                next += 1
            }
            app.tick(time: ReplaySession.instant(ms: ms))
            partialPainter.reset()
            let drawn = app.scene.renderDamage(partialPainter, time: ReplaySession.instant(ms: ms), previous: &previous)
            let nowHeaders = app.scene.state(at: ReplaySession.instant(ms: ms)).headers
            if let drawn {
                if drawn.isEmpty { emptyFrames += 1 } else { partialFrames += 1 }
                if !drawn.isEmpty, nowHeaders != headers { partialHeaderMoves += 1 }
            }
            headers = nowHeaders
            // Every frame is drawn incrementally; every sixth is checked against a full redraw.
            guard frame % 6 == 0 else { continue }
            fullPainter.reset()
            app.scene.render(fullPainter, time: ReplaySession.instant(ms: ms))
            guard memcmp(incremental.baseAddress, full.baseAddress, full.stride * full.height) == 0 else {
                XCTFail("frame \(frame) at \(ms) ms differs from a full redraw")
                try? PNG.write(incremental, to: "/tmp/damage-incremental.png")
                try? PNG.write(full, to: "/tmp/damage-full.png")
                return
            }
        }
        XCTAssertGreaterThan(partialFrames, 20, "swiping rows redraws only their band")
        XCTAssertGreaterThan(emptyFrames, 20, "frames where nothing changed draw nothing")
        XCTAssertGreaterThan(partialHeaderMoves, 10, "deletions moved the header below them in partial redraws")
        XCTAssertEqual(headers.first?.title, "Yesterday", "the scroll crossed Today's end: Yesterday is pinned")
        XCTAssertEqual(headers.first?.frame[1], 64.0)
    }
}
