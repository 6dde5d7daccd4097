// The span kernels skip work for quads equal to the one before (a dim over plain background, a
// shadow's rows of one coverage): whatever they skip, each pixel must come out as the one-pixel
// blend makes it. Checked over random spans built of repeated quads, noise and odd lengths.
@testable import Canvas
import XCTest

final class PixelOpsTests: XCTestCase {
    var g = RunLayerTests.Generator(state: 2026)

    /// `count` words in stretches that repeat (so quads repeat, at any alignment) or vary.
    func span<T: FixedWidthInteger>(_ count: Int, of _: T.Type, from choices: [T]) -> [T] {
        var out: [T] = []
        while out.count < count {
            let length = Int.random(in: 1...(Bool.random(using: &g) ? 40 : 5), using: &g)
            let value = Bool.random(using: &g) ? choices.randomElement(using: &g)! : T.random(in: T.min...T.max, using: &g)
            out += [T](repeating: value, count: length)
        }
        return Array(out.prefix(count))
    }

    /// A premultiplied colour (each channel at most its alpha).
    func premultiplied(alpha: UInt32) -> UInt32 {
        func channel() -> UInt32 { UInt32.random(in: 0...alpha, using: &g) }
        return alpha << 24 | channel() << 16 | channel() << 8 | channel()
    }

    func testSkippedQuadsGiveWhatEachPixelsBlendGives() {
        for _ in 0..<300 {
            let count = Int.random(in: 0...70, using: &g)
            let destination = span(count, of: UInt32.self, from: [0xFFF2_F2F7, 0xFF00_0000, 0xFF33_6699, 0x8020_2020])
            let color = premultiplied(alpha: [0, 1, 64, 102, 254, 255].randomElement(using: &g)!)
            let mask = span(count, of: UInt8.self, from: [0, 255, 17, 128])
            let source = span(count, of: UInt32.self, from: [0x00F2_F2F7, 0x7FFF_FFFF, 0x0000_0000])

            let second = [0, premultiplied(alpha: 255), premultiplied(alpha: [1, 128, 254].randomElement(using: &g)!)].randomElement(using: &g)!
            var masked = destination, solid = destination, dimmed = destination, twice = destination
            masked.withUnsafeMutableBufferPointer { d in
                mask.withUnsafeBufferPointer { PixelOps.blendMask(d.baseAddress!, mask: $0.baseAddress!, count: count, color: color) }
            }
            solid.withUnsafeMutableBufferPointer { PixelOps.blendSolid($0.baseAddress!, count: count, color: color) }
            if color >> 24 < 255 {
                dimmed.withUnsafeMutableBufferPointer { d in
                    source.withUnsafeBufferPointer { PixelOps.copyDimmed(d.baseAddress!, $0.baseAddress!, count: count, color: color) }
                }
                twice.withUnsafeMutableBufferPointer { d in
                    source.withUnsafeBufferPointer {
                        PixelOps.copyDimmed(d.baseAddress!, $0.baseAddress!, count: count, color: color, then: second)
                    }
                }
            }
            // What a fill of `second` over the dimmed copy makes of it.
            var blendedOver = dimmed
            blendedOver.withUnsafeMutableBufferPointer { PixelOps.blendSolid($0.baseAddress!, count: count, color: second) }
            for i in 0..<count {
                let k = UInt32(mask[i])
                XCTAssertEqual(masked[i], k == 0 ? destination[i] : PixelOps.blend(destination[i], color, k), "blendMask, pixel \(i)")
                XCTAssertEqual(solid[i], color == 0 ? destination[i] : PixelOps.blend(destination[i], color, 255), "blendSolid, pixel \(i)")
                if color >> 24 < 255 {
                    XCTAssertEqual(dimmed[i], PixelOps.blend(source[i] | 0xFF00_0000, color, 255), "copyDimmed, pixel \(i)")
                    XCTAssertEqual(dimmed[i], PixelOps.dimmed(source[i], by: color), "dimmed, pixel \(i)")
                    XCTAssertEqual(twice[i], blendedOver[i], "copyDimmed then \(String(second, radix: 16)), pixel \(i)")
                }
            }
        }
    }

    func testCopyDimmedThenEqualsTwoBlendsForEveryPairOfAlphas() {
        // The dim (never opaque) and the panel over it, each at every alpha: nine pixels, so both
        // the quads and the scalar tail, with the quads' reuse of an equal neighbour's result.
        let source: [UInt32] = [0x00F2_F2F7, 0x7FFF_FFFF, 0x7FFF_FFFF, 0x7FFF_FFFF, 0x7FFF_FFFF, 0x0000_0000, 0x0012_3456, 0x00F2_F2F7, 0xFF80_8080]
        for dimAlpha in UInt32(0)...254 {
            let dim = premultiplied(alpha: dimAlpha)
            for coverAlpha in UInt32(0)...255 {
                let cover = premultiplied(alpha: coverAlpha)
                var once = [UInt32](repeating: 0, count: source.count), twice = once
                source.withUnsafeBufferPointer { src in
                    once.withUnsafeMutableBufferPointer {
                        PixelOps.copyDimmed($0.baseAddress!, src.baseAddress!, count: source.count, color: dim, then: cover)
                    }
                    twice.withUnsafeMutableBufferPointer {
                        PixelOps.copyDimmed($0.baseAddress!, src.baseAddress!, count: source.count, color: dim)
                        PixelOps.blendSolid($0.baseAddress!, count: source.count, color: cover)
                    }
                }
                if once != twice { return XCTFail("dim \(String(dim, radix: 16)), cover \(String(cover, radix: 16)): \(once) != \(twice)") }
            }
        }
    }
}
