// The inner loops: every pixel the renderer writes goes through one of these few span
// kernels, so their speed is the renderer's speed. Four pixels are processed at a time in
// 128-bit SIMD registers (SSE2 on x86-64, NEON on ARM); pointers are unsafe but every caller
// has already clipped the span to the surface.
import CFreeType  // wmemset from <wchar.h> (see CSystem/CFreeType/shim.h)
import Glibc

/// Span kernels on premultiplied 0xAARRGGBB pixels (src-over compositing).
///
/// Four pixels travel as a `SIMD4<UInt32>`; their channels are split into the (blue, red) and
/// (green, alpha) pairs of each pixel and reinterpreted as `SIMD8<UInt16>` so that the products
/// fit 16-bit lanes. Only bit casts, masks, shifts and 16-bit multiplies are used: they map to
/// single SSE2/NEON instructions (no widening conversions, which Swift does not vectorise).
enum PixelOps {
    typealias Pixels = SIMD4<UInt32>
    typealias Pairs = SIMD8<UInt16>

    /// x / 255, rounded, for x ≤ 255 * 255 (exact over that range).
    @inline(__always)
    static func div255(_ x: Pairs) -> Pairs {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// (blue, red) of each pixel as 16-bit lanes.
    @inline(__always)
    static func rb(_ p: Pixels) -> Pairs { unsafeBitCast(p & 0x00FF_00FF, to: Pairs.self) }

    /// (green, alpha) of each pixel as 16-bit lanes.
    @inline(__always)
    static func ag(_ p: Pixels) -> Pairs { unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: Pairs.self) }

    /// Reassembles pixels from their channel pairs.
    @inline(__always)
    static func pack(_ rb: Pairs, _ ag: Pairs) -> Pixels {
        unsafeBitCast(rb, to: Pixels.self) | (unsafeBitCast(ag, to: Pixels.self) &<< 8)
    }

    /// A per-pixel factor (0...255 in each 32-bit lane) spread over both 16-bit halves.
    @inline(__always)
    static func spread(_ f: Pixels) -> Pairs { unsafeBitCast(f | (f &<< 16), to: Pairs.self) }

    /// src-over of premultiplied pairs `(srb, sag)` onto four destination pixels.
    @inline(__always)
    static func over(_ srb: Pairs, _ sag: Pairs, _ d: Pixels) -> Pixels {
        let inverse = spread(255 &- (unsafeBitCast(sag, to: Pixels.self) &>> 16))
        return pack(srb &+ div255(rb(d) &* inverse), sag &+ div255(ag(d) &* inverse))
    }

    @inline(__always)
    static func load4(_ p: UnsafePointer<UInt32>) -> Pixels {
        UnsafeRawPointer(p).loadUnaligned(as: Pixels.self)
    }

