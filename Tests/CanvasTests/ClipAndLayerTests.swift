// The clip stack (rects, rounded rects, nesting, save/restore) and compositing layers with
// translate, scale, rotate and alpha; sub-surfaces as views into a parent.
import Canvas
import GoldenImages
import SwipeCore
import XCTest

final class ClipAndLayerTests: XCTestCase {
    static func drawClipping(_ p: Painter, fonts: TestFonts) throws {
        let title = TextLayout("Clipped text runs past the edge of its box", style: TextStyle(font: try fonts.font(28)))
        p.withSavedState {
            p.clip(to: Rect(x: 40, y: 40, width: 400, height: 200))
            p.fill(Rect(x: 0, y: 0, width: 1280, height: 800), color: Color(hex: 0xDDEEFF))
            p.fillCircle(center: Point(x: 440, y: 240), radius: 120, color: Color(hex: 0xFF9500))
            p.draw(title, at: Point(x: 60, y: 60), color: .black)
        }
        p.withSavedState {
            p.clip(to: Rect(x: 500, y: 40, width: 700, height: 300), radii: CornerRadii(40))
            p.fill(Rect(x: 0, y: 0, width: 1280, height: 800), color: Color(hex: 0x5856D6))
            p.fillRoundedRect(Rect(x: 480, y: 200, width: 300, height: 200), radius: 30, color: Color(hex: 0x34C759))
            p.draw(title, at: Point(x: 520, y: 60), color: .white)
            p.withSavedState {
                p.clip(to: Rect(x: 900, y: 100, width: 400, height: 400),
                       radii: CornerRadii(topLeft: 100, topRight: 0, bottomRight: 0, bottomLeft: 0))
                p.fill(Rect(x: 0, y: 0, width: 1280, height: 800), color: Color(hex: 0xFF2D55).withAlpha(0.8))
            }
            p.fill(Rect(x: 500, y: 300, width: 700, height: 10), color: .black)
        }
        p.translate(x: 40, y: 400)
        p.alpha = 0.5
        p.fillRoundedRect(Rect(x: 0, y: 0, width: 300, height: 300), radius: 150, color: Color(hex: 0x007AFF))
        p.fillRoundedRect(Rect(x: 150, y: 100, width: 300, height: 300), radius: 20, color: Color(hex: 0xFF3B30))
    }

    func testClippingGolden() throws {
        let fonts = try TestFonts()
        let (surface, painter) = try GoldenImage.frame()
        try Self.drawClipping(painter, fonts: fonts)
        try GoldenImage.check(surface, "clipping")
    }

    /// A 300x200 premultiplied layer: card with a shape and a label.
    static func makeLayer(fonts: TestFonts) throws -> Surface {
        let layer = try Surface(width: 300, height: 200)
        let p = Painter(target: layer)
        p.fillRoundedRect(Rect(x: 0, y: 0, width: 300, height: 200), radius: 24, color: .white)
        p.fillCircle(center: Point(x: 70, y: 100), radius: 40, color: Color(hex: 0xFF2D55))
        p.draw(TextLayout("Layer", style: TextStyle(font: try fonts.font(36, bold: true))), at: Point(x: 130, y: 75),
               color: .black)
        return layer
    }

    static func drawLayers(_ p: Painter, layer: Surface) {
        p.fill(Rect(x: 0, y: 0, width: 1280, height: 800), color: Color(hex: 0x2C3E50))
        p.draw(layer, transform: .translation(x: 40, y: 40))
        p.draw(layer, transform: .translation(x: 380.5, y: 40.25), alpha: 0.6)
        p.draw(layer, transform: AffineTransform.scale(x: 0.6, y: 0.6).then(.translation(x: 740, y: 60)))
        p.draw(layer, transform: AffineTransform.scale(x: 1.3, y: 1.3).then(.translation(x: 900, y: 300)), alpha: 0.9)
        p.draw(layer, transform: AffineTransform.rotation(.pi / 12, around: Point(x: 150, y: 100))
            .then(.translation(x: 80, y: 330)))
        p.draw(layer, transform: AffineTransform.rotation(-.pi / 4, around: Point(x: 150, y: 100))
            .then(.translation(x: 480, y: 330)), alpha: 0.75)
        p.withSavedState {
            p.clip(to: Rect(x: 60, y: 560, width: 500, height: 200), radii: CornerRadii(30))
            p.draw(layer, transform: .translation(x: 100, y: 540))
        }
    }

    func testLayersGolden() throws {
        let fonts = try TestFonts()
        let layer = try Self.makeLayer(fonts: fonts)
        let (surface, painter) = try GoldenImage.frame()
        Self.drawLayers(painter, layer: layer)
        try GoldenImage.check(surface, "layers")
    }

