// UIScrollView's edge resistance: content follows the finger at 55 % at first and never
// travels more than one viewport (docs/BEHAVIOUR.md "Lists" §5.3). Used at list and sheet edges.

/// The hyperbolic rubber band `b(x) = (1 − 1/(x·c/d + 1))·d`.
public struct RubberBand: Hashable, Sendable {
    /// The slope at zero (0.55 in UIKit).
    public var coefficient: Double
    /// The viewport dimension `d`: the asymptote of the displacement.
    public var dimension: Double

    public init(coefficient: Double = 0.55, dimension: Double) {
        self.coefficient = coefficient
        self.dimension = max(dimension, 1)
    }

    /// Displayed overscroll for a finger overscroll `x` (odd function: the sign is kept).
    public func displacement(for x: Double) -> Double {
        guard x.isFinite else { return x.sign == .minus ? -dimension : dimension }
        let magnitude = (1 - 1 / (abs(x) * coefficient / dimension + 1)) * dimension
        return x < 0 ? -magnitude : magnitude
    }

    /// The finger overscroll that produces displayed overscroll `b` (|b| < dimension).
    public func fingerDistance(for b: Double) -> Double {
        let clamped = min(abs(b), dimension * 0.999_999)
        let magnitude = clamped * dimension / (coefficient * (dimension - clamped))
        return b < 0 ? -magnitude : magnitude
    }

    /// Applies the band to a value outside `range`: inside it the value passes unchanged.
    public func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        if value < range.lowerBound { return range.lowerBound + displacement(for: value - range.lowerBound) }
        if value > range.upperBound { return range.upperBound + displacement(for: value - range.upperBound) }
        return value
    }
}
