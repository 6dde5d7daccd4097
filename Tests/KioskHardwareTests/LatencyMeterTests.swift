// Touch-to-flip latency bookkeeping without hardware: the histogram's buckets and percentiles,
// the meter's matching of input timestamps to the flip that shows them, and the exec time field
// of /proc/PID/stat.
import SwipeCore
import XCTest
@testable import KioskHardware

final class LatencyMeterTests: XCTestCase {
    func testPercentilesAreBucketUpperEdges() {
        var histogram = LatencyHistogram()
        XCTAssertNil(histogram.percentileMilliseconds(0.5))
        XCTAssertNil(histogram.summary)
        for ms in 1...100 { histogram.record(nanoseconds: Int64(ms) * 1_000_000 - 50_000) }  // 0.95, 1.95 … 99.95 ms
        XCTAssertEqual(histogram.count, 100)
        XCTAssertEqual(histogram.percentileMilliseconds(0.5)!, 50.0, accuracy: 1e-9)
        XCTAssertEqual(histogram.percentileMilliseconds(0.99)!, 99.0, accuracy: 1e-9)
        XCTAssertEqual(histogram.percentileMilliseconds(1.0)!, 100.0, accuracy: 1e-9)
        XCTAssertEqual(histogram.summary, "p50 50.0 ms, p99 99.0 ms (100 events)")
    }

    func testCoarseAndOverflowBuckets() {
        var histogram = LatencyHistogram()
        histogram.record(nanoseconds: 250_400_000)  // 250.4 ms: the 1 ms bucket up to 251 ms
        XCTAssertEqual(histogram.percentileMilliseconds(0.5)!, 251.0, accuracy: 1e-9)
        histogram.record(nanoseconds: 3_000_000_000)  // beyond 1 s: the maximum answers
        XCTAssertEqual(histogram.percentileMilliseconds(1.0)!, 3000.0, accuracy: 1e-9)
        histogram.record(nanoseconds: -5)  // clock skew counts as zero
        XCTAssertEqual(histogram.percentileMilliseconds(0.01)!, 0.1, accuracy: 1e-9)
    }

    func testEventsAreMeasuredToTheFlipOfTheirFrame() {
        var meter = TouchLatencyMeter()
        meter.inputDelivered(at: Instant(nanoseconds: 1_000_000))
        meter.inputDelivered(at: Instant(nanoseconds: 5_000_000))
        meter.frameQueued()
        meter.inputDelivered(at: Instant(nanoseconds: 9_000_000))  // arrives while the flip is pending
        meter.flipCompleted(at: Instant(nanoseconds: 17_000_000))
        XCTAssertEqual(meter.histogram.count, 2)
        XCTAssertEqual(meter.histogram.percentileMilliseconds(1.0)!, 16.1, accuracy: 1e-9, "16 ms: the bucket [16.0, 16.1)")
        meter.frameQueued()
        meter.flipCompleted(at: Instant(nanoseconds: 30_000_000))
        XCTAssertEqual(meter.histogram.count, 3)
        XCTAssertEqual(meter.histogram.percentileMilliseconds(1.0)!, 21.1, accuracy: 1e-9)
        XCTAssertEqual(meter.takeRecentCount(), 3)
        XCTAssertEqual(meter.takeRecentCount(), 0)
    }

    func testEventsWithoutVisibleEffectAreNotMeasured() {
        var meter = TouchLatencyMeter()
        meter.inputDelivered(at: Instant(nanoseconds: 1_000_000))
        meter.nothingToShow()
        meter.frameQueued()
        meter.flipCompleted(at: Instant(nanoseconds: 900_000_000))
        XCTAssertEqual(meter.histogram.count, 0)
    }

    func testBuffersAreBounded() {
        var meter = TouchLatencyMeter()
        for t in 0..<(TouchLatencyMeter.capacity + 10) { meter.inputDelivered(at: Instant(nanoseconds: Int64(t))) }
        XCTAssertEqual(meter.dropped, 10)
        meter.frameQueued()
        meter.flipCompleted(at: Instant(nanoseconds: 1_000_000))
        XCTAssertEqual(meter.histogram.count, TouchLatencyMeter.capacity)
    }

    func testStartTimeFieldOfProcStat() {
        let line = "4242 (swipe kiosk) S 1 4242 4242 0 -1 4194560 300 0 0 0 5 3 0 0 20 0 1 0 98765 123456 789"
        XCTAssertEqual(ProcessStart.parseStartTicks(line), 98765)
        XCTAssertNil(ProcessStart.parseStartTicks("garbage"))
        XCTAssertNotNil(ProcessStart.millisecondsSinceExec())
        XCTAssertGreaterThanOrEqual(ProcessStart.millisecondsSinceExec()!, 0)
    }
}