    /// An opaque layer moved by whole pixels is copied exactly; alpha 0.5 halves it.
    func testIntegerTranslationCopiesExactly() throws {
        let layer = try Surface(width: 10, height: 10, format: .xrgb8888)
        layer.fill(Color(hex: 0x336699))
        let target = try Surface(width: 40, height: 40, format: .xrgb8888)
        let painter = Painter(target: target)
        painter.draw(layer, transform: .translation(x: 5, y: 7))
        XCTAssertEqual(target.pixel(x: 5, y: 7), 0xFF33_6699)
        XCTAssertEqual(target.pixel(x: 14, y: 16), 0xFF33_6699)
        XCTAssertEqual(target.pixel(x: 15, y: 16), 0xFF00_0000)
        painter.draw(layer, transform: .translation(x: 20, y: 20), alpha: 0.5)
        XCTAssertEqual(target.pixel(x: 22, y: 22), 0xFF1A_334D)
    }

    /// A rotation by 90° about the centre maps pixels where expected (bilinear sampling at
    /// exact pixel centres reproduces source pixels).
    func testQuarterRotationMovesPixels() throws {
        let layer = try Surface(width: 20, height: 20)
        Painter(target: layer).fill(Rect(x: 0, y: 0, width: 10, height: 20), color: Color(hex: 0xFF0000))
        let target = try Surface(width: 20, height: 20)
        Painter(target: target).draw(layer, transform: .rotation(.pi / 2, around: Point(x: 10, y: 10)))
        // Clockwise on screen: the red left half turns into the top half.
        XCTAssertEqual(target.pixel(x: 10, y: 2), 0xFFFF_0000)
        XCTAssertEqual(target.pixel(x: 10, y: 15), 0)
    }

    /// Screen rotations: turning a frame by 90°, 180° or 270° and back reproduces it exactly,
    /// and a quarter turn moves the top-left pixel to the top-right.
    func testQuarterTurnsAreExact() throws {
        let fonts = try TestFonts()
        let frame = try Self.makeLayer(fonts: fonts)
        for quarter in 1...3 {
            let angle = Double(quarter) * .pi / 2
            let w = Double(frame.width), h = Double(frame.height)
            let side = quarter == 2 ? (w, h) : (h, w)
            let turn = AffineTransform.rotation(angle).then(.translation(
                x: quarter == 1 ? h : (quarter == 2 ? w : 0), y: quarter == 3 ? w : (quarter == 2 ? h : 0)))
            let turned = try Surface(width: Int(side.0), height: Int(side.1))
            Painter(target: turned).draw(frame, transform: turn)
            let back = try Surface(width: frame.width, height: frame.height)
            Painter(target: back).draw(turned, transform: try XCTUnwrap(turn.inverted))
            XCTAssertEqual(GoldenImage.difference(frame, back).maximum, 0, "quarter \(quarter)")
            if quarter == 1 { XCTAssertEqual(turned.pixel(x: turned.width - 1 - 40, y: 100), frame.pixel(x: 100, y: 40)) }
        }
    }

    /// Drawing into a sub-surface writes into the parent's memory at the offset, and the
    /// view's clip keeps it inside.
    func testSubsurfaceIsAView() throws {
        let parent = try Surface(width: 50, height: 50, format: .xrgb8888)
        let view = try parent.subsurface(PixelRect(x: 10, y: 20, width: 5, height: 5))
        Painter(target: view).fill(Rect(x: -100, y: -100, width: 1000, height: 1000), color: .white)
        XCTAssertEqual(parent.pixel(x: 10, y: 20), 0xFFFF_FFFF)
        XCTAssertEqual(parent.pixel(x: 14, y: 24), 0xFFFF_FFFF)
        XCTAssertEqual(parent.pixel(x: 15, y: 24), 0xFF00_0000)
        XCTAssertEqual(parent.pixel(x: 9, y: 20), 0xFF00_0000)
    }

    /// Wrapping external memory with a padded stride draws only inside the rows.
    func testWrappedMemoryWithStride() throws {
        var memory = [UInt32](repeating: 0xDEAD_BEEF, count: 8 * 4)
        try memory.withUnsafeMutableBytes { raw in
            let surface = try Surface(wrapping: raw.baseAddress!, width: 5, height: 4, stride: 32, format: .xrgb8888)
            Painter(target: surface).fill(Rect(x: 0, y: 0, width: 5, height: 4), color: .white)
        }
        XCTAssertEqual(memory[4], 0xFFFF_FFFF)
        XCTAssertEqual(memory[5], 0xDEAD_BEEF, "padding after the row is untouched")
        XCTAssertEqual(memory[8 * 3 + 4], 0xFFFF_FFFF)
    }

    /// restore() after a rounded clip removes it: later drawing is unclipped again.
    func testRestoreDropsRoundedClip() throws {
        let surface = try Surface(width: 20, height: 20)
        let p = Painter(target: surface)
        p.save()
        p.clip(to: Rect(x: 0, y: 0, width: 20, height: 20), radii: CornerRadii(10))
        p.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .white)
        XCTAssertEqual(surface.pixel(x: 0, y: 0) >> 24, 0)
        p.restore()
        p.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .white)
        XCTAssertEqual(surface.pixel(x: 0, y: 0), 0xFFFF_FFFF)
        XCTAssertEqual(p.clipBounds, surface.bounds)
    }
}
