// Exponential velocity decay for kinetic scrolling, and the "projection" of where a flick
// comes to rest: the release rule that replaces SwipeCellKit's velocity-sign test
// (docs/BEHAVIOUR.md "Lists" §5.4; docs/BEHAVIOUR.md "Where we differ").
import RealModule

/// Velocity decays as `v(t) = v0 · rate^(1000·t)`: `rate` is the fraction kept per millisecond.
public struct Decay: Hashable, Sendable {
    public var rate: Double

    public init(rate: Double) {
        self.rate = min(max(rate, 0.5), 0.999_999)
    }

    /// UIScrollView's `.normal` deceleration (0.998 per ms).
    public static let normal = Decay(rate: 0.998)
    /// UIScrollView's `.fast` deceleration (0.99 per ms).
    public static let fast = Decay(rate: 0.99)

    /// ln(rate) per second.
    private var lambda: Double { 1000 * Double.log(rate) }

    /// Velocity `time` seconds after release.
    public func velocity(initialVelocity v0: Double, time: Double) -> Double {
        v0 * Double.exp(lambda * max(0, time))
    }

    /// Position `time` seconds after release from `from` with `v0`.
    public func value(from: Double, initialVelocity v0: Double, time: Double) -> Double {
        from + v0 * (Double.exp(lambda * max(0, time)) - 1) / lambda
    }

    /// Distance travelled until rest: the exact integral `−v0 / (1000·ln rate)`
    /// (≈ 0.4995·v0 at the normal rate).
    public func projectedDistance(initialVelocity v0: Double) -> Double {
        -v0 / lambda
    }

    /// Where a value released at `from` with `v0` comes to rest.
    public func project(from: Double, initialVelocity v0: Double) -> Double {
        from + projectedDistance(initialVelocity: v0)
    }

    /// Seconds until the speed falls below `threshold` units/s (0 when it already is).
    public func duration(initialVelocity v0: Double, threshold: Double = 1) -> Double {
        let speed = abs(v0)
        guard speed > threshold, threshold > 0 else { return 0 }
        return Double.log(threshold / speed) / lambda
    }
}
