// Calibration maths on normalised coordinates (libinput's convention) and the full touch mapping:
// calibration, then clamping, then rotation.
import SwipeCore
import XCTest
@testable import KioskHardware

final class CalibrationMatrixTests: XCTestCase {
    func testParsingAndIdentity() {
        XCTAssertEqual(CalibrationMatrix(parsing: "1 0 0 0 1 0"), .identity)
        XCTAssertEqual(CalibrationMatrix(parsing: "-1,0,1,0,1,0"), CalibrationMatrix(-1, 0, 1, 0, 1, 0))
        XCTAssertNil(CalibrationMatrix(parsing: "1 0 0 0 1"))
        XCTAssertNil(CalibrationMatrix(parsing: "1 0 0 0 1 x"))
    }

    func testApplyInPixels() {
        let flipX = CalibrationMatrix(-1, 0, 1, 0, 1, 0)
        XCTAssertEqual(flipX.apply(Point(x: 100, y: 50), in: PixelSize(width: 400, height: 200)), Point(x: 300, y: 50))
    }

    func testCompositionAndInverse() {
        let scale = CalibrationMatrix(0.5, 0, 0.25, 0, 2, -0.5)
        let swap = CalibrationMatrix(0, 1, 0, 1, 0, 0)
        let p = Point(x: 0.3, y: 0.7)
        XCTAssertEqual(swap.after(scale).apply(p), swap.apply(scale.apply(p)))
        let inverse = scale.inverse!
        let back = inverse.apply(scale.apply(p))
        XCTAssertEqual(back.x, p.x, accuracy: 1e-12)
        XCTAssertEqual(back.y, p.y, accuracy: 1e-12)
        XCTAssertNil(CalibrationMatrix(1, 1, 0, 1, 1, 0).inverse)
    }

    func testScreenMappingAppliesCalibrationThenRotation() {
        let mapping = ScreenMapping(physicalSize: PixelSize(width: 1024, height: 768), rotation: .clockwise90,
                                    calibration: CalibrationMatrix(-1, 0, 1, 0, 1, 0))
        // calibrated physical x: 1024 - 256 = 768; rotated 90: (y, 1024 - x) = (192, 256)
        XCTAssertEqual(mapping.logicalPoint(physical: Point(x: 256, y: 192)), Point(x: 192, y: 256))
        let outside = mapping.logicalPoint(physical: Point(x: -50, y: 900))
        XCTAssertTrue(outside.x >= 0 && outside.x < 768 && outside.y >= 0 && outside.y <= 1024)
    }

    /// A mouse's motion adds to the pointer's physical position: the calibration is applied once,
    /// not again at every move (one 1-count move used to halve the position under a 0.5 scale).
    func testMouseMotionAppliesTheCalibrationOnce() {
        let mapping = ScreenMapping(physicalSize: PixelSize(width: 1280, height: 800), rotation: .none,
                                    calibration: CalibrationMatrix(0.5, 0, 0, 0, 0.5, 0))
        var tracker = TouchTracker(screen: mapping)
        _ = tracker.movePointer(toPhysical: Point(x: 1200, y: 400), time: Instant(nanoseconds: 0))
        XCTAssertEqual(tracker.pointerLocation, Point(x: 600, y: 200))
        for i in 1...5 { _ = tracker.movePointer(byPhysical: 2, 0, time: Instant(nanoseconds: Int64(i))) }
        XCTAssertEqual(tracker.pointerLocation.x, 605, accuracy: 1e-9, "(1200 + 10) × 0.5")
        XCTAssertEqual(tracker.pointerLocation.y, 200)
        _ = tracker.movePointer(byPhysical: 1e9, -1e9, time: Instant(nanoseconds: 9))
        XCTAssertEqual(tracker.pointerLocation.x, 640, accuracy: 0.001, "the mouse stops at the panel's edge")
        XCTAssertEqual(tracker.pointerLocation.y, 0)
    }
}
