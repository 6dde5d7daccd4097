// Bad input never traps: missing or corrupt fonts, empty or invalid text, impossible
// surfaces, NaN geometry and broken PNGs give a typed error or a defined result.
import Canvas
import Foundation
import SwipeCore
import XCTest

final class BadInputTests: XCTestCase {
    func testMissingFontFileNamesPathAndErrno() throws {
        let library = try FontLibrary()
        XCTAssertThrowsError(try library.loadFace(path: "/nonexistent/font.ttf")) { error in
            XCTAssertEqual(error as? CanvasError, .fileUnreadable(path: "/nonexistent/font.ttf", errno: ENOENT))
            XCTAssertTrue("\(error)".contains("/nonexistent/font.ttf"))
        }
    }

    func testCorruptFontIsRejected() throws {
        let library = try FontLibrary()
        let path = NSTemporaryDirectory() + "canvas-corrupt-\(getpid()).ttf"
        try Data("not a font at all".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try library.loadFace(path: path)) { error in
            guard case .fontUnloadable(let source, let code)? = error as? CanvasError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(source, path)
            XCTAssertNotEqual(code, 0)
        }
        XCTAssertThrowsError(try library.loadFace(data: [], name: "empty")) {
            guard case .fontUnloadable("empty", _)? = $0 as? CanvasError else { return XCTFail("unexpected \($0)") }
        }
        let truncated = Array(try Data(contentsOf: URL(fileURLWithPath: FontLibrary.bundledFontsDirectory
            + "/DejaVuSans.ttf")).prefix(200))
        XCTAssertThrowsError(try library.loadFace(data: truncated, name: "truncated"))
    }

    func testInvalidFontSizes() throws {
        let library = try FontLibrary()
        let face = try library.loadFace(path: FontLibrary.bundledFontsDirectory + "/DejaVuSans.ttf")
        for size in [0, -3, .nan, .infinity, 5000] {
            XCTAssertThrowsError(try library.font(face, size: size)) {
                guard case .invalidFontSize? = $0 as? CanvasError else { return XCTFail("unexpected \($0)") }
            }
        }
    }

    func testEmptyAndInvalidText() throws {
        let fonts = try TestFonts()
        let font = try fonts.font(16)
        let empty = TextLayout("", style: TextStyle(font: font, maxWidth: 100, maxLines: 2))
        XCTAssertEqual(empty.lines.count, 1)
        XCTAssertEqual(empty.width, 0)
        let invalid = TextLayout(utf8: [0x41, 0xFF, 0xC3, 0x28, 0x42], style: TextStyle(font: font))
        XCTAssertEqual(invalid.text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count, 2)
        XCTAssertGreaterThan(invalid.width, 0)
        let surface = try Surface(width: 50, height: 50)
        Painter(target: surface).draw(invalid, at: Point(x: 0, y: 0), color: .black)
        let zeroWidth = TextLayout("abc def", style: TextStyle(font: font, maxWidth: 0, maxLines: 3))
        XCTAssertEqual(zeroWidth.lines.count, 1, "a non-positive width means no limit")
        let tiny = TextLayout("abc def", style: TextStyle(font: font, maxWidth: 1, maxLines: 0))
        XCTAssertGreaterThanOrEqual(tiny.lines.count, 6, "one cluster per line at worst, never an endless loop")
    }

    func testImpossibleSurfaces() throws {
        for (w, h) in [(0, 10), (10, 0), (-1, 5), (Surface.maximumSide + 1, 1), (1, Int.max),
                       (Surface.maximumSide, Surface.maximumSide)] {
            XCTAssertThrowsError(try Surface(width: w, height: h)) {
                XCTAssertEqual($0 as? CanvasError, .invalidSurfaceSize(width: w, height: h))
            }
        }
        var byte: UInt32 = 0
        XCTAssertThrowsError(try Surface(wrapping: &byte, width: 4, height: 1, stride: 8, format: .xrgb8888)) {
            XCTAssertEqual($0 as? CanvasError, .invalidStride(stride: 8, width: 4))
        }
        let surface = try Surface(width: 10, height: 10)
        XCTAssertThrowsError(try surface.subsurface(PixelRect(x: 5, y: 5, width: 6, height: 1)))
        XCTAssertThrowsError(try surface.subsurface(.zero))
    }

