// What a decoded picture goes through before it is shown: straight alpha premultiplied,
// turned upright, scaled with a filter (an area average when shrinking, so a fine pattern
// becomes its mean colour instead of aliasing; linear when enlarging) and, for thumbnails,
// cut to the theme's shape with anti-aliased corners. Runs on workers, once per picture.

extension Surface {
    /// Multiplies every pixel's colour by its alpha (straight BGRA as decoders write it).
    func premultiplyInPlace() {
        for y in 0..<height {
            let row = row(y)
            for x in 0..<width {
                let p = row[x], a = p >> 24
                guard a != 255 else { continue }
                func m(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * a + 127) / 255) << shift }
                row[x] = a << 24 | m(16) | m(8) | m(0)
            }
        }
    }

    /// This surface turned upright as `orientation` says (itself when it already is).
    func oriented(_ orientation: EXIFOrientation) throws(CanvasError) -> Surface {
        guard orientation.value != 1 else { return self }
        let (w, h) = orientation.swapsAxes ? (height, width) : (width, height)
        let out: Surface
        do { out = try Surface(width: w, height: h, format: format) } catch { throw .picture(path: "", reason: "cannot turn \(w)x\(h) pixels") }
        for y in 0..<h {
            let row = out.row(y)
            for x in 0..<w {
                let s = orientation.source(x: x, y: y, width: width, height: height)
                row[x] = self.row(s.y)[s.x]
            }
        }
        return out
    }

    /// The part `crop` (x, y, width, height in this surface's pixels) scaled to `width`x`height`.
    /// Each output row is accumulated from its source rows in turn, so the extra memory is one row.
    public func resampled(crop: (x: Double, y: Double, width: Double, height: Double), width ow: Int, height oh: Int) throws -> Surface {
        let out = try Surface(width: ow, height: oh, format: .argb8888Premultiplied)
        let columns = Self.taps(from: crop.x, length: crop.width, source: width, count: ow)
        let rows = Self.taps(from: crop.y, length: crop.height, source: height, count: oh)
        var accumulator = [Float](repeating: 0, count: ow * 4)
        for oy in 0..<oh {
            for i in accumulator.indices { accumulator[i] = 0 }
            for (sy, wy) in rows[oy] {
                let source = row(sy)
                for ox in 0..<ow {
                    var b: Float = 0, g: Float = 0, r: Float = 0, a: Float = 0
                    for (sx, wx) in columns[ox] {
                        let p = source[sx]
                        b += wx * Float(p & 0xFF); g += wx * Float(p >> 8 & 0xFF)
                        r += wx * Float(p >> 16 & 0xFF); a += wx * Float(p >> 24)
                    }
                    let i = ox * 4
                    accumulator[i] += wy * b; accumulator[i + 1] += wy * g
                    accumulator[i + 2] += wy * r; accumulator[i + 3] += wy * a
                }
            }
            let target = out.row(oy)
            for ox in 0..<ow {
                func c(_ v: Float) -> UInt32 { UInt32(Swift.min(255, Swift.max(0, v + 0.5))) }
                let i = ox * 4
                let a = c(accumulator[i + 3])
                // Premultiplied: no channel may exceed alpha after rounding.
                target[ox] = a << 24 | Swift.min(a, c(accumulator[i + 2])) << 16
                    | Swift.min(a, c(accumulator[i + 1])) << 8 | Swift.min(a, c(accumulator[i]))
            }
        }
        return out
    }

    /// For each of `count` output pixels covering `length` source pixels from `start`: the
    /// source pixels and their weights (summing to 1). Shrinking averages the covered area;
    /// enlarging interpolates linearly between the two nearest pixel centres.
    static func taps(from start: Double, length: Double, source: Int, count: Int) -> [[(Int, Float)]] {
        let step = length / Double(count)
        return (0..<count).map { i in
            if step <= 1 {
                let centre = start + (Double(i) + 0.5) * step - 0.5
                let j = Int(centre.rounded(.down)), t = centre - Double(j)
                let a = Swift.min(Swift.max(j, 0), source - 1), b = Swift.min(Swift.max(j + 1, 0), source - 1)
                return a == b ? [(a, Float(1))] : [(a, Float(1 - t)), (b, Float(t))]
            }
            let lo = start + Double(i) * step, hi = lo + step
            var taps: [(Int, Float)] = []
            var j = Int(lo.rounded(.down))
            while Double(j) < hi {
                let overlap = Swift.min(hi, Double(j + 1)) - Swift.max(lo, Double(j))
                if overlap > 0 { taps.append((Swift.min(Swift.max(j, 0), source - 1), Float(overlap / step))) }
                j += 1
            }
            return taps
        }
    }

    /// Cuts the corners to quarter circles of `radius` (half the side: a circle), anti-aliased
    /// by the distance of each pixel centre from the corner's arc.
    public func roundCorners(radius: Double) {
        let r = Swift.min(radius, Double(Swift.min(width, height)) / 2)
        guard r > 0 else { return }
        for y in 0..<height {
            let row = row(y)
            let cy = Double(y) + 0.5
            let dy = Swift.max(0, Swift.max(r - cy, cy - (Double(height) - r)))
            guard dy > 0 else { continue }
            for x in 0..<width {
                let cx = Double(x) + 0.5
                let dx = Swift.max(0, Swift.max(r - cx, cx - (Double(width) - r)))
                guard dx > 0 else { continue }
                let coverage = Swift.min(1, Swift.max(0, r + 0.5 - (dx * dx + dy * dy).squareRoot()))
                guard coverage < 1 else { continue }
                let k = UInt32((coverage * 256).rounded())
                let p = row[x]
                func m(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * k) >> 8) << shift }
                row[x] = m(24) | m(16) | m(8) | m(0)
            }
        }
    }
}
