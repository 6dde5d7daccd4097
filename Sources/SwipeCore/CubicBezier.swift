// Cubic-bezier timing curves (CSS / Core Animation control points) for the animations the
// seed libraries run with UIView curves: button scale pops, delete collapse, sheet settle.

/// A timing curve through (0,0), (x1,y1), (x2,y2), (1,1); maps linear progress to eased progress.
public struct CubicBezier: Hashable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    public static let linear = CubicBezier(0, 0, 1, 1)
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// UIKit's default `UIView.animate` curve.
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// Eased progress for linear progress `x` in 0…1 (clamped).
    public func value(at x: Double) -> Double {
        guard x.isFinite else { return 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.sample(solveT(forX: x), y1, y2)
    }

    /// One coordinate of the curve at parameter t.
    private static func sample(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private static func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// Newton's method with a bisection fallback: x(t) is monotonic because x1, x2 ∈ [0, 1].
    private func solveT(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.sample(t, x1, x2) - x
            if abs(error) < 1e-7 { return t }
            let d = Self.slope(t, x1, x2)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<40 {
            let value = Self.sample(t, x1, x2)
            if abs(value - x) < 1e-7 { break }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
