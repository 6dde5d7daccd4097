// Pins SwipeCore's Instant and its Durations (Sources/SwipeCore/Instant.swift) at explicit values:
// differences are exact nanoseconds, negative ones too, long after boot where Double seconds are
// not, and the seconds literals the core's tests are written in mean what they say.
import SwipeCore
import TestSupport
import XCTest

final class InstantTests: XCTestCase {
    func testDifferencesAreExactNanosecondsEitherWay() {
        let a = Instant(nanoseconds: 1_000_000_007)
        let b = Instant(nanoseconds: 1_016_000_009)
        XCTAssertEqual(b - a, .nanoseconds(16_000_002))
        XCTAssertEqual(a - b, .nanoseconds(-16_000_002))
        XCTAssertEqual(a.duration(to: b), .nanoseconds(16_000_002))
        XCTAssertEqual((a - b).nanoseconds, -16_000_002)
        XCTAssertEqual((a - b).inSeconds, -0.016000002)
        XCTAssertEqual(a + .milliseconds(16), Instant(nanoseconds: 1_016_000_007))
        XCTAssertEqual(b - .milliseconds(16), Instant(nanoseconds: 1_000_000_009))
        var c = a
        c += .microseconds(5)
        XCTAssertEqual(c, Instant(nanoseconds: 1_000_005_007))
        XCTAssertLessThan(a, b)
        XCTAssertEqual(a.advanced(by: a.duration(to: b)), b)
    }

    // 40 days after boot: 3.456e15 ns. Double seconds there step by 2⁻³¹ s (0.47 ns), so one
    // nanosecond between two events comes out as 0.93 ns; Int64 nanoseconds keep it exact.
    func testFortyDaysAfterBootKeepsEveryNanosecond() {
        let fortyDays: Int64 = 40 * 86_400 * 1_000_000_000
        let a = Instant(nanoseconds: fortyDays)
        let b = Instant(nanoseconds: fortyDays + 1)
        XCTAssertEqual(b - a, .nanoseconds(1))
        XCTAssertEqual((b - a).inSeconds, 1e-9)
        XCTAssertEqual(Double(b.nanoseconds) / 1e9 - Double(a.nanoseconds) / 1e9, 0x1p-30, "Double seconds do not")
        XCTAssertEqual((a + .seconds(86_400)).nanoseconds, fortyDays + 86_400_000_000_000)
        XCTAssertEqual((a - Instant.zero), .seconds(40 * 86_400))
        XCTAssertEqual(a.description, "3456000000ms")
    }

