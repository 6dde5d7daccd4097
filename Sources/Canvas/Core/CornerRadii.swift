// The shape painter's geometry beyond the shared point/rect family (SwipeCore's Point, Rect,
// PixelRect): corner radii of rounded rectangles, and which rectangles draw anything at all.
import SwipeCore

extension Rect {
    /// True when every coordinate is finite and both sides are positive: the only rectangles
    /// that draw anything (NaN or infinite geometry draws nothing).
    public var isDrawable: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width > 0 && height > 0
            && abs(x) < 1e7 && abs(y) < 1e7 && width < 1e7 && height < 1e7
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
