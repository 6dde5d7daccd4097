// A RunLayer must give, byte for byte, the pixels a plain XRGB surface holding the same drawing
// gives, however it is composited: random page contents (rows of noise and of runs, shapes with
// fractional edges, gradients, translucent fills, rounded clips), drawn band by band, then moved
// by whole pixels under clips and dims (push, pull, a sheet's backdrop), with the resting dim
// baked in, and drawn scaled, faded, rotated or at fractional offsets (fade, zoom), each against
// the same calls on the surface. And its memory: runs are one colour, none of the minimum length
// is missed, and a page of noise or a photo keeps it plain, never bigger than the surface.
@testable import Canvas
import SwipeCore
import XCTest

final class RunLayerTests: XCTestCase {
    /// A deterministic generator, so a failure repeats.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    /// An XRGB surface whose rows mix long runs, short runs and noise, with a junk alpha byte.
    func randomWords(width: Int, height: Int, noise: Double = 0.5, _ g: inout Generator) throws -> Surface {
        let layer = try Surface(width: width, height: height, format: .xrgb8888)
        let palette: [UInt32] = [0x00F2_F2F7, 0x12FF_FFFF, 0x0000_0000, 0xFF00_7AFF, 0x7F34_C759]
        for y in 0..<height {
            var x = 0
            while x < width {
                let length = Int.random(in: 1...(Bool.random(using: &g) ? 70 : 6), using: &g)
                let word = Double.random(in: 0..<1, using: &g) >= noise ? palette.randomElement(using: &g)!
                    : UInt32.random(in: 0...UInt32.max, using: &g)
                for i in x..<min(width, x + length) { layer.row(y)[i] = word }
                x += length
            }
        }
        return layer
    }

    /// Random page contents: sometimes a translation, rows of words, then shapes over them.
    func randomPage(width: Int, height: Int, _ g: inout Generator) throws -> (Painter) -> Void {
        var ops: [(Painter) -> Void] = []
        if Bool.random(using: &g) {
            let tx = Double(Int.random(in: -8...8, using: &g)) + (Bool.random(using: &g) ? 0 : 0.5)
            let ty = Double(Int.random(in: -8...8, using: &g)) + (Bool.random(using: &g) ? 0 : 0.25)
            ops.append { $0.translate(x: tx, y: ty) }
        }
        if Bool.random(using: &g) {
            let words = try randomWords(width: width, height: height, noise: Double.random(in: 0...1, using: &g), &g)
            ops.append { $0.draw(words) }
        }
        func value(_ range: ClosedRange<Double>) -> Double { (Double.random(in: range, using: &g) * 4).rounded() / 4 }
        for _ in 0..<Int.random(in: 0...10, using: &g) {
            let r = Rect(x: value(-10...Double(width)), y: value(-6...Double(height)),
                         width: value(0...Double(width)), height: value(0...Double(height)))
            let color = Color(red: .random(in: 0...255, using: &g), green: .random(in: 0...255, using: &g),
                              blue: .random(in: 0...255, using: &g), alpha: Bool.random(using: &g) ? 255 : .random(in: 0...255, using: &g))
            let radius = value(0...12)
            switch Int.random(in: 0..<5, using: &g) {
            case 0: ops.append { $0.fill(r, color: color) }
            case 1: ops.append { $0.fillRoundedRect(r, radius: radius, color: color) }
            case 2: ops.append { $0.fillEllipse(in: r, color: color) }
            case 3:
                let gradient = LinearGradient(start: Point(x: r.minX, y: r.minY), end: Point(x: r.maxX, y: r.maxY),
                                              stops: [GradientStop(0, color), GradientStop(1, Color(hex: 0x204060))])
                ops.append { $0.fill(r, gradient: gradient) }
            default:
                ops.append { p in
                    p.withSavedState {
                        p.clip(to: r, radii: CornerRadii(radius))
                        p.fill(Rect(x: -20, y: -20, width: Double(width + 40), height: Double(height + 40)), color: color)
                    }
                }
            }
        }
        return { p in for op in ops { op(p) } }
    }

    /// `draw` played into a plain XRGB surface and into a run layer drawn in bands of `bandRows`.
    func both(width: Int, height: Int, bandRows: Int, _ draw: (Painter) -> Void) throws -> (Surface, RunLayer) {
        let surface = try Surface(width: width, height: height, format: .xrgb8888)
        draw(Painter(target: surface))
        let layer = try XCTUnwrap(RunLayer(width: width, height: height, bandRows: bandRows, shapeCache: ShapeCache(), draw: draw))
        return (surface, layer)
    }

    /// A random page up to 100x30 on a surface and in a run layer drawn in 1 to 8-row bands.
    func randomPageBoth(_ g: inout Generator) throws -> (Surface, RunLayer) {
        let width = Int.random(in: 1...100, using: &g), height = Int.random(in: 1...30, using: &g)
        let bandRows = Int.random(in: 1...8, using: &g)
        return try both(width: width, height: height, bandRows: bandRows, try randomPage(width: width, height: height, &g))
    }

