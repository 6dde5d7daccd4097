// Anti-aliased shapes: golden images of rounded rects, circles, ellipses, strokes, lines,
// gradients and shadows, plus numeric checks that coverage is the exact covered area.
import Canvas
import GoldenImages
import SwipeCore
import XCTest

final class ShapeTests: XCTestCase {
    /// Draws the shapes golden scene: a grid of shapes at whole and fractional positions.
    static func drawShapes(_ p: Painter) {
        let blue = Color(hex: 0x007AFF), red = Color(hex: 0xFF3B30), green = Color(hex: 0x34C759)
        for (i, r) in [0.0, 4, 12, 24, 60].enumerated() {
            p.fillRoundedRect(Rect(x: 40 + Double(i) * 150, y: 40, width: 120, height: 80), radius: r, color: blue)
        }
        p.fillRoundedRect(Rect(x: 790.5, y: 40.25, width: 120, height: 80),
                          radii: CornerRadii(topLeft: 0, topRight: 30, bottomRight: 8, bottomLeft: 40), color: red)
        p.fillRoundedRect(Rect(x: 940, y: 40, width: 300, height: 80), radius: 12, color: green.withAlpha(0.5))
        for i in 0..<8 {
            let r = 4 + Double(i) * 6
            p.fillCircle(center: Point(x: 60 + Double(i) * 120 + Double(i) * 0.125, y: 200.3), radius: r,
                         color: Color(hex: 0x5856D6))
        }
        p.fillEllipse(in: Rect(x: 1000, y: 150, width: 240, height: 100), color: Color(hex: 0xFF9500))
        for (i, w) in [1.0, 2, 3.5].enumerated() {
            p.strokeRoundedRect(Rect(x: 40 + Double(i) * 200, y: 290, width: 160, height: 90),
                                radii: CornerRadii(20), width: w, color: .black)
        }
        p.strokeRoundedRect(Rect(x: 660.5, y: 290.5, width: 160, height: 90),
                            radii: CornerRadii(topLeft: 45, topRight: 0, bottomRight: 45, bottomLeft: 0),
                            width: 6, color: red.withAlpha(0.7))
        p.drawLine(from: Point(x: 880, y: 290), to: Point(x: 1240, y: 290), color: .black)
        p.drawLine(from: Point(x: 880, y: 290), to: Point(x: 880, y: 380), color: .black)
        p.drawLine(from: Point(x: 880, y: 380), to: Point(x: 1240, y: 300), color: blue)
        p.drawLine(from: Point(x: 900, y: 380), to: Point(x: 960, y: 295), color: red)
        p.fill(Rect(x: 40, y: 420, width: 580, height: 120),
               gradient: .vertical(from: Color(rgba: 0x0000_0000), at: 420, to: Color(rgba: 0x0000_00CC), at: 540))
        p.fill(Rect(x: 660, y: 420, width: 580, height: 120),
               gradient: LinearGradient(start: Point(x: 660, y: 420), end: Point(x: 1240, y: 540),
                                        stops: [GradientStop(0, blue), GradientStop(0.5, .white), GradientStop(1, red)]))
        let sheet = Rect(x: 140, y: 590, width: 1000, height: 170)
        p.drawShadow(of: sheet, radii: CornerRadii(16), blur: 24, offset: Point(x: 0, y: 6),
                     color: Color(rgba: 0x0000_0066))
        p.fillRoundedRect(sheet, radii: CornerRadii(topLeft: 16, topRight: 16, bottomRight: 0, bottomLeft: 0),
                          color: .white)
    }

    func testShapesGolden() throws {
        let (surface, painter) = try GoldenImage.frame()
        Self.drawShapes(painter)
        try GoldenImage.check(surface, "shapes")
    }

    /// Summed coverage of an anti-aliased circle equals its area within a tiny error.
    func testCircleCoverageIsExactArea() throws {
        let surface = try Surface(width: 64, height: 64)
        let painter = Painter(target: surface)
        painter.fillCircle(center: Point(x: 31.3, y: 30.7), radius: 17.25, color: .white)
        var sum = 0.0
        for y in 0..<64 { for x in 0..<64 { sum += Double(surface.pixel(x: x, y: y) >> 24) / 255 } }
        XCTAssertEqual(sum, Double.pi * 17.25 * 17.25, accuracy: 1.0)
    }