    func testNaNAndHugeGeometryDrawNothing() throws {
        let fonts = try TestFonts()
        let surface = try Surface(width: 32, height: 32)
        let p = Painter(target: surface)
        let nan = Double.nan
        p.fill(Rect(x: nan, y: 0, width: 10, height: 10), color: .white)
        p.fill(Rect(x: 0, y: 0, width: .infinity, height: 10), color: .white)
        p.fillRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: nan, color: .white)
        p.fillRoundedRect(Rect(x: 0, y: 0, width: 1e9, height: 1e9), radius: 4, color: .white)
        p.fillRoundedRect(Rect(x: 0, y: 0, width: 5000, height: 5000), radius: 4, color: .white)  // > maximumShapePixels
        p.fillCircle(center: Point(x: nan, y: 3), radius: 5, color: .white)
        p.strokeRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radii: CornerRadii(2), width: nan, color: .white)
        p.drawShadow(of: Rect(x: 0, y: 0, width: 10, height: 10), radii: CornerRadii(2), blur: nan, color: .white)
        p.drawLine(from: Point(x: nan, y: 0), to: Point(x: 5, y: 5), color: .white)
        p.draw(TextLayout("nan", style: TextStyle(font: try fonts.font(12))).lines[0], x: nan, baseline: 10, color: .white)
        p.draw(surface, transform: AffineTransform(a: nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        p.draw(surface, transform: .scale(x: 0, y: 0))
        p.fill(Rect(x: 0, y: 0, width: 10, height: 10), gradient: LinearGradient(
            start: Point(x: nan, y: 0), end: Point(x: 0, y: 1), stops: [GradientStop(0, .white)]))
        p.translate(x: nan, y: 1)
        p.translate(x: 1e300, y: 0)
        p.alpha = nan
        p.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .white)
        p.alpha = 1
        p.clip(to: Rect(x: nan, y: 0, width: 5, height: 5))
        p.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .white)
        for y in 0..<32 { for x in 0..<32 { XCTAssertEqual(surface.pixel(x: x, y: y), 0) } }
    }

    func testBrokenPNG() throws {
        XCTAssertThrowsError(try PNG.decode([])) {
            guard case .png(operation: "decode", _)? = $0 as? CanvasError else { return XCTFail("unexpected \($0)") }
        }
        XCTAssertThrowsError(try PNG.decode(Array("\u{89}PNG garbage".utf8)))
        let valid = try PNG.encode(try Surface(width: 3, height: 3))
        XCTAssertThrowsError(try PNG.decode(Array(valid.prefix(valid.count / 2))))
        XCTAssertThrowsError(try PNG.read(path: "/nonexistent.png")) {
            XCTAssertEqual($0 as? CanvasError, .fileUnreadable(path: "/nonexistent.png", errno: ENOENT))
        }
        XCTAssertThrowsError(try PNG.write(try Surface(width: 1, height: 1), to: "/nonexistent/dir/x.png"))
        // A valid header announcing 10000x10000 pixels is refused before any pixel memory is taken.
        let huge: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00,
            0x00, 0x27, 0x10, 0x00, 0x00, 0x27, 0x10, 0x08, 0x06, 0x00, 0x00, 0x00, 0xBA, 0x4E, 0x62, 0x27, 0x00,
            0x00, 0x00, 0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x80, 0x00, 0x00, 0x00, 0x08, 0x00,
            0x01, 0xB7, 0x58, 0x73, 0x95, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        XCTAssertThrowsError(try PNG.decode(huge)) {
            XCTAssertEqual($0 as? CanvasError, .invalidSurfaceSize(width: 10000, height: 10000))
        }
    }
}
