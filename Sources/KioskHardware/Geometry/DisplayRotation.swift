// Rotation is applied in exactly two places: the shadow→scanout copy and the touch mapping.
// Both use the formulas below, so a touch always lands on the pixel the app drew under it.
// "Logical" is the app's upright coordinate space; "physical" is the panel's scanout space.

/// Clockwise rotation of the app's picture on the panel.
public enum DisplayRotation: Int, CaseIterable, Sendable, CustomStringConvertible {
    case none = 0, clockwise90 = 90, upsideDown = 180, clockwise270 = 270

    /// Parses `0`, `90`, `180` or `270`.
    public init?(degrees: Int) {
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// Degrees clockwise.
    public var degrees: Int { rawValue }
    public var description: String { String(rawValue) }

    /// True when width and height swap between logical and physical space.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// This rotation followed by `other`.
    public func combined(with other: DisplayRotation) -> DisplayRotation {
        DisplayRotation(degrees: rawValue + other.rawValue)!
    }

    /// The logical size for a panel of `physical` size.
    public func logicalSize(physical: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: physical.height, height: physical.width) : physical
    }

    /// Maps a continuous logical point to physical coordinates (`logical` is the logical size).
    public func physicalPoint(_ p: Point, logical size: PixelSize) -> Point {
        let w = Double(size.width), h = Double(size.height)
        switch self {
        case .none: return p
        case .clockwise90: return Point(x: h - p.y, y: p.x)
        case .upsideDown: return Point(x: w - p.x, y: h - p.y)
        case .clockwise270: return Point(x: p.y, y: w - p.x)
        }
    }

    /// Maps a continuous physical point (a touch) to logical coordinates; inverse of ``physicalPoint(_:logical:)``.
    public func logicalPoint(_ p: Point, logical size: PixelSize) -> Point {
        let w = Double(size.width), h = Double(size.height)
        switch self {
        case .none: return p
        case .clockwise90: return Point(x: p.y, y: h - p.x)
        case .upsideDown: return Point(x: w - p.x, y: h - p.y)
        case .clockwise270: return Point(x: w - p.y, y: p.x)
        }
    }

    /// Maps a logical pixel rectangle to the physical rectangle covering the same pixels.
    public func physicalRect(_ r: DamageRect, logical size: PixelSize) -> DamageRect {
        switch self {
        case .none: return r
        case .clockwise90:
            return DamageRect(x: size.height - r.maxY, y: r.x, width: r.height, height: r.width)
        case .upsideDown:
            return DamageRect(x: size.width - r.maxX, y: size.height - r.maxY, width: r.width, height: r.height)
        case .clockwise270:
            return DamageRect(x: r.y, y: size.width - r.maxX, width: r.height, height: r.width)
        }
    }

    /// The rotation that undoes this one.
    public var inverse: DisplayRotation { DisplayRotation(degrees: 360 - rawValue)! }
}

/// A point in pixels (continuous: touches land between pixel centres).
public struct Point: Equatable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public var description: String { "(\(x), \(y))" }
}

/// A size in whole pixels.
public struct PixelSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// A rectangle of whole pixels that changed (app → display), in logical or physical space.
public struct DamageRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The whole surface of `size`.
    public init(size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    /// True when it covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "\(x),\(y) \(width)x\(height)" }

    /// The smallest rectangle containing both (an empty operand is ignored).
    public func union(_ other: DamageRect) -> DamageRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = min(x, other.x), minY = min(y, other.y)
        return DamageRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// The overlap of both, or an empty rectangle.
    public func intersection(_ other: DamageRect) -> DamageRect {
        let minX = max(x, other.x), minY = max(y, other.y)
        let w = min(maxX, other.maxX) - minX, h = min(maxY, other.maxY) - minY
        return w > 0 && h > 0 ? DamageRect(x: minX, y: minY, width: w, height: h) : DamageRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// This rectangle limited to a surface of `size`.
    public func clamped(to size: PixelSize) -> DamageRect { intersection(DamageRect(size: size)) }
}
