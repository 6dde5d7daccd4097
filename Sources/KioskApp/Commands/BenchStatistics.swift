// Timing figures for `swipe-kiosk bench`: median, p99 and max of per-frame samples, and a
// memcpy of one frame measured in the same run as the physical floor (docs/ARCHITECTURE.md, Command line).
import Canvas
import KioskFiles

/// Per-frame durations in microseconds, summarised the way BENCHMARKS.md reports them.
public struct BenchStatistics: Sendable {
    public let median: Double
    public let p99: Double
    public let max: Double
    public let count: Int

    /// Summarises `samples` (microseconds). An empty sample set yields zeros.
    public init(samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        guard !sorted.isEmpty else {
            median = 0; p99 = 0; max = 0
            return
        }
        median = Self.percentile(sorted, 0.5)
        p99 = Self.percentile(sorted, 0.99)
        max = sorted[sorted.count - 1]
    }

    /// Nearest-rank percentile of an ascending array.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank))]
    }
}

/// Measures closures with the monotonic clock, in microseconds.
public enum Stopwatch {
    /// Runs `body` and returns its wall time in microseconds.
    @inline(__always)
    public static func microseconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }

    /// The median time of one `memcpy` of `bytes` bytes (in cache, as the peers measured it):
    /// the floor any full-frame renderer is compared against.
    /// - Throws: `CanvasError.outOfMemory` when the two blocks would leave no room beside them
    ///   (`allocate` ends the process when memory runs out).
    public static func memcpyFloor(bytes: Int, repetitions: Int = 200) throws(CanvasError) -> Double {
        let blocks = MemoryHeadroom.allocate(2 * bytes) {
            (UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64), UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64))
        }
        guard let (source, target) = blocks else { throw .outOfMemory(bytes: 2 * bytes) }
        defer { source.deallocate(); target.deallocate() }
        source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
        target.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        var samples: [Double] = []
        samples.reserveCapacity(repetitions)
        for _ in 0..<repetitions {
            samples.append(microseconds { target.copyMemory(from: source, byteCount: bytes) })
        }
        return BenchStatistics(samples: samples).median
    }
}
