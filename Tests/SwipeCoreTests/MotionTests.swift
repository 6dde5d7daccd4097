// Pins the motion primitives to the reference numbers of docs/BEHAVIOUR.md "Rows" (§1.13, §5.3, §5.4, §8).
import XCTest
@testable import SwipeCore
import RealModule

final class MotionTests: XCTestCase {
    // §1.13: the release spring (1, 100, 18) in closed form, x(t) = e^(−9t)(−cos ωd t + ((v − 9)/ωd) sin ωd t).
    func testReleaseSpringMatchesTheClosedFormOfSection1_13() {
        let spring = Spring.swipeRelease
        XCTAssertEqual(spring.dampingRatio, 0.9, accuracy: 1e-12)
        XCTAssertEqual(spring.naturalFrequency, 10, accuracy: 1e-12)
        let wd = 10 * (1 - 0.81).squareRoot()
        for vRel in [0.0, 2.5, -3.0] {
            for t in [0.05, 0.1, 0.2, 0.35, 0.6] {
                let oracle = Double.exp(-9 * t) * (-Double.cos(wd * t) + ((vRel - 9) / wd) * Double.sin(wd * t))
                // Completed fraction p = x + 1 for a unit move from 0 to 1 with relative velocity vRel.
                let p = spring.value(from: 0, to: 1, initialVelocity: vRel, time: t)
                XCTAssertEqual(p - 1, oracle, accuracy: 1e-9, "v=\(vRel) t=\(t)")
            }
        }
    }

    // §1.13: "critically damped over D" covers 99.9 % of the way at t = D.
    func testCriticallyDampedOverDurationReachesTheTargetAtD() {
        for d in [0.3, 0.6, 0.7] {
            let spring = Spring.criticallyDamped(over: d)
            XCTAssertEqual(spring.dampingRatio, 1, accuracy: 1e-9)
            XCTAssertEqual(spring.value(target: 1, time: d), 0.999, accuracy: 0.0005)
            XCTAssertLessThan(spring.value(target: 1, time: d / 2), 0.95)
        }
        XCTAssertEqual(Spring.criticallyDamped(over: 0.7).naturalFrequency, 13.186, accuracy: 0.01)
    }

    func testSpringVelocityIsTheDerivativeOfValueInEveryDampingRegime() {
        let springs = [Spring.swipeRelease, .criticallyDamped(over: 0.5), Spring(mass: 1, stiffness: 100, damping: 40)]
        for spring in springs {
            for t in [0.01, 0.1, 0.3] {
                let h = 1e-6
                let numeric = (spring.value(from: 3, to: -2, initialVelocity: 7, time: t + h)
                    - spring.value(from: 3, to: -2, initialVelocity: 7, time: t - h)) / (2 * h)
                XCTAssertEqual(spring.velocity(from: 3, to: -2, initialVelocity: 7, time: t), numeric, accuracy: 1e-4)
            }
        }
    }

    func testIncrementalUpdateAgreesWithClosedForm() {
        let spring = Spring.swipeRelease
        var value = 0.0, velocity = 400.0
        for _ in 0..<30 { spring.update(value: &value, velocity: &velocity, target: 200, deltaTime: 1.0 / 60) }
        XCTAssertEqual(value, spring.value(from: 0, to: 200, initialVelocity: 400, time: 0.5), accuracy: 1e-9)
    }

