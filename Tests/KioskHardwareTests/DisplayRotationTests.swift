// Rotation is where touch and pixels can silently disagree: these tests pin the point, rect and
// pixel-copy mappings to each other for all four rotations.
import SwipeCore
import XCTest
@testable import KioskHardware

final class DisplayRotationTests: XCTestCase {
    let physical = PixelSize(width: 8, height: 6)

    func testPointRoundTripsForEveryRotation() {
        for rotation in DisplayRotation.allCases {
            let logical = rotation.logicalSize(physical: physical)
            for p in [Point(x: 0, y: 0), Point(x: 1.5, y: 2.25), Point(x: Double(logical.width), y: 3)] {
                let back = rotation.logicalPoint(rotation.physicalPoint(p, logical: logical), logical: logical)
                XCTAssertEqual(back, p, "rotation \(rotation)")
            }
        }
    }

    func testKnownPointsClockwise90() {
        let logical = DisplayRotation.clockwise90.logicalSize(physical: PixelSize(width: 1024, height: 768))
        XCTAssertEqual(logical, PixelSize(width: 768, height: 1024))
        // the VM test's expectation: physical (256,192) is logical (192, 768)
        XCTAssertEqual(DisplayRotation.clockwise90.logicalPoint(Point(x: 256, y: 192), logical: logical),
                       Point(x: 192, y: 768))
    }

    func testRectMappingCoversTheSamePixelsAsThePointMapping() {
        for rotation in DisplayRotation.allCases {
            let logical = rotation.logicalSize(physical: physical)
            let rect = PixelRect(x: 1, y: 2, width: 3, height: 2).clamped(to: logical)
            let mapped = rotation.physicalRect(rect, logical: logical)
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let centre = rotation.physicalPoint(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), logical: logical)
                    XCTAssertTrue(centre.x > Double(mapped.x) && centre.x < Double(mapped.maxX)
                                  && centre.y > Double(mapped.y) && centre.y < Double(mapped.maxY), "\(rotation)")
                }
            }
            XCTAssertEqual(mapped.width * mapped.height, rect.width * rect.height)
        }
    }

    func testRotatedCopyMatchesPerPixelMapping() {
        for rotation in DisplayRotation.allCases {
            let logical = rotation.logicalSize(physical: physical)
            var source = (0..<(logical.width * logical.height)).map { UInt32($0 + 1) }
            var target = [UInt32](repeating: 0, count: physical.width * physical.height)
            source.withUnsafeMutableBytes { src in
                target.withUnsafeMutableBytes { dst in
                    let s = PixelBuffer(base: src.baseAddress!, size: logical, stride: logical.width * 4)
                    let d = PixelBuffer(base: dst.baseAddress!, size: physical, stride: physical.width * 4)
                    d.copyRotated(from: s, rect: PixelRect(size: logical), rotation: rotation)
                }
            }
            for y in 0..<logical.height {
                for x in 0..<logical.width {
                    let p = rotation.physicalPoint(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), logical: logical)
                    XCTAssertEqual(target[Int(p.y) * physical.width + Int(p.x)], source[y * logical.width + x], "\(rotation)")
                }
            }
        }
    }

    func testPartialCopyTouchesOnlyTheDamagedPixels() {
        let logical = DisplayRotation.clockwise270.logicalSize(physical: physical)
        var source = [UInt32](repeating: 7, count: logical.width * logical.height)
        var target = [UInt32](repeating: 0, count: physical.width * physical.height)
        let rect = PixelRect(x: 1, y: 1, width: 2, height: 3)
        source.withUnsafeMutableBytes { src in
            target.withUnsafeMutableBytes { dst in
                PixelBuffer(base: dst.baseAddress!, size: physical, stride: physical.width * 4)
                    .copyRotated(from: PixelBuffer(base: src.baseAddress!, size: logical, stride: logical.width * 4),
                                 rect: rect, rotation: .clockwise270)
            }
        }
        XCTAssertEqual(target.filter { $0 == 7 }.count, 6)
    }

    func testCombinedRotationAndPanelOrientation() {
        XCTAssertEqual(DisplayRotation.clockwise90.combined(with: .upsideDown), .clockwise270)
        XCTAssertEqual(DisplayRotation.clockwise270.inverse, .clockwise90)
        XCTAssertEqual(DRMCard.rotation(forPanelOrientation: "Right Side Up"), .clockwise90)
        XCTAssertEqual(DRMCard.rotation(forPanelOrientation: nil), .none)
        XCTAssertNil(DisplayRotation(rawValue: 45))
    }
}
