// Anti-aliased shapes for the UI: rounded rectangles (per-corner radii), circles and ellipses,
// rounded-rectangle strokes and soft drop shadows. Each is a cached coverage mask (ShapeCache)
// blended with the colour; whole-pixel interiors are filled as solid spans.

extension Painter {
    /// The largest side, in pixels, of an anti-aliased shape; bigger shapes draw nothing
    /// (their masks would not fit in memory; clip them to the screen before drawing).
    public static let maximumShapeSide = 2 * Surface.maximumSide

    private func drawShape(_ kind: ShapeKind, _ rect: Rect, _ color: Color) {
        guard rect.isDrawable, rect.width <= Double(Self.maximumShapeSide),
              rect.height <= Double(Self.maximumShapeSide) else { return }
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
