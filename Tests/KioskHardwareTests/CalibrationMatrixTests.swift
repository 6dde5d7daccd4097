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
}
