// The drawing context the UI layer talks to: one target surface, a state stack (clip,
// translation, global alpha) and the span painter every primitive funnels into. Shapes, text,
// gradients and compositing live in Painter+*.swift; they all end in `paintSpan` or a mask blit.
import Glibc
import SwipeCore

/// Draws into a `Surface`. Create one per target and reuse it every frame: it owns scratch
/// buffers and a shape-mask cache so that drawing a frame allocates nothing.
///
/// Coordinates are pixels, y down, relative to the current translation. Rectangle fills snap
/// to whole pixels; shapes (rounded rects, ellipses) are anti-aliased with exact area coverage.
/// NaN or infinite geometry draws nothing.
public final class Painter {
    /// The surface being drawn into.
    public private(set) var target: Surface
    /// Anti-aliased coverage masks of shapes, cached by geometry (shared between painters if wanted).
    public let shapeCache: ShapeCache

    struct State {
        var clip: PixelRect
        var maskCount: Int
        var originX: Double
        var originY: Double
        var alpha: Double
    }

    /// A rounded-rectangle clip: its coverage mask placed at (x, y) in device pixels.
    struct ClipMask {
        let mask: CoverageMask
        let x: Int
        let y: Int
    }

    var state: State
    private var stack: [State] = []
    var clipMasks: [ClipMask] = []
    /// One row of coverage, for clipping masks against rounded clips.
    let scratchCoverage: UnsafeMutablePointer<UInt8>
    /// One row of pixels, for transformed compositing.
    let scratchPixels: UnsafeMutablePointer<UInt32>

    /// A painter for `target` with an unclipped, untranslated, opaque initial state.
    public init(target: Surface, shapeCache: ShapeCache = ShapeCache()) {
        self.target = target
        self.shapeCache = shapeCache
        state = State(clip: target.bounds, maskCount: 0, originX: 0, originY: 0, alpha: 1)
        stack.reserveCapacity(32)
        clipMasks.reserveCapacity(8)
        scratchCoverage = .allocate(capacity: Surface.maximumSide + 8)
        scratchPixels = .allocate(capacity: Surface.maximumSide + 8)
    }

    deinit {
        scratchCoverage.deallocate()
        scratchPixels.deallocate()
    }

    /// Draws into `surface` from now on and resets the state (clip = its bounds).
    public func retarget(_ surface: Surface) {
        target = surface
        reset()
    }

    /// Drops every saved state, clip, translation and alpha.
    public func reset() {
        stack.removeAll(keepingCapacity: true)
        clipMasks.removeAll(keepingCapacity: true)
        state = State(clip: target.bounds, maskCount: 0, originX: 0, originY: 0, alpha: 1)
    }

    // MARK: State

    /// Pushes the current clip, translation and alpha; `restore()` pops them.
    public func save() { stack.append(state) }

    /// Pops the state pushed by the matching `save()` (does nothing when nothing was saved).
    public func restore() {
        guard let saved = stack.popLast() else { return }
        state = saved
        clipMasks.removeSubrange(state.maskCount...)
    }

