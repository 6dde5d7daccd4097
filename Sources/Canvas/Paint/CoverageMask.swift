// Anti-aliased shapes as 8-bit coverage masks with exact area coverage. A mask is computed once
// per shape geometry (and sub-pixel phase) and cached, so a frame only blends cached masks;
// this is where rounded rectangles, ellipses, strokes and soft shadows get their edges.
import SwipeCore

/// Per-row summary of a mask: coverage is 0 outside `lo..<hi` and 255 inside `solidLo..<solidHi`,
/// so blits fill the interior as a solid span and blend only the edges.
struct RowSpan {
    var lo: Int32
    var hi: Int32
    var solidLo: Int32
    var solidHi: Int32
}

/// An 8-bit coverage mask (0 = outside, 255 = inside) with rows `pitch` bytes apart.
final class CoverageMask {
    let width: Int
    let height: Int
    let pitch: Int
    let data: UnsafeMutablePointer<UInt8>
    let spans: UnsafeMutablePointer<RowSpan>

    /// Quantises `coverage` (row-major, `width * height` values in 0...1) into a mask.
    init(width: Int, height: Int, coverage: UnsafePointer<Float>) {
        self.width = width; self.height = height
        pitch = (width + 3) & ~3
        data = .allocate(capacity: max(1, pitch * height))
        data.initialize(repeating: 0, count: max(1, pitch * height))
        spans = .allocate(capacity: max(1, height))
        for y in 0..<height {
            var span = RowSpan(lo: Int32(width), hi: 0, solidLo: 0, solidHi: 0)
            var bestLo = 0, bestLen = 0, runLo = 0
            for x in 0..<width {
                let v = UInt8(min(255, max(0, coverage[y * width + x] * 255 + 0.5)))
                data[y * pitch + x] = v
                if v != 0 { span.lo = min(span.lo, Int32(x)); span.hi = Int32(x + 1) }
                if v != 255 { runLo = x + 1 } else if x + 1 - runLo > bestLen { bestLo = runLo; bestLen = x + 1 - runLo }
            }
            span.solidLo = Int32(bestLo); span.solidHi = Int32(bestLo + bestLen)
            spans[y] = span
        }
    }

    deinit {
        data.deallocate()
        spans.deallocate()
    }

    /// Bytes held by the mask (for the cache budget).
    var byteCount: Int { pitch * height + height * MemoryLayout<RowSpan>.stride }

    @inline(__always)
    func row(_ y: Int) -> UnsafePointer<UInt8> { UnsafePointer(data + y * pitch) }
}

/// The outline of a shape as its vertical extent at each x: the shape covers
/// `top(x)...bottom(x)` (a convex outline, which rounded rectangles and ellipses are).
protocol VerticalSpans {
    var minX: Double { get }
    var maxX: Double { get }
    /// The covered interval at abscissa `x`, or nil where the shape has no pixels.
    func span(at x: Double) -> (top: Double, bottom: Double)?
}

/// A rectangle with circular corners, radii scaled down (as CSS does) when they do not fit.
struct RoundedRectOutline: VerticalSpans {
    let rect: Rect
    let tl: Double, tr: Double, br: Double, bl: Double

    init(_ rect: Rect, _ r: CornerRadii) {
        self.rect = rect
        let c = [r.topLeft, r.topRight, r.bottomRight, r.bottomLeft].map { max(0, $0) }
        var f = 1.0
        for (sum, side) in [(c[0] + c[1], rect.width), (c[3] + c[2], rect.width),
                            (c[0] + c[3], rect.height), (c[1] + c[2], rect.height)] where sum > side {
            f = min(f, side / sum)
        }
        tl = c[0] * f; tr = c[1] * f; br = c[2] * f; bl = c[3] * f
    }

    var minX: Double { rect.x }
    var maxX: Double { rect.maxX }

