// Regions, the glyph cache budget, PNG round trips, colours and transforms.
import Canvas
import GoldenImages
import SwipeCore
import XCTest

final class UtilityTests: XCTestCase {
    func testRegionUnionIntersectSubtract() {
        var r = Region(PixelRect(x: 0, y: 0, width: 10, height: 10))
        r.formUnion(PixelRect(x: 5, y: 5, width: 10, height: 10))
        XCTAssertEqual(r.area, 175)
        XCTAssertEqual(r.bounds, PixelRect(x: 0, y: 0, width: 15, height: 15))
        for (i, a) in r.rects.enumerated() {
            for b in r.rects[(i + 1)...] { XCTAssertFalse(a.intersects(b), "rects are disjoint") }
        }
        XCTAssertTrue(r.contains(x: 12, y: 12))
        XCTAssertFalse(r.contains(x: 12, y: 2))
        var i = r
        i.formIntersection(PixelRect(x: 8, y: 0, width: 4, height: 20))
        XCTAssertEqual(i.area, 4 * 15 - 2 * 5 + 0)
        r.subtract(PixelRect(x: 0, y: 0, width: 15, height: 7))
        XCTAssertEqual(r.area, 175 - 10 * 7 - 5 * 2)
        XCTAssertEqual(Region(PixelRect(x: 0, y: 0, width: 4, height: 2)),
                       Region(PixelRect(x: 0, y: 0, width: 2, height: 2)).union(Region(PixelRect(x: 2, y: 0, width: 2, height: 2))))
        XCTAssertTrue(Region(.zero).isEmpty)
    }

    /// With a tiny budget, glyphs are evicted least-recently-used first, yet text still draws
    /// the same pixels (evicted glyphs are rendered again).
    func testGlyphCacheBudgetAndEviction() throws {
        let small = try TestFonts(glyphCacheBudget: 16 << 10)
        let big = try TestFonts()
        let text = "The quick brown fox jumps over the lazy dog 0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        func render(_ fonts: TestFonts) throws -> Surface {
            let surface = try Surface(width: 1280, height: 200, format: .xrgb8888)
            let p = Painter(target: surface)
            // The fonts stay alive for the whole test: a font's glyphs leave the cache with it.
            let layouts = try [14.0, 22, 30, 40].map { TextLayout(text, style: TextStyle(font: try fonts.font($0))) }
            for _ in 0..<2 {
                for (i, layout) in layouts.enumerated() {
                    p.draw(layout, at: Point(x: 4, y: Double(i) * 48), color: .white)
                }
            }
            return surface
        }
        let a = try render(small), b = try render(big)
        XCTAssertLessThanOrEqual(small.library.glyphCache.byteCount, small.library.glyphCache.byteBudget + 8 << 10)
        XCTAssertGreaterThan(small.library.glyphCache.evictions, 0)
        XCTAssertEqual(big.library.glyphCache.evictions, 0)
        XCTAssertEqual(GoldenImage.difference(a, b).maximum, 0)
    }

    func testPNGRoundTripKeepsPremultipliedPixels() throws {
        let surface = try Surface(width: 17, height: 9)
        let p = Painter(target: surface)
        p.fill(Rect(x: 0, y: 0, width: 17, height: 9), color: Color(rgba: 0x3366_99FF))
        p.fillCircle(center: Point(x: 8, y: 4), radius: 4, color: Color(rgba: 0xFF00_0080))
        let decoded = try PNG.decode(try PNG.encode(surface))
        XCTAssertEqual(decoded.width, 17)
        XCTAssertEqual(decoded.height, 9)
        XCTAssertLessThanOrEqual(GoldenImage.difference(surface, decoded).maximum, 1)
        let opaque = try Surface(width: 2, height: 2, format: .xrgb8888)
        opaque.fill(Color(hex: 0x102030))
        XCTAssertEqual(try PNG.decode(try PNG.encode(opaque)).pixel(x: 1, y: 1), 0xFF10_2030)
    }

    func testColorParsingAndPremultiplication() {
        XCTAssertEqual(Color(hexString: "#FF9500"), Color(hex: 0xFF9500))
        XCTAssertEqual(Color(hexString: "00000080"), Color(red: 0, green: 0, blue: 0, alpha: 0x80))
        XCTAssertNil(Color(hexString: "#12345"))
        XCTAssertNil(Color(hexString: "#GG0000"))
        XCTAssertEqual(Color(rgba: 0xFF80_00FF).premultiplied, 0xFFFF_8000)
        XCTAssertEqual(Color(rgba: 0xFF80_0080).premultiplied, 0x8080_4000)
        XCTAssertEqual(Color.white.withAlpha(.nan).alpha, 0)
    }

    func testTransformsComposeAndInvert() throws {
        let t = AffineTransform.rotation(0.3, around: Point(x: 5, y: 7)).then(.scale(x: 2, y: 3)).then(.translation(x: 4, y: -1))
        let inverse = try XCTUnwrap(t.inverted)
        let p = Point(x: 11, y: -3)
        let back = inverse.apply(t.apply(p))
        XCTAssertEqual(back.x, p.x, accuracy: 1e-9)
        XCTAssertEqual(back.y, p.y, accuracy: 1e-9)
        XCTAssertEqual(AffineTransform.rotation(.pi / 2, around: Point(x: 1, y: 1)).apply(Point(x: 2, y: 1)).y, 2, accuracy: 1e-12)
        XCTAssertNil(AffineTransform.scale(x: 0, y: 1).inverted)
    }

    func testShapeCacheReusesMasksForWholePixelMoves() throws {
        let surface = try Surface(width: 200, height: 60)
        let p = Painter(target: surface)
        for x in stride(from: 0.0, to: 150, by: 10) {
            p.fillRoundedRect(Rect(x: x, y: 5, width: 40, height: 24), radius: 12, color: .white)
        }
        XCTAssertEqual(p.shapeCache.count, 1)
        p.fillRoundedRect(Rect(x: 0.5, y: 5, width: 40, height: 24), radius: 12, color: .white)
        XCTAssertEqual(p.shapeCache.count, 2)
    }
}