    /// Runs `body` between `save()` and `restore()`.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        save()
        defer { restore() }
        return try body()
    }

    /// Moves the origin by (dx, dy) for everything drawn after. A move that is not finite or
    /// would take the origin beyond ±10⁷ pixels is ignored.
    public func translate(x dx: Double, y dy: Double) {
        let x = state.originX + dx, y = state.originY + dy
        guard x.isFinite, y.isFinite, abs(x) < 1e7, abs(y) < 1e7 else { return }
        state.originX = x; state.originY = y
    }

    /// The global alpha (0...1) every later drawing is multiplied by.
    public var alpha: Double {
        get { state.alpha }
        set { state.alpha = Color.unit(newValue) }
    }

    /// The current clip in device pixels (the intersection of every clip pushed).
    public var clipBounds: PixelRect { state.clip }

    /// Whether anything drawn inside `rect` can touch a pixel of the clip (its enclosing pixels
    /// meet the clip rectangle): what lies wholly outside can be skipped.
    public func meetsClip(_ rect: Rect) -> Bool {
        rect.isDrawable && device(rect).enclosingPixels.intersects(state.clip)
    }

    /// Intersects the clip with `rect` (snapped to whole pixels).
    public func clip(to rect: Rect) {
        guard rect.isDrawable else { state.clip = .zero; return }
        clip(toDevice: device(rect).snappedPixels)
    }

    /// Intersects the clip with a rectangle of device pixels, ignoring the translation
    /// (how a damage rectangle is applied).
    public func clip(toDevice rect: PixelRect) {
        state.clip = state.clip.intersection(rect)
    }

    /// Intersects the clip with an anti-aliased rounded rectangle.
    public func clip(to rect: Rect, radii: CornerRadii) {
        guard rect.isDrawable, radii.isFinite else { state.clip = .zero; return }
        let d = device(rect)
        let (mask, x, y) = shapeCache.mask(.roundedRect(radii), rect: d)
        state.clip = state.clip.intersection(PixelRect(x: x, y: y, width: mask.width, height: mask.height))
        clipMasks.append(ClipMask(mask: mask, x: x, y: y))
        state.maskCount = clipMasks.count
    }

    /// `rect` moved by the current translation.
    @inline(__always)
    func device(_ rect: Rect) -> Rect {
        Rect(x: rect.x + state.originX, y: rect.y + state.originY, width: rect.width, height: rect.height)
    }

    /// The colour as a premultiplied word with the global alpha applied.
    @inline(__always)
    func word(_ color: Color) -> UInt32 { color.premultiplied(alpha: state.alpha) }

    // MARK: Rectangles

    /// Fills `rect` (snapped to whole pixels) with `color`.
    public func fill(_ rect: Rect, color: Color) {
        guard rect.isDrawable else { return }
        fill(device: device(rect).snappedPixels, word: word(color))
    }

    /// Fills the whole clip with `color` (src-over, like `fill`).
    public func fillClip(color: Color) { fill(device: state.clip, word: word(color)) }

    func fill(device rect: PixelRect, word: UInt32) {
        let r = rect.intersection(state.clip)
        guard !r.isEmpty, word != 0 else { return }
        guard clipMasks.isEmpty else {
            for y in r.y..<r.maxY { paintSpan(y: y, x: r.x, count: r.width, coverage: nil, word: word) }
            return
        }
        // The painter's state read once, not per row: each read was an exclusivity check, which
        // a narrow fill (a 6-pixel edge down the screen, a separator) paid on every row.
        let base = target.baseAddress, stride = target.stride
        for y in r.y..<r.maxY {
            PixelOps.blendSolid((base + y * stride).assumingMemoryBound(to: UInt32.self) + r.x, count: r.width, color: word)
        }
    }

    /// Draws a 1-pixel line. Horizontal and vertical lines cover whole pixels; others are
    /// anti-aliased (Xiaolin Wu).
    public func drawLine(from a: Point, to b: Point, color: Color) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite,
              abs(a.x) < 1e7, abs(a.y) < 1e7, abs(b.x) < 1e7, abs(b.y) < 1e7 else { return }
        let w = word(color)
        let x0 = a.x + state.originX, y0 = a.y + state.originY
        let x1 = b.x + state.originX, y1 = b.y + state.originY
        if y0 == y1 || x0 == x1 {
            let r = Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
            let p = r.snappedPixels
            fill(device: PixelRect(x: p.x, y: p.y, width: max(1, p.width), height: max(1, p.height)), word: w)
            return
        }
        let steep = abs(y1 - y0) > abs(x1 - x0)
        var (ax, ay, bx, by) = steep ? (y0, x0, y1, x1) : (x0, y0, x1, y1)
        if ax > bx { swap(&ax, &bx); swap(&ay, &by) }
        let gradient = (by - ay) / (bx - ax)
        // Pixel i covers i..<i+1 (centre i + 0.5), as everywhere else in the renderer.
        var start = Int((ax - 0.5).rounded(.up)), end = Int((bx - 0.5).rounded(.down))
        let clipLimit = steep ? (state.clip.y, state.clip.maxY) : (state.clip.x, state.clip.maxX)
        start = max(start, clipLimit.0); end = min(end, clipLimit.1 - 1)
        guard start <= end else { return }
        for major in start...end {
            let minor = ay + gradient * (Double(major) + 0.5 - ax) - 0.5
            let base = minor.rounded(.down), frac = minor - base
            plot(steep, major, Int(base), UInt8((1 - frac) * 255 + 0.5), w)
            plot(steep, major, Int(base) + 1, UInt8(frac * 255 + 0.5), w)
        }
    }

    private func plot(_ steep: Bool, _ major: Int, _ minor: Int, _ coverage: UInt8, _ word: UInt32) {
        let (x, y) = steep ? (minor, major) : (major, minor)
        guard coverage > 0, x >= state.clip.x, x < state.clip.maxX, y >= state.clip.y, y < state.clip.maxY else { return }
        var c = coverage
        paintSpan(y: y, x: x, count: 1, coverage: &c, word: word)
    }

    // MARK: Spans

    /// Paints `count` pixels of row `y` from `x` (already inside the clip rectangle) with a
    /// premultiplied colour, through `coverage` (nil = full) and the rounded clip masks.
    @inline(__always)
    func paintSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>?, word: UInt32) {
        let dst = target.row(y) + x
        if clipMasks.isEmpty {
            if let coverage { PixelOps.blendMask(dst, mask: coverage, count: count, color: word) }
            else { PixelOps.blendSolid(dst, count: count, color: word) }
            return
        }
        clippedCoverage(y: y, x: x, count: count, coverage: coverage)
        PixelOps.blendMask(dst, mask: scratchCoverage, count: count, color: word)
    }

    /// Fills `scratchCoverage[0..<count]` with `coverage` (or 255) times every rounded clip mask.
    func clippedCoverage(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>?) {
        if let coverage { scratchCoverage.update(from: coverage, count: count) }
        else { scratchCoverage.update(repeating: 255, count: count) }
        for clip in clipMasks {
            PixelOps.multiply(scratchCoverage, by: clip.mask.row(y - clip.y) + (x - clip.x), count: count)
        }
    }

    /// Blends a coverage mask whose top-left pixel lands on device (mx, my), skipping rows and
    /// columns outside the clip. `spans` (optional) marks zero and fully covered runs per row:
    /// those are skipped or filled without reading the mask.
    func blit(mask: UnsafePointer<UInt8>, pitch: Int, width: Int, height: Int, spans: UnsafePointer<RowSpan>?,
              x mx: Int, y my: Int, word: UInt32) {
        let r = PixelRect(x: mx, y: my, width: width, height: height).intersection(state.clip)
        guard !r.isEmpty else { return }
        let direct = clipMasks.isEmpty
        let base = target.baseAddress, stride = target.stride
        @inline(__always) func span(_ y: Int, _ x: Int, _ count: Int, _ coverage: UnsafePointer<UInt8>?) {
            guard direct else { return paintSpan(y: y, x: x, count: count, coverage: coverage, word: word) }
            let dst = (base + y * stride).assumingMemoryBound(to: UInt32.self) + x
            if let coverage { PixelOps.blendMask(dst, mask: coverage, count: count, color: word) }
            else { PixelOps.blendSolid(dst, count: count, color: word) }
        }
        for y in r.y..<r.maxY {
            let row = mask + (y - my) * pitch
            var lo = r.x, hi = r.maxX
            guard let spans, hi - lo > 0 else {
                span(y, lo, hi - lo, row + (lo - mx))
                continue
            }
            // Non-zero part of the row, widened to whole quads of the (zero-padded) mask rows
            // so the SIMD kernel has no scalar tail.
            let s = spans[y - my]
            lo = max(lo, mx + (Int(s.lo) & ~3)); hi = min(r.maxX, mx + ((Int(s.hi) + 3) & ~3))
            guard lo < hi else { continue }
            let solidLo = min(max(lo, mx + Int(s.solidLo)), hi), solidHi = max(min(hi, mx + Int(s.solidHi)), solidLo)
            guard solidHi - solidLo >= 64 else {
                span(y, lo, hi - lo, row + (lo - mx))
                continue
            }
            if solidLo > lo { span(y, lo, solidLo - lo, row + (lo - mx)) }
            span(y, solidLo, solidHi - solidLo, nil)
            if hi > solidHi { span(y, solidHi, hi - solidHi, row + (solidHi - mx)) }
        }
    }
}
