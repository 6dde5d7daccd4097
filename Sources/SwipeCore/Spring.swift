// A damped spring as a value: it describes a motion and evaluates it in closed form at any
// time, so tests pin numbers at explicit timestamps and a gesture's release velocity is
// handed to the settle animation. Modelled on SwiftUI's `Spring`.
import RealModule

/// A damped harmonic oscillator `m·x'' + c·x' + k·x = 0` pulling a value toward a target.
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    /// Physical parameters. Non-positive mass or stiffness are clamped to tiny positive
    /// values so evaluation stays finite.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = max(mass, 1e-6)
        self.stiffness = max(stiffness, 1e-6)
        self.damping = max(damping, 0)
    }

    /// `response` is the period of the undamped oscillation in seconds (SwiftUI's meaning);
    /// `dampingRatio` 1 is critical, below 1 bounces.
    public init(response: Double, dampingRatio: Double) {
        let r = max(response, 1e-4)
        let omega = 2 * Double.pi / r
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// Designer vocabulary: `duration` is the perceptual duration, `bounce` runs from −1
    /// (overdamped) through 0 (critical) to 1 (undamped).
    public init(duration: Double, bounce: Double = 0) {
        let b = min(max(bounce, -1), 1)
        let ratio = b >= 0 ? 1 - b : 1 / (1 + b + 1e-9)
        self.init(response: duration, dampingRatio: ratio)
    }

    /// A critically damped spring that covers 99.9 % of its distance in `duration` seconds:
    /// UIKit's "duration D, damping ratio 1" animations (docs/BEHAVIOUR.md "Rows" §1.13, ω ≈ 9.23/D).
    public static func criticallyDamped(over duration: Double) -> Spring {
        let omega = 9.23 / max(duration, 1e-4)
        return Spring(mass: 1, stiffness: omega * omega, damping: 2 * omega)
    }

    /// SwipeCellKit's release spring: mass 1, stiffness 100, damping 18 (ζ = 0.9, ω0 = 10).
    public static let swipeRelease = Spring(mass: 1, stiffness: 100, damping: 18)
    /// No bounce, 0.5 s.
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// A little bounce, 0.5 s.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// Visible bounce, 0.5 s.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// Undamped angular frequency ω0 in rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2·√(k·m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// The undamped period in seconds.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// Position of a value that starts at `from` with `initialVelocity` (units/s) and is
    /// pulled toward `to`, `time` seconds later.
    public func value(from: Double, to: Double, initialVelocity: Double = 0, time: Double) -> Double {
        to + displacement(x0: from - to, v0: initialVelocity, t: max(0, time)).x
    }

    /// Velocity (units/s) of the same motion at `time`.
    public func velocity(from: Double, to: Double, initialVelocity: Double = 0, time: Double) -> Double {
        displacement(x0: from - to, v0: initialVelocity, t: max(0, time)).v
    }

    /// SwiftUI form: motion from 0 to `target`.
    public func value(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        value(from: 0, to: target, initialVelocity: initialVelocity, time: time)
    }

    /// SwiftUI form: velocity of the motion from 0 to `target`.
    public func velocity(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        velocity(from: 0, to: target, initialVelocity: initialVelocity, time: time)
    }

    /// Advances `value`/`velocity` by `deltaTime` toward `target` (exact, so any step is stable).
    public func update(value: inout Double, velocity: inout Double, target: Double, deltaTime: Double) {
        let state = displacement(x0: value - target, v0: velocity, t: max(0, deltaTime))
        value = target + state.x
        velocity = state.v
    }

    /// Seconds until the motion stays within `epsilon` of the target. Underdamped springs use
    /// the exact decay envelope `√(A² + B²)·e^(−ζω0·t)`; critical and overdamped ones (at most
    /// one crossing) are scanned on a 10 ms grid from the envelope bound backwards and refined
    /// by bisection.
    public func settlingDuration(
        from: Double, to: Double, initialVelocity: Double = 0, epsilon: Double = 0.001
    ) -> Double {
        let x0 = from - to, v0 = initialVelocity
        let eps = max(epsilon, 1e-9)
        guard x0.isFinite, v0.isFinite, abs(x0) > eps || abs(v0) > eps else { return 0 }
        let w0 = naturalFrequency, z = dampingRatio
        if z < 1 - 1e-9 {
            let a = z * w0, wd = w0 * (1 - z * z).squareRoot()
            let amplitude = (x0 * x0 + ((v0 + a * x0) / wd) * ((v0 + a * x0) / wd)).squareRoot()
            return max(0, Double.log(amplitude / eps) / a)
        }
        // |x| ≤ (|x0| + |v0| + w0·|x0|)(1 + t)·e^(−rate·t): past `bound` it is below eps.
        let rate = decayRate
        let scale = (abs(x0) + abs(v0) + w0 * abs(x0)) / eps
        var bound = 0.01
        while bound < 60, scale * (1 + bound) * Double.exp(-rate * bound) > 1 { bound *= 1.5 }
        bound = min(bound, 60)
        var hi = bound
        while hi > 0, abs(displacement(x0: x0, v0: v0, t: max(0, hi - 0.01)).x) <= eps { hi -= 0.01 }
        var lo = max(0, hi - 0.01)
        guard abs(displacement(x0: x0, v0: v0, t: lo).x) > eps else { return 0 }
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            if abs(displacement(x0: x0, v0: v0, t: mid).x) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// Settling time of a unit motion at rest (target 1, velocity 0, epsilon 0.001).
    public var settlingDuration: Double { settlingDuration(from: 0, to: 1) }

    /// The slowest exponential rate of the homogeneous solution (1/s).
    var decayRate: Double {
        let w = naturalFrequency, z = dampingRatio
        return z < 1 ? z * w : w * (z - (z * z - 1).squareRoot())
    }

    /// Closed-form displacement and velocity relative to the target.
    func displacement(x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
        let w0 = naturalFrequency, z = dampingRatio
        if abs(z - 1) < 1e-9 {
            let e = Double.exp(-w0 * t)
            let b = v0 + w0 * x0
            return ((x0 + b * t) * e, (v0 - w0 * b * t) * e)
        } else if z < 1 {
            let a = z * w0
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (v0 + a * x0) / wd
            let e = Double.exp(-a * t), c = Double.cos(wd * t), s = Double.sin(wd * t)
            return (e * (x0 * c + b * s), e * (v0 * c - (a * b + wd * x0) * s))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            let e1 = Double.exp(r1 * t), e2 = Double.exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }
}