    /// Two 120x40 screens with the same background, and a painter for each.
    func screens() throws -> (expected: Surface, reference: Painter, actual: Surface, painter: Painter) {
        let expected = try Surface(width: 120, height: 40, format: .xrgb8888), actual = try Surface(width: 120, height: 40, format: .xrgb8888)
        expected.fill(Color(hex: 0x336699)); actual.fill(Color(hex: 0x336699))
        return (expected, Painter(target: expected), actual, Painter(target: actual))
    }

    func assertSame(_ expected: Surface, _ actual: Surface, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        for y in 0..<expected.height {
            for x in 0..<expected.width where expected.row(y)[x] != actual.row(y)[x] {
                return XCTFail("\(message): pixel (\(x), \(y)) is \(String(actual.row(y)[x], radix: 16)), the surface gives "
                               + String(expected.row(y)[x], radix: 16), file: file, line: line)
            }
        }
    }

    static let dims: [Color?] = [nil, Color(hex: 0x000000).withAlpha(0.4), Color(hex: 0x101820).withAlpha(0.07),
                                 Color(hex: 0x000000), Color(hex: 0xFFFFFF).withAlpha(0)]

    func testAPageComposedFromItsRunsEqualsThePageOnASurface() throws {
        var g = Generator(state: 26)
        for round in 0..<150 {
            let (surface, layer) = try randomPageBoth(&g)
            let width = surface.width, height = surface.height, s = try screens()
            let dim = Self.dims[round % Self.dims.count]
            // A push or a sheet's backdrop: moved by whole pixels (a fraction now and then, a
            // rounded clip now and then: the general path), clipped, dimmed.
            let fraction = round % 7 == 0 ? 0.5 : 0
            let dx = Double(Int.random(in: -40...100, using: &g)) + fraction, dy = Double(Int.random(in: -12...30, using: &g))
            let clip = Rect(x: Double(Int.random(in: -5...60, using: &g)), y: Double(Int.random(in: -2...20, using: &g)),
                            width: Double(Int.random(in: 0...130, using: &g)), height: Double(Int.random(in: 0...42, using: &g)))
            for p in [s.reference, s.painter] {
                p.clip(to: clip)
                if round % 9 == 0 { p.clip(to: Rect(x: 0, y: 0, width: 120, height: 40), radii: CornerRadii(9)) }
            }
            s.reference.draw(surface, transform: .translation(x: dx, y: dy))
            if let dim { s.reference.fill(Rect(x: dx, y: dy, width: Double(width), height: Double(height)), color: dim) }
            s.painter.composite(layer, dx: dx, dy: dy, dim: dim)
            assertSame(s.expected, s.actual, "round \(round), moved by (\(dx), \(dy))")
        }
    }

    func testAPageDrawnScaledFadedOrRotatedFromItsRunsEqualsThePageOnASurface() throws {
        var g = Generator(state: 2611)
        for round in 0..<80 {
            let (surface, layer) = try randomPageBoth(&g)
            let width = surface.width, height = surface.height, s = try screens()
            // Zoom (scale about the middle, alpha), fade (alpha), a fractional move, a rotation.
            let scale = [1, 0.85, 1.1, 1.37][round % 4]
            let center = Point(x: Double(width) / 2, y: Double(height) / 2)
            var transform = AffineTransform.scale(x: scale, y: scale, around: center)
            if round % 5 == 4 { transform = transform.then(.rotation(0.3, around: center)) }
            transform = transform.then(.translation(x: Double.random(in: -20...60, using: &g), y: Double.random(in: -8...20, using: &g)))
            let alpha = round % 3 == 0 ? 1 : Double.random(in: 0...1, using: &g)
            s.reference.draw(surface, transform: transform, alpha: alpha)
            s.painter.draw(layer, transform: transform, alpha: alpha)
            assertSame(s.expected, s.actual, "round \(round), scale \(scale), alpha \(alpha)")
        }
    }