    /// A rectangle edge at x.5 covers half of the pixel; whole-pixel edges are crisp.
    func testRoundedRectStraightEdgesAreExact() throws {
        let surface = try Surface(width: 40, height: 40)
        let painter = Painter(target: surface)
        painter.fillRoundedRect(Rect(x: 4.5, y: 4, width: 30, height: 30), radius: 6, color: .white)
        XCTAssertEqual(surface.pixel(x: 4, y: 20) >> 24, 128)
        XCTAssertEqual(surface.pixel(x: 5, y: 20) >> 24, 255)
        XCTAssertEqual(surface.pixel(x: 20, y: 3) >> 24, 0)
        XCTAssertEqual(surface.pixel(x: 20, y: 4) >> 24, 255)
        XCTAssertEqual(surface.pixel(x: 34, y: 20) >> 24, 128)
        XCTAssertEqual(surface.pixel(x: 5, y: 4) >> 24 < 128, true, "corner pixel is partly outside")
    }

    /// A stroke covers the ring between the outer and inner outlines: its total coverage is
    /// the difference of the two areas.
    func testStrokeCoverageIsRingArea() throws {
        let surface = try Surface(width: 80, height: 80)
        let painter = Painter(target: surface)
        painter.strokeRoundedRect(Rect(x: 10, y: 10, width: 60, height: 50), radii: CornerRadii(0), width: 2, color: .white)
        var sum = 0.0
        for y in 0..<80 { for x in 0..<80 { sum += Double(surface.pixel(x: x, y: y) >> 24) / 255 } }
        XCTAssertEqual(sum, 62 * 52 - 58 * 48, accuracy: 0.5)
    }

    /// A diagonal through pixel centres covers exactly those pixels; a horizontal 1 px line
    /// covers one whole row.
    func testLinesFollowPixelCentres() throws {
        let surface = try Surface(width: 12, height: 12)
        let p = Painter(target: surface)
        p.drawLine(from: Point(x: 0, y: 0), to: Point(x: 10, y: 10), color: .white)
        for i in 0..<10 {
            XCTAssertEqual(surface.pixel(x: i, y: i), 0xFFFF_FFFF, "pixel \(i)")
            XCTAssertEqual(surface.pixel(x: i, y: i + 1), 0)
        }
        p.drawLine(from: Point(x: 0, y: 11), to: Point(x: 12, y: 11), color: .white)
        XCTAssertEqual(surface.pixel(x: 5, y: 11), 0xFFFF_FFFF)
        XCTAssertEqual(surface.pixel(x: 5, y: 10) >> 24, 0)
    }

    /// Solid fills snap to whole pixels and replace opaque pixels exactly.
    func testFillAndHalfAlphaBlend() throws {
        let surface = try Surface(width: 8, height: 8, format: .xrgb8888)
        surface.fill(.white)
        let painter = Painter(target: surface)
        painter.fill(Rect(x: 0, y: 0, width: 4, height: 8), color: Color(hex: 0xFF0000))
        painter.alpha = 0.5
        painter.fill(Rect(x: 4, y: 0, width: 4, height: 8), color: .black)
        XCTAssertEqual(surface.pixel(x: 1, y: 1), 0xFFFF_0000)
        XCTAssertEqual(surface.pixel(x: 6, y: 1), 0xFF7F_7F7F)
    }

    /// Every coverage value blended by the SIMD and scalar kernels matches exact rounding of
    /// src-over, `round(s·c/255) + round(d·(255 − a)/255)`, within one level.
    func testMaskBlendMatchesExactFormula() throws {
        let surface = try Surface(width: 256, height: 1, format: .xrgb8888)
        surface.fill(Color(hex: 0x204060))
        let mask = try Surface(width: 256, height: 1)
        let painter = Painter(target: surface)
        // A horizontal gradient of alpha 0...255 drawn as a layer exercises blendRow too.
        for x in 0..<256 {
            let p = Painter(target: mask)
            p.fill(Rect(x: Double(x), y: 0, width: 1, height: 1), color: Color(red: 250, green: 128, blue: 3, alpha: UInt8(x)))
        }
        painter.draw(mask)
        for x in 0..<256 {
            let a = Double(x) / 255
            let expected = [(250.0, 0x20), (128.0, 0x40), (3.0, 0x60)].map { s, d in s * a + Double(d) * (1 - a) }
            let p = surface.pixel(x: x, y: 0)
            let got = [Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF)]
            for k in 0..<3 { XCTAssertEqual(got[k], expected[k], accuracy: 2.0, "x=\(x) channel \(k)") }
        }
    }
}
