// Plain 2-D geometry in screen pixels (Double), so the core needs neither CoreGraphics
// nor Foundation. Origin top-left, y grows downward, as on the framebuffer. These are the one
// point/size/rect family of the project: the renderer (Canvas), the widgets and the hardware
// layer (touch locations) all use them; whole-pixel rectangles are `PixelRect`.
// Members are inlinable because the renderer's span loops use them.

/// A point in screen pixels (continuous: touches land between pixel centres).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }

    /// Distance from the origin.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// True when both coordinates are finite numbers (not NaN, not infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}

/// A size in screen pixels.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle in screen pixels, placed with sub-pixel precision.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    @inlinable
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The real-valued rectangle covering exactly the pixels of `r`.
    @inlinable
    public init(_ r: PixelRect) {
        self.init(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var origin: Point { Point(x: x, y: y) }
    @inlinable public var size: Size { Size(width: width, height: height) }
    @inlinable public var minX: Double { x }
    @inlinable public var minY: Double { y }
    @inlinable public var maxX: Double { x + width }
    @inlinable public var maxY: Double { y + height }
    @inlinable public var midX: Double { x + width / 2 }
    @inlinable public var midY: Double { y + height / 2 }
    @inlinable public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// True when `point` lies inside (min edges inclusive, max edges exclusive).
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The overlap of two rectangles, or `.zero` when they do not overlap.
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `dx`, `dy`.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle grown by `d` on every side (shrunk when `d` is negative).
    @inlinable
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    /// The rectangle mirrored horizontally inside a container of width `containerWidth`.
    @inlinable
    public func mirrored(inWidth containerWidth: Double) -> Rect {
        Rect(x: containerWidth - maxX, y: minY, width: width, height: height)
    }

    /// The whole pixels this rectangle touches.
    @inlinable
    public var enclosingPixels: PixelRect {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let x1 = Int(maxX.rounded(.up)), y1 = Int(maxY.rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The whole pixels whose centres lie inside this rectangle (how rect fills and clips snap).
    @inlinable
    public var snappedPixels: PixelRect {
        let x0 = Int(x.rounded()), y0 = Int(y.rounded())
        let x1 = Int(maxX.rounded()), y1 = Int(maxY.rounded())
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