    /// A sheet's resting dim blended into the layer, then composited with no dim or another, and
    /// drawn scaled (rows decoded before the dim are not reused).
    func testADimBakedIntoTheRunsEqualsTheSurfaceFilledWithIt() throws {
        var g = Generator(state: 4)
        for round in 0..<60 {
            let width = Int.random(in: 1...100, using: &g), height = Int.random(in: 1...20, using: &g)
            let (surface, layer) = try both(width: width, height: height, bandRows: 3, try randomPage(width: width, height: height, &g))
            let resting = Self.dims[1 + round % (Self.dims.count - 1)]!
            let zoom = AffineTransform.scale(x: 1.1, y: 1.1, around: Point(x: 4, y: 3)).then(.translation(x: 5, y: 1))
            try screens().painter.draw(layer, transform: zoom, alpha: 0.5)  // rows decoded before the dim
            Painter(target: surface).fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: resting)
            layer.dim(by: resting)
            let s = try screens(), scaled = try screens()
            let dim = Self.dims[round % 2]
            s.reference.draw(surface, transform: .translation(x: 3, y: 2))
            if let dim { s.reference.fill(Rect(x: 3, y: 2, width: Double(width), height: Double(height)), color: dim) }
            s.painter.composite(layer, dx: 3, dy: 2, dim: dim)
            assertSame(s.expected, s.actual, "round \(round)")
            scaled.reference.draw(surface, transform: zoom, alpha: 0.5)
            scaled.painter.draw(layer, transform: zoom, alpha: 0.5)
            assertSame(scaled.expected, scaled.actual, "round \(round), scaled")
        }
    }

    func testRunsAreOneColourAndNoneOfTheMinimumLengthIsMissed() throws {
        var g = Generator(state: 7)
        for _ in 0..<40 {
            let words = try randomWords(width: Int.random(in: 1...200, using: &g), height: 3, &g)
            let (surface, layer) = try both(width: words.width, height: 3, bandRows: 2) { $0.draw(words) }
            for y in 0..<surface.height {
                var covered = [Bool](repeating: false, count: surface.width)
                layer.forEachSegment(row: y, from: 0, to: surface.width) { start, end, literal, colour in
                    guard literal == nil else { return }
                    XCTAssertGreaterThanOrEqual(end - start, RunLayer.minimumRun)
                    for x in start..<end {
                        XCTAssertEqual(surface.row(y)[x], colour)
                        covered[x] = true
                    }
                }
                // The scan steps at most four pixels at a time, so it lands within the first
                // four pixels of any stretch of equal pixels: one of 16 + 3 is always found
                // (unless the layer is plain: then there are no runs at all).
                var x = 0
                while x < surface.width, !layer.isPlain {
                    var end = x
                    while end < surface.width, surface.row(y)[end] == surface.row(y)[x] { end += 1 }
                    if end - x >= RunLayer.minimumRun + 3 {
                        XCTAssertTrue(covered[(x + 3)..<end].allSatisfy { $0 }, "row \(y): the run \(x)..<\(end) was not found")
                    }
                    x = end
                }
            }
        }
    }

    /// Noise and a photo (a gradient: no two neighbours equal) keep the layer plain, at most the
    /// bytes of a surface, with the same pixels; a page of rows and text-like bits is far smaller.
    func testALayerIsNeverBiggerThanAPlainSurface() throws {
        var g = Generator(state: 99)
        let noise = try Surface(width: 300, height: 40, format: .xrgb8888)
        for y in 0..<40 { for x in 0..<300 { noise.row(y)[x] = UInt32.random(in: 0...UInt32.max, using: &g) } }
        let photo: (Painter) -> Void = { p in
            p.fill(Rect(x: 0, y: 0, width: 300, height: 40),
                   gradient: LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 300, y: 40),
                                            stops: [GradientStop(0, Color(hex: 0x000000)), GradientStop(1, Color(hex: 0xFFFFFF))]))
            for x in stride(from: 0, to: 300, by: 2) { p.fill(Rect(x: Double(x), y: 0, width: 1, height: 40), color: Color(hex: 0x000000).withAlpha(0.03)) }
        }
        for (name, draw) in [("noise", { (p: Painter) in p.draw(noise) }), ("photo", photo)] {
            let (surface, layer) = try both(width: 300, height: 40, bandRows: 7, draw)
            XCTAssertTrue(layer.isPlain, name)
            XCTAssertLessThanOrEqual(layer.byteCount, 300 * 40 * 4, name)
            let s = try screens()
            s.reference.draw(surface, transform: .translation(x: -5, y: 1))
            s.painter.composite(layer, dx: -5, dy: 1, dim: nil)
            assertSame(s.expected, s.actual, name)
        }
        // Half noise still has runs worth keeping, and stays within a surface's bytes.
        let half = try randomWords(width: 300, height: 40, noise: 0.5, &g)
        let (_, mixed) = try both(width: 300, height: 40, bandRows: 7) { $0.draw(half) }
        XCTAssertLessThanOrEqual(mixed.byteCount, 300 * 40 * 4)
        let (_, page) = try both(width: 300, height: 200, bandRows: 16) { p in
            p.fill(Rect(x: 0, y: 0, width: 300, height: 200), color: Color(hex: 0xF2F2F7))
            for row in 0..<4 {
                p.fill(Rect(x: 0, y: Double(row * 50) + 0.5, width: 300, height: 48), color: Color(hex: 0xFFFFFF))
                p.fillEllipse(in: Rect(x: 10, y: Double(row * 50) + 8, width: 32, height: 32), color: Color(hex: 0x007AFF))
            }
        }
        XCTAssertFalse(page.isPlain)
        XCTAssertLessThan(page.byteCount, 300 * 200 * 4 / 5)
    }
}
