// Compositing one surface onto the target with an affine transform and an alpha: how the UI
// animates layers (navigation pushes, sheets, button transitions). Whole-pixel moves copy rows
// with SIMD blending; any other transform samples bilinearly, with anti-aliased layer edges.

extension Painter {
    /// Draws `source` transformed by `transform` (source pixels → coordinates of this painter,
    /// before its translation), multiplied by `alpha` and the global alpha, src-over.
    /// XRGB sources are opaque. A singular or non-finite transform draws nothing.
    public func draw(_ source: Surface, transform: AffineTransform = .identity, alpha: Double = 1) {
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
        let opaque = source.format == .xrgb8888
        if full.isIntegerTranslation {
            let dx = Int(full.tx), dy = Int(full.ty)
            for y in r.y..<r.maxY {
                let coverage: UnsafePointer<UInt8>?
                if clipMasks.isEmpty { coverage = nil } else {
                    clippedCoverage(y: y, x: r.x, count: r.width, coverage: nil)
                    coverage = UnsafePointer(scratchCoverage)
                }
                PixelOps.blendRow(target.row(y) + r.x, UnsafePointer(source.row(y - dy) + (r.x - dx)), count: r.width,
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

    /// Bilinear samples of `source` for device pixels (x..<x+count, y) into `scratchPixels`.
    /// Samples outside the source are transparent, which anti-aliases the layer's edges.
    private func sampleRow(_ source: Surface, _ inv: AffineTransform, y: Int, x: Int, count: Int, opaque: Bool) {
        let py = Double(y) + 0.5
        var u = inv.a * (Double(x) + 0.5) + inv.c * py + inv.tx - 0.5
        var v = inv.b * (Double(x) + 0.5) + inv.d * py + inv.ty - 0.5
        let w = source.width, h = source.height
        let force: UInt32 = opaque ? 0xFF00_0000 : 0
        @inline(__always) func texel(_ tx: Int, _ ty: Int) -> UInt32 {
            tx >= 0 && ty >= 0 && tx < w && ty < h ? source.row(ty)[tx] | force : 0
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
        let s = 256 - t
        let rb = ((p & 0x00FF_00FF) &* s &+ (q & 0x00FF_00FF) &* t) >> 8 & 0x00FF_00FF
        let ag = (((p >> 8) & 0x00FF_00FF) &* s &+ ((q >> 8) & 0x00FF_00FF) &* t) >> 8 & 0x00FF_00FF
        return rb | ag << 8
    }
}
