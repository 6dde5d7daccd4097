// The "visual" haptic backend: a pulse tints the screen edge for a moment and then leaves the
// frame exactly as it was.
import Canvas
import KioskStore
import KioskUI
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class VisualPulseTests: XCTestCase {
    func testAPulseTintsTheEdgeAndFades() throws {
        let app = try AppOptions.parse([]).makeApplication(
            configuration: .demo, databasePath: ItemStore.inMemoryPath, size: (640, 400))
        let surface = try Surface(width: 640, height: 400, format: .xrgb8888)
        let painter = Painter(target: surface)
        func frame(_ t: Instant) -> UInt32 {
            app.tick(time: t)
            painter.reset()
            app.render(painter, time: t)
            return surface.pixel(x: 320, y: 397)
        }
        let before = frame(0)
        app.scene.pulse(at: 1, duration: .milliseconds(30), strength: 1)
        XCTAssertNotNil(app.scene.nextDeadline(after: 1), "a running pulse asks for frames")
        let during = frame(1.01)
        XCTAssertNotEqual(during, before, "the bottom edge is tinted")
        XCTAssertEqual(frame(2), before, "and back to normal afterwards")
    }
}
