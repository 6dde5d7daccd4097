// What a person feels is the time from touching the glass to seeing the effect. The session
// records that latency for every input event; this histogram keeps the distribution in a fixed
// array allocated once (no allocation per event, bounded memory however long the kiosk runs) and
// answers percentiles for the STATUS= line, the journal and the VM tests' metrics.
// Buckets: 0.1 ms wide up to 100 ms, 1 ms wide up to 1 s, then one overflow bucket.

/// A fixed-size histogram of latencies.
public struct LatencyHistogram: Sendable {
    static let fineStepMicroseconds: Int64 = 100
    static let fineLimitMicroseconds: Int64 = 100_000
    static let coarseStepMicroseconds: Int64 = 1000
    static let coarseLimitMicroseconds: Int64 = 1_000_000
    static let fineBuckets = Int(fineLimitMicroseconds / fineStepMicroseconds)
    static let bucketCount = fineBuckets + Int((coarseLimitMicroseconds - fineLimitMicroseconds) / coarseStepMicroseconds) + 1

    private var counts = [UInt32](repeating: 0, count: LatencyHistogram.bucketCount)
    /// How many latencies were recorded.
    public private(set) var count = 0
    /// The largest latency recorded, in nanoseconds.
    public private(set) var maximumNanoseconds: Int64 = 0

    public init() {}

    /// Records one latency; negative values (clock skew) count as zero.
    public mutating func record(nanoseconds: Int64) {
        let micros = max(0, nanoseconds / 1000)
        let index: Int
        if micros < Self.fineLimitMicroseconds {
            index = Int(micros / Self.fineStepMicroseconds)
        } else if micros < Self.coarseLimitMicroseconds {
            index = Self.fineBuckets + Int((micros - Self.fineLimitMicroseconds) / Self.coarseStepMicroseconds)
        } else {
            index = Self.bucketCount - 1
        }
        counts[index] &+= 1
        count += 1
        maximumNanoseconds = max(maximumNanoseconds, nanoseconds)
    }

    /// The latency in milliseconds that `fraction` (0.5 for p50, 0.99 for p99) of the recorded
    /// values do not exceed: the upper edge of the bucket holding that rank (the overflow
    /// bucket answers the maximum). Nil when nothing was recorded.
    public func percentileMilliseconds(_ fraction: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for index in counts.indices {
            seen += Int(counts[index])
            if seen >= rank { return Self.upperEdgeMilliseconds(index: index) ?? Double(maximumNanoseconds) / 1e6 }
        }
        return Double(maximumNanoseconds) / 1e6
    }

    /// `p50 X ms, p99 Y ms (N events)`, or nil before the first event.
    public var summary: String? {
        guard let p50 = percentileMilliseconds(0.5), let p99 = percentileMilliseconds(0.99) else { return nil }
        return "p50 \(Self.format(p50)) ms, p99 \(Self.format(p99)) ms (\(count) events)"
    }

    static func upperEdgeMilliseconds(index: Int) -> Double? {
        if index < fineBuckets { return Double(Int64(index + 1) * fineStepMicroseconds) / 1000 }
        if index < bucketCount - 1 {
            return Double(fineLimitMicroseconds + Int64(index - fineBuckets + 1) * coarseStepMicroseconds) / 1000
        }
        return nil
    }

    /// One decimal, no Foundation.
    static func format(_ milliseconds: Double) -> String {
        let tenths = Int((milliseconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
