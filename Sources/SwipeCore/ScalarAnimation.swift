// One animated number: a spring or a timed curve from a start value to a target, started at
// a known instant. Every state machine of the core keeps these instead of running animators,
// so "where is the row at t = 0.35 s" is a pure function. The curve and the spring compute in
// Double seconds from the exact difference of two Instants.

/// How an animation moves between its endpoints.
public enum AnimationTiming: Hashable, Sendable {
    /// Physics; the duration is the spring's settling time to within `epsilon`.
    case spring(Spring, epsilon: Double)
    /// A fixed duration along a timing curve.
    case curve(CubicBezier, duration: Duration)
    /// UIKit's "duration D, damping ratio 1": a critically damped spring that lands at D
    /// (`Spring.criticallyDamped(over:)`). Meant for animations that start at rest.
    case critical(Duration)
}

/// A value animating from `from` to `to`, beginning at `start` (+ `delay`).
public struct ScalarAnimation: Hashable, Sendable {
    public let from: Double
    public let to: Double
    /// Units per second at the start (springs only; curves start from rest).
    public let initialVelocity: Double
    public let start: Instant
    public let timing: AnimationTiming
    /// `start + delay` and the duration in nanoseconds, the only times kept: every row asks
    /// `value(at:)` and `end` on every frame, Duration's own arithmetic is 128-bit (Instant.swift
    /// says what it costs), and a larger value is copied by memcpy (core events/s, BENCHMARKS.md
    /// "One time").
    private let begins: Int64
    private let length: Int64

    /// The wait after `start` before the value moves.
    public var delay: Duration { Duration(exactNanoseconds: begins - start.nanoseconds) }
    /// From `start + delay` until the value equals `to` exactly.
    public var duration: Duration { Duration(exactNanoseconds: length) }
    /// The time at which the animation has reached its target.
    public var end: Instant { Instant(nanoseconds: Instant.saturating(begins, plus: length)) }

    public init(
        from: Double, to: Double, initialVelocity: Double = 0, start: Instant, delay: Duration = .zero,
        timing: AnimationTiming
    ) {
        let from = from.isFinite ? from : to
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.start = start
        self.timing = timing
        let duration: Duration
        switch timing {
        case .curve(_, let d), .critical(let d):
            duration = max(.zero, d)
        case .spring(let spring, let epsilon):
            duration = Duration(seconds: spring.settlingDuration(
                from: from, to: to, initialVelocity: self.initialVelocity, epsilon: epsilon))
        }
        begins = (start + max(.zero, delay)).nanoseconds
        length = duration.nanoseconds
    }

    /// Nanoseconds from `start + delay` to `time` (saturating).
    private func elapsed(at time: Instant) -> Int64 {
        let (elapsed, overflow) = time.nanoseconds.subtractingReportingOverflow(begins)
        return overflow ? (time.nanoseconds > begins ? .max : .min) : elapsed
    }

    /// True at and after `end`.
    public func isFinished(at time: Instant) -> Bool { time >= end }

    /// The animated value at `time` (the start value before the delay, the target after the end).
    public func value(at time: Instant) -> Double {
        let elapsed = elapsed(at: time)
        if elapsed <= 0 { return from }
        if elapsed >= length { return to }
        let t = Double(elapsed) / 1e9
        switch timing {
        case .curve(let curve, _):
            return from + (to - from) * curve.value(at: t / (Double(length) / 1e9))
        case .spring(let spring, _):
            return spring.value(from: from, to: to, initialVelocity: initialVelocity, time: t)
        case .critical(let d):
            return Spring.criticallyDamped(over: d.inSeconds).value(from: from, to: to, initialVelocity: initialVelocity, time: t)
        }
    }

    /// Units per second at `time` (0 outside the running interval).
    public func velocity(at time: Instant) -> Double {
        let elapsed = elapsed(at: time)
        guard elapsed > 0, elapsed < length else { return 0 }
        let t = Double(elapsed) / 1e9, length = Double(length) / 1e9
        switch timing {
        case .curve(let curve, _):
            let h = min(1e-4, length / 100)
            let a = curve.value(at: t / length), b = curve.value(at: (t + h) / length)
            return (to - from) * (b - a) / h
        case .spring(let spring, _):
            return spring.velocity(from: from, to: to, initialVelocity: initialVelocity, time: t)
        case .critical(let d):
            return Spring.criticallyDamped(over: d.inSeconds).velocity(from: from, to: to, initialVelocity: initialVelocity, time: t)
        }
    }
}
