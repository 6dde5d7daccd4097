// A backend that renders only when the scene asks (the DRM loop) must still show the frame
// where an animation comes to rest: found by the VM test comparing DRM with replay, where the
// opened row's labels stayed one animation step behind.
import Canvas
import KioskStore
import KioskUI
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class RestingFrameTests: XCTestCase {
    func testTheFrameWhereAnimationsEndIsDrawn() throws {
        let app = try AppOptions.parse([]).makeApplication(
            configuration: .demo, databasePath: ItemStore.inMemoryPath, size: (800, 480))
        let shown = try Surface(width: 800, height: 480, format: .xrgb8888)
        let fresh = try Surface(width: 800, height: 480, format: .xrgb8888)
        let painter = Painter(target: shown)
        var previous: FrameSignature?
        // A slow swipe that settles open; time runs in irregular steps, as a real loop's does.
        for (i, x) in stride(from: 760.0, through: 460, by: -20).enumerated() {
            app.handle(TouchEvent(slot: 0, phase: i == 0 ? .began : .moved, point: Point(x: x, y: 178), time: Instant(seconds: Double(i) * 0.016)))
        }
        app.handle(TouchEvent(slot: 0, phase: .ended, point: Point(x: 460, y: 178), time: 0.5))
        var t: Instant = 0.5
        while t < 3 {
            app.tick(time: t)
            if app.scene.needsRender || app.scene.isAnimating(at: t) {
                painter.reset()
                _ = app.scene.renderDamage(painter, time: t, previous: &previous)
            }
            t += .milliseconds(13)
        }
        XCTAssertFalse(app.scene.isAnimating(at: t))
        let p = Painter(target: fresh)
        app.scene.render(p, time: t)
        // RGB only: the X byte of XRGB pixels is not part of the picture.
        var differing = 0
        for y in 0..<480 { for x in 0..<800 where shown.pixel(x: x, y: y) & 0xFF_FFFF != fresh.pixel(x: x, y: y) & 0xFF_FFFF { differing += 1 } }
        // On failure, both frames are left in /tmp for a look.
        if differing > 0 { try? PNG.write(shown, to: "/tmp/rest-shown.png"); try? PNG.write(fresh, to: "/tmp/rest-fresh.png") }
        XCTAssertEqual(differing, 0, "what is on screen after the animations equals the resting frame")
    }
}