    func testTheEarliestIsTheSmallestOfThoseThere() {
        XCTAssertNil(Instant.earliest())
        XCTAssertNil(Instant.earliest(nil, nil))
        XCTAssertEqual(Instant.earliest(nil, 3, nil), 3)
        XCTAssertEqual(Instant.earliest(5, 2, 9), 2)
        XCTAssertEqual(Instant.earliest(2, 5, 2, nil), 2)
        XCTAssertEqual(Instant.earliest(Instant(nanoseconds: .max), Instant(nanoseconds: .min)), Instant(nanoseconds: .min))
        // As the arrays it replaced computed it, over random deadlines some of which are missing.
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            let values: [Instant?] = (0..<4).map { _ in Bool.random(using: &rng) ? nil : Instant(nanoseconds: .random(in: -5...5, using: &rng)) }
            XCTAssertEqual(Instant.earliest(values[0], values[1], values[2], values[3]), values.compactMap { $0 }.min())
        }
    }

    func testSecondsLiteralsAndConversions() {
        let literal: Instant = 0.016
        XCTAssertEqual(literal.nanoseconds, 16_000_000)
        let whole: Instant = 2
        XCTAssertEqual(whole.nanoseconds, 2_000_000_000)
        let negative: Instant = -0.5
        XCTAssertEqual(negative.nanoseconds, -500_000_000)
        XCTAssertEqual(Instant(seconds: 1.2).nanoseconds, 1_200_000_000)
        XCTAssertEqual(Instant(seconds: 0.1 + 0.2).nanoseconds, 300_000_000, "rounded to the nearest nanosecond")
        XCTAssertEqual(Duration(seconds: 0.3).nanoseconds, 300_000_000)
        XCTAssertEqual(Duration(seconds: -1.5).nanoseconds, -1_500_000_000)
        XCTAssertEqual(Duration.milliseconds(-1500).nanoseconds, -1_500_000_000)
        XCTAssertEqual(Duration.milliseconds(16).inSeconds, 0.016)
        XCTAssertEqual(Duration.seconds(3).inSeconds, 3)
    }

    /// Times come from outside too (a `deleted_at` another program wrote, a spring that never
    /// settles): no conversion or sum traps; NaN is 0, and past Int64's ±292 years a value stays
    /// at the end of the range.
    func testConversionsAndSumsSaturateInsteadOfTrapping() {
        XCTAssertEqual(Instant(seconds: .nan).nanoseconds, 0)
        XCTAssertEqual(Instant(seconds: .infinity).nanoseconds, .max)
        XCTAssertEqual(Instant(seconds: -.infinity).nanoseconds, .min)
        XCTAssertEqual(Instant(seconds: 1e300).nanoseconds, .max)
        XCTAssertEqual(Instant(seconds: 9.3e9).nanoseconds, .max, "just past 292 years")
        XCTAssertEqual(Instant(seconds: 9.2e9).nanoseconds, 9_200_000_000_000_000_000, "just inside")
        XCTAssertEqual(Duration(seconds: .nan), .zero)
        XCTAssertEqual(Duration(seconds: .infinity).nanoseconds, .max)
        XCTAssertEqual(Duration(seconds: -1e300).nanoseconds, .min)
        XCTAssertEqual(Duration.seconds(Int64.max).nanoseconds, .max, "a Duration longer than Int64 nanoseconds")
        XCTAssertEqual(Duration.seconds(Int64.min).nanoseconds, .min)
        let late = Instant(nanoseconds: .max - 5)
        XCTAssertEqual((late + .seconds(1)).nanoseconds, .max)
        XCTAssertEqual((Instant(nanoseconds: .min + 5) - .seconds(1)).nanoseconds, .min)
        XCTAssertEqual((Instant(nanoseconds: .max) - Instant(nanoseconds: .min)).nanoseconds, .max)
        XCTAssertEqual((Instant(nanoseconds: .min) - Instant(nanoseconds: .max)).nanoseconds, .min)
        XCTAssertEqual(late + Duration(seconds: .infinity), Instant(nanoseconds: .max), "a deadline that never comes")
        XCTAssertEqual((Instant(nanoseconds: 7) + .nanoseconds(3)).nanoseconds, 10, "and in range, exact as before")
    }

    /// Instant.swift converts Durations with 64-bit arithmetic instead of the standard library's
    /// 128-bit: over random spans of every magnitude (and both ends of Int64), the values are the
    /// standard library's own: `.nanoseconds(n)` made either way is the same Duration, and its
    /// nanoseconds are `components` read the slow way, saturated.
    func testTheFastConversionsAreTheStandardLibrarysValues() {
        var random = SplitMix64(state: 0x5EED_1A57)
        for _ in 0..<20_000 {
            let bits = Int.random(in: 0...63, using: &random)
            let magnitude = Int64(truncatingIfNeeded: random.next() >> UInt64(63 - bits))
            let n = Bool.random(using: &random) ? magnitude : -magnitude
            for value in [n, .max, .min, 0, 1, -1] {
                let made = Instant(nanoseconds: 0).duration(to: Instant(nanoseconds: value))
                XCTAssertEqual(made, Duration.nanoseconds(value), "\(value)")
                XCTAssertEqual(made.nanoseconds, value)
            }
            // A span with a part of a nanosecond, beyond Int64 nanoseconds too.
            let seconds = Int64(truncatingIfNeeded: random.next() >> UInt64(Int.random(in: 1...63, using: &random)))
            let span = Duration(secondsComponent: Bool.random(using: &random) ? seconds : -seconds,
                                attosecondsComponent: Int64.random(in: -999_999_999_999_999_999...999_999_999_999_999_999, using: &random))
            let (s, a) = span.components
            let (whole, overflow) = s.multipliedReportingOverflow(by: 1_000_000_000)
            let sum = whole.addingReportingOverflow(a / 1_000_000_000)
            let expected = overflow || sum.overflow ? (span > .zero ? Int64.max : .min) : sum.partialValue
            XCTAssertEqual(span.nanoseconds, expected, "\(span)")
        }
    }
}
