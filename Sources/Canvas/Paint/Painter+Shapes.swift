// Everything filled beyond plain rectangles: anti-aliased rounded rectangles (per-corner radii),
// circles and ellipses, rounded-rectangle strokes and soft drop shadows, each a cached coverage
// mask (ShapeCache) blended with the colour; and linear gradients (sheet dimming, scrims), whose
// colour ramp is resolved once into a 256-entry table so that filling only looks words up.
import SwipeCore

extension Painter {
    /// The largest area, in pixels, of an anti-aliased shape (16 Mi, e.g. 4096x4096); bigger
    /// shapes draw nothing, since their coverage masks would not fit in memory. A shape larger
    /// than the screen should be trimmed to it first.
    public static let maximumShapePixels = 16 << 20

    private func drawShape(_ kind: ShapeKind, _ rect: Rect, _ color: Color) {
        guard rect.isDrawable, rect.width * rect.height <= Double(Self.maximumShapePixels) else { return }
        let d = device(rect)
        let w = word(color)
        guard w != 0, d.insetBy(-shadowReach(kind)).enclosingPixels.intersects(state.clip) else { return }
        let (mask, x, y) = shapeCache.mask(kind, rect: d)
        blit(mask: mask.data, pitch: mask.pitch, width: mask.width, height: mask.height,
             spans: mask.spans, x: x, y: y, word: w)
    }

    /// How far outside its rectangle a shape can paint.
    private func shadowReach(_ kind: ShapeKind) -> Double {
        switch kind {
        case .shadow(_, let sigma): return 3 * sigma + 1
        case .roundedRectStroke(_, let width): return width / 2 + 1
        default: return 0
        }
    }

    /// Fills a rounded rectangle; radii larger than half a side are scaled down to fit.
    public func fillRoundedRect(_ rect: Rect, radii: CornerRadii, color: Color) {
        guard radii.isFinite else { return }
        drawShape(.roundedRect(radii), rect, color)
    }

    /// Fills a rounded rectangle with the same radius on every corner.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        fillRoundedRect(rect, radii: CornerRadii(radius), color: color)
    }

    /// Strokes the outline of a rounded rectangle with a line of `width` pixels centred on it.
    public func strokeRoundedRect(_ rect: Rect, radii: CornerRadii, width: Double, color: Color) {
        guard radii.isFinite, width.isFinite, width > 0, width < 1e4 else { return }
        drawShape(.roundedRectStroke(radii, width: width), rect, color)
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: Rect, color: Color) {
        drawShape(.ellipse, rect, color)
    }

    /// Fills a circle.
    public func fillCircle(center: Point, radius: Double, color: Color) {
        fillEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
                    color: color)
    }

    /// Draws the soft shadow of a rounded rectangle: the shape blurred with a Gaussian of
    /// standard deviation `blur / 2`, moved by `offset`. Draw it before the shape itself.
    public func drawShadow(of rect: Rect, radii: CornerRadii, blur: Double, offset: Point = Point(x: 0, y: 0),
                           color: Color) {
        guard radii.isFinite, blur.isFinite, blur >= 0, blur < 1000, offset.x.isFinite, offset.y.isFinite else { return }
        let moved = Rect(x: rect.x + offset.x, y: rect.y + offset.y, width: rect.width, height: rect.height)
        drawShape(.shadow(radii, sigma: blur / 2), moved, color)
    }
}

/// A colour at a position (0...1) along a gradient.
public struct GradientStop: Hashable, Sendable {
    public var offset: Double
    public var color: Color
    public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
}

/// A linear gradient from `start` to `end` (painter coordinates), padded beyond both ends.
/// Build it once and keep it: the constructor computes the colour table.
public struct LinearGradient: Sendable {
    public let start: Point
    public let end: Point
    /// 256 premultiplied colours evenly spaced from `start` to `end`.
    let table: [UInt32]

    /// A gradient through `stops` (sorted by offset here; at least one stop, else transparent).
    public init(start: Point, end: Point, stops: [GradientStop]) {
        self.start = start; self.end = end
        let sorted = stops.filter { $0.offset.isFinite }.sorted { $0.offset < $1.offset }
        table = (0..<256).map { i in
            guard let first = sorted.first, let last = sorted.last else { return 0 }
            let t = Double(i) / 255
            if t <= first.offset { return first.color.premultiplied }
            if t >= last.offset { return last.color.premultiplied }
            let j = sorted.firstIndex { $0.offset >= t }!
            let p = sorted[j - 1], q = sorted[j]
            let f = q.offset > p.offset ? (t - p.offset) / (q.offset - p.offset) : 1
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
            return Color(red: mix(p.color.red, q.color.red), green: mix(p.color.green, q.color.green),
                         blue: mix(p.color.blue, q.color.blue), alpha: mix(p.color.alpha, q.color.alpha)).premultiplied
        }
    }

    /// A vertical gradient from `top` at y0 to `bottom` at y1.
    public static func vertical(from top: Color, at y0: Double, to bottom: Color, at y1: Double) -> LinearGradient {
        LinearGradient(start: Point(x: 0, y: y0), end: Point(x: 0, y: y1), stops: [GradientStop(0, top), GradientStop(1, bottom)])
    }
}

extension Painter {
    /// Fills `rect` (snapped to whole pixels) with `gradient`, src-over, times the global alpha.
    public func fill(_ rect: Rect, gradient: LinearGradient) {
        guard rect.isDrawable, gradient.start.x.isFinite, gradient.start.y.isFinite,
              gradient.end.x.isFinite, gradient.end.y.isFinite else { return }
        let r = device(rect).snappedPixels.intersection(state.clip)
        guard !r.isEmpty else { return }
        let sx = gradient.start.x + state.originX, sy = gradient.start.y + state.originY
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let len2 = dx * dx + dy * dy
        // t(x, y) = ((x - sx)·dx + (y - sy)·dy) / len², sampled at pixel centres, scaled to 0...255.
        let kx = len2 > 0 ? 255 * dx / len2 : 0, ky = len2 > 0 ? 255 * dy / len2 : 0
        let alpha = UInt32(state.alpha * 255 + 0.5)
        gradient.table.withUnsafeBufferPointer { table in
            @inline(__always) func entry(_ t: Double) -> UInt32 {
                let i = t.isNaN ? 0 : Int(min(255, max(0, t + 0.5)))
                let word = table[i]
                return alpha == 255 ? word : PixelOps.blend(0, word, alpha)
            }
            for y in r.y..<r.maxY {
                let rowT = (Double(y) + 0.5 - sy) * ky + (Double(r.x) + 0.5 - sx) * kx
                if kx == 0 {
                    paintSpan(y: y, x: r.x, count: r.width, coverage: nil, word: entry(rowT))
                    continue
                }
                for i in 0..<r.width {
                    paintSpan(y: y, x: r.x + i, count: 1, coverage: nil, word: entry(rowT + Double(i) * kx))
                }
            }
        }
    }
}
