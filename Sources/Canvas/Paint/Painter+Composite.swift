// Compositing one surface or run layer onto the target with an affine transform and an alpha:
// how the UI animates layers (navigation pushes, sheets, button transitions). Whole-pixel moves
// copy rows with SIMD blending (a run layer's runs are filled); any other transform samples
// bilinearly, with anti-aliased layer edges.
// `AffineTransform` (translate, scale, rotate about a point) lives here, its only use.
import Glibc
import SwipeCore

/// Rows of pixels a painter draws from: a surface, or a run layer decoding its rows.
protocol PixelSource {
    var width: Int { get }
    var height: Int { get }
    /// XRGB: the alpha byte is read as 0xFF.
    var isOpaque: Bool { get }
    /// Row `y` (0..<height); valid at least until the next row asked for.
    func pixels(row y: Int) -> UnsafePointer<UInt32>
}

extension Surface: PixelSource {
    var isOpaque: Bool { format == .xrgb8888 }
    @inline(__always)
    func pixels(row y: Int) -> UnsafePointer<UInt32> { UnsafePointer(row(y)) }
}

extension RunLayer: PixelSource {
    var isOpaque: Bool { true }
}

extension Painter {
    /// Draws `source` transformed by `transform` (source pixels → coordinates of this painter,
    /// before its translation), multiplied by `alpha` and the global alpha, src-over.
    /// XRGB sources are opaque. A singular or non-finite transform draws nothing. `source` must
    /// not share memory with the target (a whole-pixel move of an opaque source is a plain copy).
    public func draw(_ source: Surface, transform: AffineTransform = .identity, alpha: Double = 1) {
        draw(pixels: source, transform: transform, alpha: alpha)
    }

    /// Draws `layer` as `draw(_:transform:alpha:)` draws a surface holding its pixels.
    public func draw(_ layer: RunLayer, transform: AffineTransform = .identity, alpha: Double = 1) {
        draw(pixels: layer, transform: transform, alpha: alpha)
    }

    private func draw<Source: PixelSource>(pixels source: Source, transform: AffineTransform, alpha: Double) {
        let full = transform.then(.translation(x: state.originX, y: state.originY)).snapped
        guard let inverse = full.inverted else { return }
        let a = UInt32(Color.unit(alpha * state.alpha) * 255 + 0.5)
        guard a > 0 else { return }
        // Bounding box of the four transformed corners (no array: this runs every frame).
        let w = Double(source.width), h = Double(source.height)
        let p0 = full.apply(Point(x: 0, y: 0)), p1 = full.apply(Point(x: w, y: 0))
        let p2 = full.apply(Point(x: 0, y: h)), p3 = full.apply(Point(x: w, y: h))
        let minX = min(min(p0.x, p1.x), min(p2.x, p3.x)), maxX = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let minY = min(min(p0.y, p1.y), min(p2.y, p3.y)), maxY = max(max(p0.y, p1.y), max(p2.y, p3.y))
        let box = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        guard box.x.isFinite, box.y.isFinite, abs(box.x) < 1e7, abs(box.y) < 1e7, box.width < 1e7, box.height < 1e7
        else { return }
        let r = box.enclosingPixels.intersection(state.clip)
        guard !r.isEmpty else { return }
        let opaque = source.isOpaque
        if full.isIntegerTranslation {
            let dx = Int(full.tx), dy = Int(full.ty)
            for y in r.y..<r.maxY {
                let coverage: UnsafePointer<UInt8>?
                if clipMasks.isEmpty { coverage = nil } else {
                    clippedCoverage(y: y, x: r.x, count: r.width, coverage: nil)
                    coverage = UnsafePointer(scratchCoverage)
                }
                PixelOps.blendRow(target.row(y) + r.x, source.pixels(row: y - dy) + (r.x - dx), count: r.width,
                                  alpha: a, coverage: coverage, forceOpaque: opaque)
            }
            return
        }
        for y in r.y..<r.maxY {
            sampleRow(source, inverse, y: y, x: r.x, count: r.width, opaque: opaque)
            let coverage: UnsafePointer<UInt8>?
            if clipMasks.isEmpty { coverage = nil } else {
                clippedCoverage(y: y, x: r.x, count: r.width, coverage: nil)
                coverage = UnsafePointer(scratchCoverage)
            }
            PixelOps.blendRow(target.row(y) + r.x, UnsafePointer(scratchPixels), count: r.width,
                              alpha: a, coverage: coverage, forceOpaque: false)
        }
    }