    private static func inset(_ x: Double, _ left: Double, _ right: Double, _ rl: Double, _ rr: Double) -> Double {
        if rl > 0 && x < left + rl { let d = left + rl - x; return rl - (max(0, rl * rl - d * d)).squareRoot() }
        if rr > 0 && x > right - rr { let d = x - (right - rr); return rr - (max(0, rr * rr - d * d)).squareRoot() }
        return 0
    }

    func span(at x: Double) -> (top: Double, bottom: Double)? {
        guard x >= rect.x, x <= rect.maxX else { return nil }
        let top = rect.y + Self.inset(x, rect.x, rect.maxX, tl, tr)
        let bottom = rect.maxY - Self.inset(x, rect.x, rect.maxX, bl, br)
        return bottom > top ? (top, bottom) : nil
    }
}

/// An axis-aligned ellipse inscribed in a rectangle.
struct EllipseOutline: VerticalSpans {
    let rect: Rect
    var minX: Double { rect.x }
    var maxX: Double { rect.maxX }

    func span(at x: Double) -> (top: Double, bottom: Double)? {
        let rx = rect.width / 2, ry = rect.height / 2
        let t = (x - rect.x - rx) / rx
        guard abs(t) < 1 else { return nil }
        let h = ry * (1 - t * t).squareRoot()
        return (rect.y + ry - h, rect.y + ry + h)
    }
}

/// Accumulates exact area coverage of outlines into a float grid.
struct CoverageAccumulator {
    /// Sub-columns per pixel: the vertical extent is integrated exactly, the horizontal one
    /// with the midpoint rule over 16 slices clipped to the shape (straight sides are exact).
    static let slices = 16

    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        values = [Float](repeating: 0, count: width * height)
    }

    /// Adds `sign` times the area of `outline` (in grid coordinates) inside each grid cell.
    mutating func add(_ outline: some VerticalSpans, sign: Float) {
        var diff = [Float](repeating: 0, count: height + 1)
        let h = Double(height)
        let firstColumn = max(0, Int(outline.minX.rounded(.down)))
        let lastColumn = min(width - 1, Int(outline.maxX.rounded(.up)))
        guard firstColumn <= lastColumn else { return }
        for px in firstColumn...lastColumn {
            for j in 0...height { diff[j] = 0 }
            for k in 0..<Self.slices {
                let xa = max(outline.minX, Double(px) + Double(k) / Double(Self.slices))
                let xb = min(outline.maxX, Double(px) + Double(k + 1) / Double(Self.slices))
                guard xb > xa, let s = outline.span(at: (xa + xb) / 2) else { continue }
                let t = max(0, min(h, s.top)), b = max(0, min(h, s.bottom))
                guard b > t else { continue }
                let w = Float(xb - xa) * sign
                let ti = Int(t), bi = Int(b)
                if ti == bi {
                    values[ti * width + px] += w * Float(b - t)
                    continue
                }
                values[ti * width + px] += w * Float(Double(ti + 1) - t)
                if bi > ti + 1 { diff[ti + 1] += w; diff[bi] -= w }
                if bi < height { values[bi * width + px] += w * Float(b - Double(bi)) }
            }
            var run: Float = 0
            for j in 0..<height { run += diff[j]; values[j * width + px] += run }
        }
    }

    /// Three box blurs in each direction: a close approximation of a Gaussian of `sigma`.
    mutating func blur(sigma: Double) {
        let radius = max(1, Int(((12 * sigma * sigma / 3 + 1).squareRoot() - 1) / 2 + 0.5))
        var line = [Float](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height { boxBlur(start: y * width, step: 1, count: width, radius: radius, line: &line) }
            for x in 0..<width { boxBlur(start: x, step: width, count: height, radius: radius, line: &line) }
        }
    }

    private mutating func boxBlur(start: Int, step: Int, count: Int, radius: Int, line: inout [Float]) {
        for i in 0..<count { line[i] = values[start + i * step] }
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            if i + radius < count { sum += line[i + radius] }
            if i - radius - 1 >= 0 { sum -= line[i - radius - 1] }
            values[start + i * step] = sum * scale
        }
    }
}
