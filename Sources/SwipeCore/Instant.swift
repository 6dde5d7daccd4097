// Time, once, below the hardware: a point in time is an `Instant` (Int64 nanoseconds on a
// monotonic clock the caller chose) and a span is the standard library's `Duration`. The loop
// stamps every input with one and the core, the UI and the app compare them and take their
// differences without converting: a difference of two Int64s is exact, where two Double seconds
// 40 days after boot (3.5e15 ns) would already have lost the nanoseconds. SwipeCore never reads a
// clock; KioskHardware reads CLOCK_BOOTTIME into Instants (`Instant+Clock.swift`).
//
// The literals: an Instant is also `ExpressibleByFloatLiteral` and `ExpressibleByIntegerLiteral`,
// in seconds, because the core's and the UI's tests pin every number at explicit times written as
// seconds (`time: 0.016`, `at: 1.2`); hundreds of them stay as readable as they were. Code that
// computes a time writes `Instant(seconds:)` or adds a Duration.
//
// Saturating: a time comes from outside too (a `deleted_at` another program wrote, a spring that
// never settles), so no conversion or sum here traps. Seconds that are NaN count as 0; beyond
// ±292 years (Int64 nanoseconds) a value stays at the end of the range, where a deadline simply
// never comes.

/// A point on a monotonic clock, in nanoseconds; only differences between two Instants matter.
public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    public typealias Duration = Swift.Duration

    /// Nanoseconds since the clock's origin (boot, for the loop's clock; 0 for virtual time).
    public var nanoseconds: Int64

    /// Creates an instant from nanoseconds.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The instant `seconds` after the clock's origin, rounded to the nearest nanosecond.
    public init(seconds: Double) { nanoseconds = Self.nanoseconds(seconds: seconds) }

    /// `seconds` in whole nanoseconds, rounded; NaN is 0, and what Int64 cannot hold its nearest end.
    static func nanoseconds(seconds: Double) -> Int64 {
        let n = (seconds * 1e9).rounded()
        if n.isNaN { return 0 }
        // 2^63 as a Double: the first value past Int64.max (which Double cannot hold exactly).
        if n >= 9_223_372_036_854_775_808.0 { return .max }
        if n <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(n)
    }

    /// `a + b`, or the end of the range it would pass.
    static func saturating(_ a: Int64, plus b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// The clock's origin.
    public static let zero = Instant(nanoseconds: 0)

    public func advanced(by duration: Duration) -> Instant {
        Instant(nanoseconds: Self.saturating(nanoseconds, plus: duration.nanoseconds))
    }

    public func duration(to other: Instant) -> Duration {
        let (difference, overflow) = other.nanoseconds.subtractingReportingOverflow(nanoseconds)
        return Duration(exactNanoseconds: overflow ? (other.nanoseconds > nanoseconds ? .max : .min) : difference)
    }

    public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }
    public static func + (a: Instant, b: Duration) -> Instant { a.advanced(by: b) }
    public static func - (a: Instant, b: Duration) -> Instant { a.advanced(by: .zero - b) }
    public static func - (a: Instant, b: Instant) -> Duration { b.duration(to: a) }
    public static func += (a: inout Instant, b: Duration) { a = a + b }

    public var description: String { "\(nanoseconds / 1_000_000)ms" }

    /// The earliest of `instants` that are there; nil when none is. Deadlines are gathered this
    /// way several times a frame: a loop over the arguments allocates nothing, where an array
    /// literal's `compactMap { $0 }.min()` allocated on each call (issue 26).
    @inlinable
    public static func earliest(_ instants: Instant?...) -> Instant? {
        var best: Instant?
        for case let instant? in instants where best.map({ instant < $0 }) ?? true { best = instant }
        return best
    }
}

extension Instant: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// Seconds after the clock's origin: `0.016` is 16 ms.
    public init(floatLiteral seconds: Double) { self.init(seconds: seconds) }

    /// Whole seconds after the clock's origin: `2` is 2 s.
    public init(integerLiteral seconds: Int64) { self.init(nanoseconds: seconds * 1_000_000_000) }
}

// Duration keeps attoseconds in 128 bits (`_high`, `_low`: public and frozen in the standard
// library's ABI since Swift 5.7), and its own conversions (`.nanoseconds(_:)`, `components`) go
// through software 128-bit multiplication and division: counted with callgrind, 19,000
// instructions of a 420,000-instruction swipe frame at 800x480 (BENCHMARKS.md, "One time").
// A 64 × 64-bit multiply, and a 64-bit divide within ±9.2 s (a 128-bit one beyond), give the
// same values.
extension Duration {
    /// `nanoseconds` as a Duration: attoseconds = nanoseconds × 10^9, in one full-width multiply.
    init(exactNanoseconds nanoseconds: Int64) {
        let (high, low) = nanoseconds.multipliedFullWidth(by: 1_000_000_000)
        self.init(_high: high, low: low)
    }

    /// The longest and shortest spans whole Int64 nanoseconds hold.
    static let nanosecondRange = Duration(exactNanoseconds: .min)...Duration(exactNanoseconds: .max)

    /// The span in whole nanoseconds (truncated toward zero below a nanosecond; Durations made
    /// from Instants never have a fraction of one); beyond ±292 years, the end of Int64's range.
    public var nanoseconds: Int64 {
        // Within ±9.2 s the attoseconds fit in 64 bits: one 64-bit division (the usual case:
        // animations, deadlines, a frame's age).
        if _high == 0, _low <= UInt64(Int64.max) { return Int64(_low) / 1_000_000_000 }
        if _high == -1, _low > UInt64(Int64.max) { return Int64(bitPattern: _low) / 1_000_000_000 }
        if self >= Self.nanosecondRange.upperBound { return .max }
        if self <= Self.nanosecondRange.lowerBound { return .min }
        return Int64(1_000_000_000).dividingFullWidth((high: _high, low: _low)).quotient
    }

    /// The span in seconds, for the physics: the exact nanoseconds divided once.
    public var inSeconds: Double { Double(nanoseconds) / 1e9 }

    /// The span of `seconds`, rounded to the nearest nanosecond (configuration values, physics
    /// results such as a spring's settling time).
    public init(seconds: Double) { self.init(exactNanoseconds: Instant.nanoseconds(seconds: seconds)) }
}