    func testDesignerInitialisersMapToPhysicalParameters() {
        let spring = Spring(response: 0.5, dampingRatio: 0.8)
        XCTAssertEqual(spring.response, 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 0.8, accuracy: 1e-12)
        XCTAssertEqual(Spring(duration: 0.4, bounce: 0.3).dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(Spring(duration: 0.4, bounce: 0).dampingRatio, 1, accuracy: 1e-12)
        XCTAssertGreaterThan(Spring(duration: 0.4, bounce: -0.5).dampingRatio, 1.9)
        // §1.13: 2 % settling of the release spring ≈ 4/(ζω0) = 0.44 s (an envelope estimate).
        XCTAssertEqual(Spring.swipeRelease.settlingDuration(from: 0, to: 1, epsilon: 0.02), 0.44, accuracy: 0.1)
        XCTAssertGreaterThan(Spring.swipeRelease.settlingDuration, 0.6)
    }

    // §5.4: projection 0.4995·v0 (normal) and 0.0995·v0 (fast).
    func testDecayProjectionMatchesSection5_4() {
        XCTAssertEqual(Decay.normal.projectedDistance(initialVelocity: 1000), 499.5, accuracy: 0.1)
        XCTAssertEqual(Decay.fast.projectedDistance(initialVelocity: 1000), 99.5, accuracy: 0.1)
        // The WWDC formula (v0/1000)·rate/(1 − rate) differs by less than 1 %.
        XCTAssertEqual(Decay.normal.projectedDistance(initialVelocity: 1000), 1000.0 / 1000 * 0.998 / 0.002, accuracy: 5)
        XCTAssertEqual(Decay.normal.value(from: 10, initialVelocity: 1000, time: 20), 509.5, accuracy: 0.1)
        XCTAssertEqual(Decay.normal.velocity(initialVelocity: 1000, time: 0.001), 998, accuracy: 1e-6)
        XCTAssertEqual(Decay.normal.duration(initialVelocity: 1000, threshold: 1), Double.log(0.001) / (1000 * Double.log(0.998)), accuracy: 1e-9)
    }

    // §5.3: reference values for d = 960.
    func testRubberBandReferenceValuesOfSection5_3() {
        let band = RubberBand(dimension: 960)
        let table: [(Double, Double)] = [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]
        for (x, b) in table {
            XCTAssertEqual(band.displacement(for: x), b, accuracy: 0.01)
            XCTAssertEqual(band.displacement(for: -x), -b, accuracy: 0.01)
            XCTAssertEqual(band.fingerDistance(for: band.displacement(for: x)), x, accuracy: 1e-6)
        }
        XCTAssertEqual(band.clamp(50, to: 0...100), 50)
        XCTAssertEqual(band.clamp(-100, to: 0...100), -52.02, accuracy: 0.01)
        XCTAssertLessThan(band.displacement(for: 1e12), 960)
    }

    func testCubicBezierCurves() {
        XCTAssertEqual(CubicBezier.linear.value(at: 0.3), 0.3, accuracy: 1e-6)
        XCTAssertEqual(CubicBezier.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-6)
        XCTAssertEqual(CubicBezier.easeInOut.value(at: 0.25) + CubicBezier.easeInOut.value(at: 0.75), 1, accuracy: 1e-6)
        XCTAssertLessThan(CubicBezier.easeIn.value(at: 0.5), 0.5)
        XCTAssertGreaterThan(CubicBezier.easeOut.value(at: 0.5), 0.5)
        XCTAssertEqual(CubicBezier.easeInOut.value(at: .nan), 0)
    }

    func testScalarAnimationEndsExactlyOnTarget() {
        let a = ScalarAnimation(from: 0, to: 100, start: 1, delay: .milliseconds(100), timing: .critical(.milliseconds(700)))
        XCTAssertEqual(a.value(at: 1.05), 0)
        XCTAssertEqual(a.end, 1.8)
        XCTAssertEqual(a.value(at: 1.8), 100)
        XCTAssertEqual(a.value(at: 1.45), Spring.criticallyDamped(over: 0.7).value(target: 100, time: 0.35), accuracy: 1e-9)
        let c = ScalarAnimation(from: 0.8, to: 1, start: 0, timing: .curve(.easeInOut, duration: .milliseconds(150)))
        XCTAssertEqual(c.value(at: 0.075), 0.9, accuracy: 1e-6)
    }

    func testVelocityTrackerFitsALineOverTheLast100ms() {
        var tracker = VelocityTracker()
        for i in 0...20 { tracker.add(Point(x: 1000 * Double(i) * 0.008, y: -250 * Double(i) * 0.008), time: .zero + .milliseconds(8 * i)) }
        XCTAssertEqual(tracker.velocity.x, 1000, accuracy: 1e-6)
        XCTAssertEqual(tracker.velocity.y, -250, accuracy: 1e-6)
        // A pause before release: the stationary samples of the last 100 ms dominate.
        let last = Point(x: 160, y: -40)
        for i in 1...13 { tracker.add(last, time: .zero + .milliseconds(160 + 8 * i)) }
        XCTAssertEqual(tracker.velocity.x, 0, accuracy: 1e-6)
        // Out-of-order and NaN samples are ignored; one sample gives zero.
        tracker.add(Point(x: .nan, y: 0), time: 1)
        tracker.add(Point(x: 5000, y: 0), time: 0)
        XCTAssertEqual(tracker.velocity.x, 0, accuracy: 1e-6)
        var single = VelocityTracker()
        single.add(.zero, time: 0)
        XCTAssertEqual(single.velocity, .zero)
    }
}
