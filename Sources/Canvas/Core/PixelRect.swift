// Integer pixel rectangles and real-valued geometry. Clips, damage regions and surface views
// are whole pixels (`PixelRect`); shapes are placed with sub-pixel precision (`Rect`).

/// A rectangle of whole pixels, `x..<x+width` by `y..<y+height`. Empty when either side ≤ 0.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    public var description: String { "(\(x),\(y) \(width)x\(height))" }

    /// The common part of two rectangles (empty, possibly `.zero`, if they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// Whether the rectangles share at least one pixel.
    public func intersects(_ other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle (an empty `other` always does).
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// The smallest rectangle holding both (an empty operand is ignored).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0,
                         height: Swift.max(maxY, other.maxY) - y0)
    }

    /// The parts of this rectangle not covered by `cut`: at most four disjoint rectangles,
    /// passed to `body` (top band, bottom band, then left and right of the middle band).
    @inline(__always)
    public func subtracting(_ cut: PixelRect, _ body: (PixelRect) -> Void) {
        guard intersects(cut) else { if !isEmpty { body(self) }; return }
        let mid = intersection(cut)
        if mid.y > y { body(PixelRect(x: x, y: y, width: width, height: mid.y - y)) }
        if mid.maxY < maxY { body(PixelRect(x: x, y: mid.maxY, width: width, height: maxY - mid.maxY)) }
        if mid.x > x { body(PixelRect(x: x, y: mid.y, width: mid.x - x, height: mid.height)) }
        if mid.maxX < maxX { body(PixelRect(x: mid.maxX, y: mid.y, width: maxX - mid.maxX, height: mid.height)) }
    }
}

/// A point with real coordinates (pixels; y grows downwards).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A rectangle with real coordinates, for shapes placed with sub-pixel precision.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public init(_ r: PixelRect) {
        self.init(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// True when every coordinate is finite and both sides are positive: the only rectangles
    /// that draw anything (NaN or infinite geometry draws nothing).
    public var isDrawable: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width > 0 && height > 0
            && abs(x) < 1e7 && abs(y) < 1e7 && width < 1e7 && height < 1e7
    }

    /// The rectangle grown by `d` on every side (shrunk when `d` is negative).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    /// The whole pixels this rectangle touches.
    public var enclosingPixels: PixelRect {
        let x0 = Int((x).rounded(.down)), y0 = Int((y).rounded(.down))
        let x1 = Int((maxX).rounded(.up)), y1 = Int((maxY).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The whole pixels whose centres lie inside this rectangle (how rect fills and clips snap).
    public var snappedPixels: PixelRect {
        let x0 = Int((x).rounded()), y0 = Int((y).rounded())
        let x1 = Int((maxX).rounded()), y1 = Int((maxY).rounded())
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Radii of the four corners of a rounded rectangle, clockwise from the top left.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// The same radius on all four corners.
    public init(_ all: Double) { self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all) }

    var isFinite: Bool { topLeft.isFinite && topRight.isFinite && bottomRight.isFinite && bottomLeft.isFinite }
}
