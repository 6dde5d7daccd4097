// Rotation is applied in exactly two places: the shadow→scanout copy and the touch mapping.
// Both use the formulas below, so a touch always lands on the pixel the app drew under it.
// "Logical" is the app's upright coordinate space; "physical" is the panel's scanout space.
import SwipeCore

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
    public func physicalRect(_ r: PixelRect, logical size: PixelSize) -> PixelRect {
        switch self {
        case .none: return r
        case .clockwise90:
            return PixelRect(x: size.height - r.maxY, y: r.x, width: r.height, height: r.width)
        case .upsideDown:
            return PixelRect(x: size.width - r.maxX, y: size.height - r.maxY, width: r.width, height: r.height)
        case .clockwise270:
            return PixelRect(x: r.y, y: size.width - r.maxX, width: r.height, height: r.width)
        }
    }

    /// The rotation that undoes this one.
    public var inverse: DisplayRotation { DisplayRotation(degrees: 360 - rawValue)! }
}
