// Partial redraw: drawing a frame restricted to a damage region must give, pixel for pixel,
// what a full redraw gives inside the region, and leave every pixel outside it untouched.
import Canvas
import SwipeCore
import TestSupport
import XCTest

final class DamageTests: XCTestCase {
    /// Every kind of drawing: the shapes, clipping and layer scenes, then the list scene.
    func drawEverything(_ p: Painter, fonts: TestFonts, layer: Surface, list: DisplayList) throws {
        p.fillClip(color: Color(hex: 0xF2F2F7))
        ShapeTests.drawShapes(p)
        p.withSavedState { ClipAndLayerTests.drawLayers(p, layer: layer) }
        try p.withSavedState {
            p.alpha = 0.5
            try ClipAndLayerTests.drawClipping(p, fonts: fonts)
        }
        // Only the lower half of the list goes on top, so the other scenes stay visible.
        p.withSavedState {
            p.clip(toDevice: PixelRect(x: 0, y: 400, width: 1280, height: 400))
            list.render(with: p)
        }
    }

    func testRandomDamageEqualsFullRedraw() throws {
        let fonts = try TestFonts()
        let layer = try ClipAndLayerTests.makeLayer(fonts: fonts)
        let scene = try ReferenceScene(width: 1280, height: 800, library: fonts.library)
        let list = DisplayList()
        scene.record(into: list)
        let full = try Surface(width: 1280, height: 800, format: .xrgb8888)
        let fullPainter = Painter(target: full)
        let damaged = try Surface(width: 1280, height: 800, format: .xrgb8888)
        var random = SplitMix64(state: 20_240_611)
        for round in 0..<3 {
            full.fill(Color(hex: 0x123456))
            fullPainter.reset()
            try drawEverything(fullPainter, fonts: fonts, layer: layer, list: list)
            damaged.fill(Color(hex: 0xABCDEF))
            var region = Region()
            for _ in 0..<(6 + round * 4) {
                let w = Int.random(in: 1...400, using: &random), h = Int.random(in: 1...300, using: &random)
                region.formUnion(PixelRect(x: Int.random(in: -50...1250, using: &random),
                                           y: Int.random(in: -50...780, using: &random), width: w, height: h))
            }
            region.formIntersection(damaged.bounds)
            let painter = Painter(target: damaged)
            for rect in region.rects {
                painter.reset()
                painter.clip(toDevice: rect)
                try drawEverything(painter, fonts: fonts, layer: layer, list: list)
            }
            var mismatches = 0
            for y in 0..<800 {
                for x in 0..<1280 {
                    let expected = region.contains(x: x, y: y) ? full.pixel(x: x, y: y) : 0xFFAB_CDEF
                    if damaged.pixel(x: x, y: y) != expected { mismatches += 1 }
                }
            }
            XCTAssertEqual(mismatches, 0, "round \(round): \(region.rects.count) damage rects")
        }
    }

    /// The one-row damage of the bench redraws exactly the row's pixels.
    func testRowDamageOfReferenceScene() throws {
        let library = try FontLibrary()
        let scene = try ReferenceScene(width: 1280, height: 800, library: library)
        let list = DisplayList()
        scene.record(into: list)
        let full = try Surface(width: 1280, height: 800, format: .xrgb8888)
        list.render(with: Painter(target: full))
        let partial = try Surface(width: 1280, height: 800, format: .xrgb8888)
        let row = PixelRect(x: 0, y: 64 + 64 * 2, width: 1280, height: 64)
        let painter = Painter(target: partial)
        painter.clip(toDevice: row)
        list.render(with: painter)
        for y in 0..<800 {
            for x in stride(from: 0, to: 1280, by: 3) {
                let expected = row.contains(PixelRect(x: x, y: y, width: 1, height: 1)) ? full.pixel(x: x, y: y) : 0xFF00_0000
                XCTAssertEqual(partial.pixel(x: x, y: y), expected)
                if partial.pixel(x: x, y: y) != expected { return }
            }
        }
    }
}
