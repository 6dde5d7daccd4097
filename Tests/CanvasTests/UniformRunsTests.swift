// `Painter.composite(_:runs:…)` promises the pixels of a whole-pixel `draw` followed by a dim
// fill: checked over random layers (runs of every length, text-like noise, row ends), random
// moves, clips and dims, against those two calls. And the runs themselves: every run found is
// one colour, and none of the minimum length is missed.
@testable import Canvas
import SwipeCore
import XCTest

final class UniformRunsTests: XCTestCase {
    /// A deterministic generator, so a failure repeats.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    /// An XRGB layer whose rows mix long runs, short runs and noise, with a junk alpha byte.
    func randomLayer(width: Int, height: Int, _ g: inout Generator) throws -> Surface {
        let layer = try Surface(width: width, height: height, format: .xrgb8888)
        let palette: [UInt32] = [0x00F2_F2F7, 0x12FF_FFFF, 0x0000_0000, 0xFF00_7AFF, 0x7F34_C759]
        for y in 0..<height {
            var x = 0
            while x < width {
                let length = Int.random(in: 1...(Bool.random(using: &g) ? 70 : 6), using: &g)
                let word = Bool.random(using: &g) ? palette.randomElement(using: &g)! : UInt32.random(in: 0...UInt32.max, using: &g)
                for i in x..<min(width, x + length) { layer.row(y)[i] = word }
                x += length
            }
        }
        return layer
    }

    func testCompositeGivesThePixelsOfADrawAndAFill() throws {
        var g = Generator(state: 26)
        for round in 0..<60 {
            let layer = try randomLayer(width: Int.random(in: 1...90, using: &g), height: Int.random(in: 1...12, using: &g), &g)
            var runs = UniformRuns()
            runs.scan(layer)
            let screen = { () throws -> (Surface, Painter) in
                let s = try Surface(width: 120, height: 20, format: .xrgb8888)
                s.fill(Color(hex: 0x336699))
                return (s, Painter(target: s))
            }
            let (expected, reference) = try screen(), (actual, painter) = try screen()
            let dx = Double(Int.random(in: -40...100, using: &g)), dy = Double(Int.random(in: -6...14, using: &g))
            let clip = Rect(x: Double(Int.random(in: -5...60, using: &g)), y: Double(Int.random(in: -2...10, using: &g)),
                            width: Double(Int.random(in: 0...130, using: &g)), height: Double(Int.random(in: 0...22, using: &g)))
            let dims: [Color?] = [nil, Color(hex: 0x000000).withAlpha(0.4), Color(hex: 0x101820).withAlpha(0.07),
                                  Color(hex: 0x000000), Color(hex: 0xFFFFFF).withAlpha(0)]
            let dim = dims[round % dims.count]
            reference.clip(to: clip)
            reference.draw(layer, transform: .translation(x: dx, y: dy))
            if let dim { reference.fill(Rect(x: dx, y: dy, width: Double(layer.width), height: Double(layer.height)), color: dim) }
            painter.clip(to: clip)
            painter.composite(layer, runs: runs, dx: dx, dy: dy, dim: dim)
            for y in 0..<20 {
                for x in 0..<120 where expected.pixel(x: x, y: y) != actual.pixel(x: x, y: y) {
                    return XCTFail("round \(round): pixel (\(x), \(y)) is \(String(actual.pixel(x: x, y: y), radix: 16)), "
                                   + "draw + fill gives \(String(expected.pixel(x: x, y: y), radix: 16))")
                }
            }
        }
    }

    /// Runs of another surface of the same size are not trusted (attack6, finding 2).
    func testRunsOfAnotherSurfaceAreNotUsed() throws {
        let plain = try Surface(width: 32, height: 2, format: .xrgb8888)
        plain.fill(Color(hex: 0x336699))
        var runs = UniformRuns()
        runs.scan(plain)
        let striped = try Surface(width: 32, height: 2, format: .xrgb8888)
        for y in 0..<2 { for x in 0..<32 { striped.row(y)[x] = x % 2 == 0 ? 0x00FF_0000 : 0x0000_FF00 } }
        let expected = try Surface(width: 32, height: 2, format: .xrgb8888), actual = try Surface(width: 32, height: 2, format: .xrgb8888)
        let dim = Color(hex: 0x000000).withAlpha(0.4)
        let reference = Painter(target: expected)
        reference.draw(striped, transform: .translation(x: 0, y: 0))
        reference.fill(Rect(x: 0, y: 0, width: 32, height: 2), color: dim)
        Painter(target: actual).composite(striped, runs: runs, dx: 0, dy: 0, dim: dim)
        for y in 0..<2 {
            for x in 0..<32 where expected.pixel(x: x, y: y) != actual.pixel(x: x, y: y) {
                return XCTFail("pixel (\(x), \(y)) is \(String(actual.pixel(x: x, y: y), radix: 16)), "
                               + "draw + fill gives \(String(expected.pixel(x: x, y: y), radix: 16))")
            }
        }
    }

    func testRunsAreOneColourAndNoneOfTheMinimumLengthIsMissed() throws {
        var g = Generator(state: 7)
        for _ in 0..<40 {
            let layer = try randomLayer(width: Int.random(in: 1...200, using: &g), height: 3, &g)
            var runs = UniformRuns()
            runs.scan(layer)
            for y in 0..<layer.height {
                var covered = [Bool](repeating: false, count: layer.width)
                runs.forEachSegment(row: y, from: 0, to: layer.width) { start, end, uniform in
                    guard uniform else { return }
                    XCTAssertGreaterThanOrEqual(end - start, UniformRuns.minimumLength)
                    for x in start..<end {
                        XCTAssertEqual(layer.pixel(x: x, y: y), layer.pixel(x: start, y: y))
                        covered[x] = true
                    }
                }
                // The scan steps at most four pixels at a time, so it lands within the first
                // four pixels of any stretch of equal pixels: one of 16 + 3 is always found.
                var x = 0
                while x < layer.width {
                    var end = x
                    while end < layer.width, layer.pixel(x: end, y: y) == layer.pixel(x: x, y: y) { end += 1 }
                    if end - x >= UniformRuns.minimumLength + 3 {
                        XCTAssertTrue(covered[(x + 3)..<end].allSatisfy { $0 }, "row \(y): the run \(x)..<\(end) was not found")
                    }
                    x = end
                }
            }
        }
    }
}