    @inline(__always)
    static func store4(_ v: Pixels, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Pixels.self)
    }

    /// One pixel: src-over of premultiplied `src` scaled by `cov` (0...255). It runs the
    /// four-pixel arithmetic on one lane, so span tails give exactly what full quads give.
    @inline(__always)
    static func blend(_ dst: UInt32, _ src: UInt32, _ cov: UInt32) -> UInt32 {
        let k = spread(Pixels(cov, 0, 0, 0)), s = Pixels(src, 0, 0, 0)
        return over(div255(rb(s) &* k), div255(ag(s) &* k), Pixels(dst, 0, 0, 0))[0]
    }

    /// Copies `word` into `count` pixels. glibc's `wmemset` (wchar_t is 32 bits on Linux: signed
    /// on x86-64, unsigned on aarch64, hence the bit-preserving conversion) is used because its
    /// AVX2/SSE2 versions beat a Swift loop.
    @inline(__always)
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, count: Int, word: UInt32) {
        guard count > 0 else { return }
        if count < 32 {  // a short span (shape interiors, separators) is cheaper than the call
            let v = Pixels(repeating: word)
            var i = 0
            while i + 4 <= count { store4(v, dst + i); i += 4 }
            while i < count { dst[i] = word; i += 1 }
            return
        }
        dst.withMemoryRebound(to: wchar_t.self, capacity: count) { _ = wmemset($0, wchar_t(truncatingIfNeeded: word), count) }
    }

    /// src-over of one premultiplied colour over `count` pixels (coverage 255 everywhere). A
    /// quad equal to the one before it gets the result already computed for that one: under a
    /// dim (a sheet's, a transition's) most of a page is plain background, so most quads cost a
    /// compare instead of the arithmetic (instruction counts, BENCHMARKS.md).
    static func blendSolid(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        let alpha = color >> 24
        if alpha == 255 { fill(dst, count: count, word: color); return }
        if color == 0 { return }
        let c = Pixels(repeating: color), inverse = Pairs(repeating: UInt16(255 - alpha))
        let srb = rb(c), sag = ag(c)
        @inline(__always) func over(_ d: Pixels) -> Pixels {
            pack(srb &+ div255(rb(d) &* inverse), sag &+ div255(ag(d) &* inverse))
        }
        var i = 0
        if count >= 4 {
            var before = load4(dst), after = over(before)
            while i + 4 <= count {
                let d = load4(dst + i)
                if d != before { before = d; after = over(d) }
                store4(after, dst + i)
                i += 4
            }
        }
        while i < count { dst[i] = blend(dst[i], color, 255); i += 1 }
    }

    /// src-over of one premultiplied colour through a coverage mask (`mask[i]` for `dst[i]`).
    /// With a translucent colour, the quads after one blended that have its coverage and
    /// destination get its result again: a soft shadow's rows are one coverage across the
    /// screen's width over plain background. Opaque colours (shapes' anti-aliased edges, where
    /// coverage changes from quad to quad) skip the check, which cost a scroll frame 1 %.
    static func blendMask(_ dst: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt8>, count: Int,
                          color: UInt32) {
        let c = Pixels(repeating: color)
        let crb = rb(c), cag = ag(c)
        let opaque = color >> 24 == 255
        @inline(__always) func coverage(_ at: Int) -> UInt32 { UnsafeRawPointer(mask + at).loadUnaligned(as: UInt32.self) }
        var i = 0
        while i + 4 <= count {
            let c4 = coverage(i)
            if c4 != 0 {
                if c4 == 0xFFFF_FFFF && opaque {
                    store4(c, dst + i)
                } else {
                    let d = load4(dst + i)
                    let cov = spread(Pixels(c4 & 0xFF, (c4 >> 8) & 0xFF, (c4 >> 16) & 0xFF, c4 >> 24))
                    let out = over(div255(crb &* cov), div255(cag &* cov), d)
                    store4(out, dst + i)
                    i += 4
                    if !opaque {
                        while i + 4 <= count, coverage(i) == c4, load4(dst + i) == d { store4(out, dst + i); i += 4 }
                    }
                    continue
                }
            }
            i += 4
        }
        while i < count {
            let k = UInt32(mask[i])
            if k != 0 { dst[i] = blend(dst[i], color, k) }
            i += 1
        }
    }

    /// Widens 8-bit coverage into the layout `SpreadBlender` reads: each pixel's coverage,
    /// rescaled to 0...256 (k + k/128, so 255 becomes exactly 256), in both 16-bit halves of a
    /// word. Glyph masks are stored this way once, when first rendered.
    static func spreadCoverage(_ mask: UnsafePointer<UInt8>, into words: UnsafeMutablePointer<UInt32>, count: Int) {
        for i in 0..<count {
            let k = UInt32(mask[i])
            words[i] = (k + (k >> 7)) &* 0x0001_0001
        }
    }

    /// The glyph kernel, for coverage spread by `spreadCoverage`. Made once per text line so
    /// the colour set-up is hoisted out of the per-row calls inlined into the glyph loop.
    ///
    /// With coverage k' in 0...256 a blend is `(s·k' + d·(256 − k')) >> 8`: no division by
    /// 255, exact at k = 0 and k = 255 and within one level in between (as pixman's and
    /// FreeType's own 8-bit compositing are). Products stay below 2^16, so 16-bit lanes hold them.
    struct SpreadBlender {
        let color: UInt32
        let crb: Pairs
        let cag: Pairs
        let opaque: Bool

        init(color: UInt32) {
            self.color = color
            let c = Pixels(repeating: color)
            crb = rb(c); cag = ag(c)
            opaque = color >> 24 == 255
        }

        /// Four pixels `d` blended with spread coverage `k`.
        @inline(__always)
        func apply(_ k: Pairs, _ d: Pixels) -> Pixels {
            if opaque {
                let inverse = Pairs(repeating: 256) &- k
                return pack((crb &* k &+ rb(d) &* inverse) &>> 8, (cag &* k &+ ag(d) &* inverse) &>> 8)
            }
            return over((crb &* k) &>> 8, (cag &* k) &>> 8, d)
        }

        /// Blends `count` pixels. Branch-free per quad (cheaper than testing for empty quads);
        /// the tail runs the same vector arithmetic on single pixels so that a glyph clipped
        /// anywhere gets exactly the pixels it gets unclipped (damage redraws rely on it).
        @inline(__always)
        func blend(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt32>, count: Int) {
            var i = 0
            while i + 4 <= count {
                store4(apply(unsafeBitCast(load4(coverage + i), to: Pairs.self), load4(dst + i)), dst + i)
                i += 4
            }
            while i < count {
                dst[i] = apply(unsafeBitCast(Pixels(coverage[i], 0, 0, 0), to: Pairs.self), Pixels(dst[i], 0, 0, 0))[0]
                i += 1
            }
        }
    }

    /// src-over of premultiplied `src` pixels scaled by `alpha` (0...255) and, if given, by a
    /// coverage mask. `forceOpaque` treats the source as XRGB (alpha byte read as 0xFF).
    static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                         alpha: UInt32, coverage: UnsafePointer<UInt8>?, forceOpaque: Bool) {
        let orMask: UInt32 = forceOpaque ? 0xFF00_0000 : 0
        if coverage == nil && alpha == 255 && forceOpaque {
            copyOpaque(dst, src, count: count)
            return
        }
        var i = 0
        if coverage == nil {
            let k = Pairs(repeating: UInt16(alpha)), orLanes = Pixels(repeating: orMask)
            while i + 4 <= count {
                let s = load4(src + i) | orLanes
                store4(over(div255(rb(s) &* k), div255(ag(s) &* k), load4(dst + i)), dst + i)
                i += 4
            }
        }
        while i < count {
            var k = alpha
            if let coverage { k = div255(k * UInt32(coverage[i])) }
            if k != 0 { dst[i] = blend(dst[i], src[i] | orMask, k) }
            i += 1
        }
    }

    /// Copies `count` XRGB pixels with their alpha byte set, in one pass of four quads at a
    /// time (a layer moved by whole pixels: a copy plus a second pass setting the alpha cost
    /// half as much again). `dst` and `src` must not overlap.
    static func copyOpaque(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int) {
        let alpha = Pixels(repeating: 0xFF00_0000)
        var i = 0
        while i + 16 <= count {
            let a = load4(src + i), b = load4(src + i + 4), c = load4(src + i + 8), d = load4(src + i + 12)
            store4(a | alpha, dst + i); store4(b | alpha, dst + i + 4)
            store4(c | alpha, dst + i + 8); store4(d | alpha, dst + i + 12)
            i += 16
        }
        while i + 4 <= count { store4(load4(src + i) | alpha, dst + i); i += 4 }
        while i < count { dst[i] = src[i] | 0xFF00_0000; i += 1 }
    }

    /// Copies `count` XRGB pixels with `color` (premultiplied, not opaque) blended over them in
    /// the same pass, then `second` (premultiplied; 0: none) over that: exactly `copyOpaque`, then
    /// `blendSolid` of each, without writing each pixel two or three times (a sheet's panel
    /// fading over its dimmed backdrop). Equal quads reuse the result of the one before, as in
    /// `blendSolid`.
    static func copyDimmed(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                           color: UInt32, then second: UInt32 = 0) {
        let alpha = Pixels(repeating: 0xFF00_0000)
        let c = Pixels(repeating: color), inverse = Pairs(repeating: UInt16(255 - (color >> 24)))
        let srb = rb(c), sag = ag(c)
        let c2 = Pixels(repeating: second), inverse2 = Pairs(repeating: UInt16(255 - (second >> 24)))
        let srb2 = rb(c2), sag2 = ag(c2)
        @inline(__always) func shade(_ s: Pixels) -> Pixels {
            let d = pack(srb &+ div255(rb(s) &* inverse), sag &+ div255(ag(s) &* inverse))
            return second == 0 ? d : pack(srb2 &+ div255(rb(d) &* inverse2), sag2 &+ div255(ag(d) &* inverse2))
        }
        var i = 0
        if count >= 4 {
            var before = load4(src) | alpha
            var after = shade(before)
            while i + 4 <= count {
                let s = load4(src + i) | alpha
                if s != before {
                    before = s
                    after = shade(s)
                }
                store4(after, dst + i)
                i += 4
            }
        }
        while i < count {
            let d = blend(src[i] | 0xFF00_0000, color, 255)
            dst[i] = second == 0 ? d : blend(d, second, 255)
            i += 1
        }
    }

    /// `word` (read as opaque) with `color` blended over it: what `blendSolid` makes of it.
    @inline(__always)
    static func dimmed(_ word: UInt32, by color: UInt32) -> UInt32 {
        color == 0 ? word | 0xFF00_0000 : blend(word | 0xFF00_0000, color, 255)
    }

    /// `a[i] = a[i] * b[i] / 255` for a clip mask row.
    static func multiply(_ a: UnsafeMutablePointer<UInt8>, by b: UnsafePointer<UInt8>, count: Int) {
        for i in 0..<count { a[i] = UInt8(div255(UInt32(a[i]) * UInt32(b[i]))) }
    }
}
