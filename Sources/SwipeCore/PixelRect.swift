// Whole-pixel geometry: the one integer rectangle of the project. The renderer clips, caches and
// tracks damage with it, the display copies the damaged rectangles to the scanout buffer with it
// (in logical or physical space), and `PixelSize` is a surface's or a panel's size.
// Members are inlinable because the renderer's span loops use them.

/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    @inlinable public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// A rectangle of whole pixels, `x..<x+width` by `y..<y+height`. Empty when either side ≤ 0.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The whole surface of `size`.
    @inlinable
    public init(size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// The empty rectangle at the origin.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var maxX: Int { x + width }
    @inlinable public var maxY: Int { y + height }
    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }
    @inlinable public var area: Int { isEmpty ? 0 : width * height }
    public var description: String { "(\(x),\(y) \(width)x\(height))" }

    /// The common part of two rectangles (empty, possibly `.zero`, if they do not overlap).
    @inlinable
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// This rectangle limited to a surface of `size`.
    @inlinable
    public func clamped(to size: PixelSize) -> PixelRect { intersection(PixelRect(size: size)) }

    /// Whether the rectangles share at least one pixel.
    @inlinable
    public func intersects(_ other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle (an empty `other` always does).
    @inlinable
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// The smallest rectangle holding both (an empty operand is ignored).
    @inlinable
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0,
                         height: Swift.max(maxY, other.maxY) - y0)
    }

    /// The parts of this rectangle not covered by `cut`: at most four disjoint rectangles,
    /// passed to `body` (top band, bottom band, then left and right of the middle band).
    @inlinable @inline(__always)
    public func subtracting(_ cut: PixelRect, _ body: (PixelRect) -> Void) {
        guard intersects(cut) else { if !isEmpty { body(self) }; return }
        let mid = intersection(cut)
        if mid.y > y { body(PixelRect(x: x, y: y, width: width, height: mid.y - y)) }
        if mid.maxY < maxY { body(PixelRect(x: x, y: mid.maxY, width: width, height: maxY - mid.maxY)) }
        if mid.x > x { body(PixelRect(x: x, y: mid.y, width: mid.x - x, height: mid.height)) }
        if mid.maxX < maxX { body(PixelRect(x: mid.maxX, y: mid.y, width: maxX - mid.maxX, height: mid.height)) }
    }
}