    /// Draws `layer` moved by (dx, dy) with `dim` blended over what it covers, then `cover` (at
    /// `coverAlpha`, as a painter at that alpha fills): the pixels of `draw(layer, transform:
    /// .translation(x: dx, y: dy))` followed by fills of the layer's rectangle with `dim` and
    /// `cover`, in one pass that fills each run of one colour (dimmed once) and copies the
    /// literal pixels between them. Moves that are not by whole pixels, rounded clips or a global
    /// alpha take those calls instead.
    public func composite(_ layer: RunLayer, dx: Double, dy: Double, dim: Color?, cover: Color? = nil, coverAlpha: Double = 1) {
        let coverWord = cover.map { $0.premultiplied(alpha: coverAlpha) } ?? 0
        let x = (state.originX + dx).snappedToWhole, y = (state.originY + dy).snappedToWhole
        guard clipMasks.isEmpty, state.alpha == 1, x == x.rounded(), y == y.rounded(), abs(x) < 1e7, abs(y) < 1e7 else {
            draw(layer, transform: .translation(x: dx, y: dy))
            let rect = Rect(x: dx, y: dy, width: Double(layer.width), height: Double(layer.height))
            if let dim { fill(rect, color: dim) }
            if coverWord != 0 { fill(device: device(rect).snappedPixels, word: coverWord) }
            return
        }
        let ox = Int(x), oy = Int(y)
        let r = PixelRect(x: ox, y: oy, width: layer.width, height: layer.height).intersection(state.clip)
        guard !r.isEmpty else { return }
        // The dim and the cover as one or two blends over the copied pixels (the first non-zero first).
        let dimWord = dim.map(word) ?? 0
        let (first, second) = dimWord == 0 ? (coverWord, UInt32(0)) : (dimWord, coverWord)
        if first >> 24 == 255 || second >> 24 == 255 { return fill(device: r, word: PixelOps.dimmed(first, by: second)) }
        for y in r.y..<r.maxY {
            let dst = target.row(y) + ox
            layer.forEachSegment(row: y - oy, from: r.x - ox, to: r.maxX - ox) { start, end, literal, colour in
                if let literal {
                    if first == 0 { PixelOps.copyOpaque(dst + start, literal, count: end - start) }
                    else { PixelOps.copyDimmed(dst + start, literal, count: end - start, color: first, then: second) }
                } else {
                    PixelOps.fill(dst + start, count: end - start, word: PixelOps.dimmed(PixelOps.dimmed(colour, by: first), by: second))
                }
            }
        }
    }

    /// Bilinear samples of `source` for device pixels (x..<x+count, y) into `scratchPixels`.
    /// Samples outside the source are transparent, which anti-aliases the layer's edges.
    private func sampleRow<Source: PixelSource>(_ source: Source, _ inv: AffineTransform, y: Int, x: Int, count: Int,
                                                opaque: Bool) {
        let py = Double(y) + 0.5
        var u = inv.a * (Double(x) + 0.5) + inv.c * py + inv.tx - 0.5
        var v = inv.b * (Double(x) + 0.5) + inv.d * py + inv.ty - 0.5
        let w = source.width, h = source.height
        let force: UInt32 = opaque ? 0xFF00_0000 : 0
        if inv.b == 0 {
            // Not rotated: v is the same along the row, whose two source rows are asked for once
            // (a run layer decodes them) instead of for every texel.
            guard v > -1, v < Double(h) else { return scratchPixels.update(repeating: 0, count: count) }
            let fv = v.rounded(.down), y0 = Int(fv), wy = UInt32((v - fv) * 256)
            let top = y0 >= 0 ? source.pixels(row: y0) : nil, bottom = y0 + 1 < h ? source.pixels(row: y0 + 1) : nil
            @inline(__always) func texel(_ row: UnsafePointer<UInt32>?, _ tx: Int) -> UInt32 {
                if let row, tx >= 0, tx < w { return row[tx] | force }
                return 0
            }
            for i in 0..<count {
                defer { u += inv.a }
                guard u > -1, u < Double(w) else { scratchPixels[i] = 0; continue }
                let fu = u.rounded(.down), x0 = Int(fu), wx = UInt32((u - fu) * 256)
                scratchPixels[i] = lerp(lerp(texel(top, x0), texel(top, x0 + 1), wx),
                                        lerp(texel(bottom, x0), texel(bottom, x0 + 1), wx), wy)
            }
            return
        }
        @inline(__always) func texel(_ tx: Int, _ ty: Int) -> UInt32 {
            tx >= 0 && ty >= 0 && tx < w && ty < h ? source.pixels(row: ty)[tx] | force : 0
        }
        for i in 0..<count {
            defer { u += inv.a; v += inv.b }
            guard u > -1, v > -1, u < Double(w), v < Double(h) else { scratchPixels[i] = 0; continue }
            let fu = u.rounded(.down), fv = v.rounded(.down)
            let x0 = Int(fu), y0 = Int(fv)
            let wx = UInt32((u - fu) * 256), wy = UInt32((v - fv) * 256)
            let top = lerp(texel(x0, y0), texel(x0 + 1, y0), wx)
            let bottom = lerp(texel(x0, y0 + 1), texel(x0 + 1, y0 + 1), wx)
            scratchPixels[i] = lerp(top, bottom, wy)
        }
    }

