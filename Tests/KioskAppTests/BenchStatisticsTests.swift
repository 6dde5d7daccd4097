// The bench figures BENCHMARKS.md quotes: nearest-rank percentiles and the scripted core stream.
import XCTest
@testable import KioskApp

final class BenchStatisticsTests: XCTestCase {
    func testNearestRankMedianP99AndMax() {
        let samples = (1...100).map(Double.init).reversed()
        let stats = BenchStatistics(samples: Array(samples))
        XCTAssertEqual(stats.median, 50)
        XCTAssertEqual(stats.p99, 99)
        XCTAssertEqual(stats.max, 100)
        XCTAssertEqual(stats.count, 100)
        let empty = BenchStatistics(samples: [])
        XCTAssertEqual(empty.median, 0)
        XCTAssertEqual(BenchStatistics(samples: [7]).p99, 7)
    }

    func testCoreStreamIsWellFormedAndDrivesRowsOpen() {
        let bench = CoreThroughputBench(swipes: 20)
        let stream = bench.events()
        XCTAssertEqual(stream.count, 20 * (CoreThroughputBench.movesPerSwipe + 2))
        XCTAssertEqual(zip(stream, stream.dropFirst()).filter { $0.0.0.time > $0.1.0.time }.count, 0, "time never runs backwards")
        XCTAssertEqual(stream.filter { $0.0.phase == .began }.count, 20)
        let result = bench.run()
        XCTAssertEqual(result.events, stream.count)
        XCTAssertGreaterThan(result.seconds, 0)
    }
}
