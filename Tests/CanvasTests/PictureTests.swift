// Picture decoding and scaling: JPEG's DCT scaling picks 1/8 for a thumbnail of a 4000x3000
// photo, EXIF orientations are found and applied, shrinking averages instead of aliasing,
// thumbnail corners are cut anti-aliased, and files that are not what their name says fail
// with a reason naming them.
import Canvas
import Foundation
import XCTest
@testable import Canvas

final class PictureTests: XCTestCase {
    func solid(_ width: Int, _ height: Int, _ hex: UInt32) throws -> Surface {
        let s = try Surface(width: width, height: height)
        s.fill(Color(hex: hex))
        return s
    }

    func testA4000x3000JPEGIsDecodedAtAnEighthForAThumbnail() throws {
        let jpeg = try JPEG.encode(try solid(4000, 3000, 0x336699), quality: 80)
        XCTAssertTrue(JPEG.scale(width: 4000, height: 3000, fit: .cover(width: 40, height: 40), swapped: false) == (1, 8))
        let thumb = try JPEG.decode(jpeg, fit: .cover(width: 40, height: 40))
        XCTAssertEqual([thumb.width, thumb.height], [500, 375])
        // Fitted into 1920x1080 it needs 0.36 of each side: the decoder's 3/8, not 1/8.
        XCTAssertTrue(JPEG.scale(width: 4000, height: 3000, fit: .contain(width: 1920, height: 1080), swapped: false) == (3, 8))
        let full = try JPEG.decode(jpeg)
        XCTAssertEqual([full.width, full.height], [4000, 3000])
        let color = thumb.pixel(x: 250, y: 180)
        XCTAssertEqual(Int(color >> 16 & 0xFF), 0x33, accuracy: 3)
        XCTAssertEqual(Int(color & 0xFF), 0x99, accuracy: 3)
    }

    func testEXIFOrientationIsFoundInEitherByteOrderAndTurnsThePicture() throws {
        let jpeg = try JPEG.encode(try solid(30, 20, 0xFF0000))
        for value in 1...8 {
            for little in [false, true] {
                let tiff: [UInt8] = little
                    ? [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(value), 0, 0, 0, 0, 0, 0, 0]
                    : [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(value), 0, 0, 0, 0, 0, 0]
                let payload = Array("Exif".utf8) + [0, 0] + tiff
                let bytes = Array(jpeg[0..<2]) + [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload + Array(jpeg[2...])
                XCTAssertEqual(EXIFOrientation(jpeg: bytes).value, value, "little endian: \(little)")
                let decoded = try JPEG.decode(bytes)
                XCTAssertEqual([decoded.width, decoded.height], value >= 5 ? [20, 30] : [30, 20], "orientation \(value)")
            }
        }
        XCTAssertEqual(EXIFOrientation(jpeg: jpeg).value, 1, "no EXIF: as stored")
        XCTAssertEqual(EXIFOrientation(jpeg: Array(jpeg.prefix(30)) + [0xFF, 0xE1, 0xFF, 0xFF]).value, 1, "a damaged segment")
        // Orientation 6 (turn clockwise): the stored bottom-left pixel becomes the top-left.
        XCTAssertTrue(EXIFOrientation(value: 6).source(x: 0, y: 0, width: 30, height: 20) == (0, 19))
        XCTAssertTrue(EXIFOrientation(value: 8).source(x: 0, y: 0, width: 30, height: 20) == (29, 0))
    }

    func testShrinkingAveragesAFinePatternInsteadOfAliasing() throws {
        let checker = try Surface(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { (checker.baseAddress + y * checker.stride + x * 4).storeBytes(of: (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000, as: UInt32.self) }
        }
        // 64 → 7: each output pixel covers a fractional 9.14-pixel square.
        let small = try checker.resampled(crop: (0, 0, 64, 64), width: 7, height: 7)
        for y in 0..<7 {
            for x in 0..<7 {
                let p = small.pixel(x: x, y: y)
                XCTAssertEqual(Int(p >> 24), 255)
                XCTAssertEqual(Double(p & 0xFF), 127.5, accuracy: 8, "(\(x), \(y))")
            }
        }
    }

    func testRoundCornersLeavesTheMiddleAndClearsTheCorners() throws {
        let s = try solid(40, 40, 0x00FF00)
        s.roundCorners(radius: 20)
        XCTAssertEqual(s.pixel(x: 0, y: 0), 0, "outside the circle")
        XCTAssertEqual(s.pixel(x: 20, y: 20), 0xFF00_FF00, "inside")
        let edge = s.pixel(x: 5, y: 6) >> 24  // its centre 0.2 px inside the arc: partly covered
        XCTAssertTrue(edge > 0 && edge < 255, "\(edge)")
    }

    func testFilesThatAreNotWhatTheirNameSaysFailNamingThem() throws {
        let dir = NSTemporaryDirectory() + "canvas-pictures-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = try PNG.encode(try solid(4, 4, 0x123456))
        for (name, bytes, reason) in [
            ("a.webp", png, "holds a PNG, not the WEBP"), ("b.gif", png, "not a .jpg, .jpeg, .png or .webp"),
            ("c.jpg", [UInt8](), "empty file"), ("d.png", Array(png.prefix(40)), "bad PNG"),
        ] {
            let path = dir + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try Picture.load(path: path, fit: .cover(width: 8, height: 8))) { error in
                let text = (error as? CanvasError)?.description ?? ""
                XCTAssertTrue(text.hasPrefix(path + ": ") && text.contains(reason), text)
            }
        }
        let good = dir + "/good.PNG"
        try Data(png).write(to: URL(fileURLWithPath: good))
        let fitted = try Picture.load(path: good, fit: .contain(width: 10, height: 5))
        XCTAssertEqual([fitted.width, fitted.height], [5, 5])
    }
}