    /// Per-channel `p + (q - p) * t / 256` for premultiplied words, t in 0...256.
    @inline(__always)
    private func lerp(_ p: UInt32, _ q: UInt32, _ t: UInt32) -> UInt32 {
        // In steps with typed partial results: Swift 6.0 gives up type-checking the one-line form.
        let mask: UInt32 = 0x00FF_00FF
        let s: UInt32 = 256 - t
        let rbSum: UInt32 = (p & mask) &* s &+ (q & mask) &* t
        let agSum: UInt32 = ((p >> 8) & mask) &* s &+ ((q >> 8) & mask) &* t
        return (rbSum >> 8 & mask) | (agSum >> 8 & mask) << 8
    }
}

/// Maps a point (x, y) to (a·x + c·y + tx, b·x + d·y + ty).
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by (x, y).
    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by (sx, sy) about `center`.
    public static func scale(x sx: Double, y sy: Double, around center: Point = Point(x: 0, y: 0)) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: center.x - sx * center.x, ty: center.y - sy * center.y)
    }

    /// A rotation by `radians` (clockwise on screen, since y points down) about `center`.
    public static func rotation(_ radians: Double, around center: Point = Point(x: 0, y: 0)) -> AffineTransform {
        let cs = cos(radians), sn = sin(radians)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs,
                               tx: center.x - cs * center.x + sn * center.y,
                               ty: center.y - sn * center.x - cs * center.y)
    }

    /// `self` applied first, then `next`.
    public func then(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(a: next.a * a + next.c * b, b: next.b * a + next.d * b,
                        c: next.a * c + next.c * d, d: next.b * c + next.d * d,
                        tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// Where `p` goes.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The inverse, or nil when the transform is singular or not finite.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det.isFinite, abs(det) > 1e-12, tx.isFinite, ty.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The transform with coefficients within 1e-9 of an integer made exact, so that quarter
    /// turns and whole-pixel moves computed with cos/sin map pixel centres exactly onto
    /// pixel centres (bilinear sampling then copies pixels instead of mixing neighbours).
    var snapped: AffineTransform {
        AffineTransform(a: a.snappedToWhole, b: b.snappedToWhole, c: c.snappedToWhole, d: d.snappedToWhole,
                        tx: tx.snappedToWhole, ty: ty.snappedToWhole)
    }

    /// True when the transform only moves by whole pixels (the fast compositing path).
    var isIntegerTranslation: Bool {
        a == 1 && b == 0 && c == 0 && d == 1 && tx == tx.rounded() && ty == ty.rounded() && abs(tx) < 1e7 && abs(ty) < 1e7
    }
}

extension Double {
    /// The nearest whole number when within 1e-9 of it (rounding noise of a transform), else self.
    var snappedToWhole: Double { abs(self - rounded()) < 1e-9 ? rounded() : self }
}
