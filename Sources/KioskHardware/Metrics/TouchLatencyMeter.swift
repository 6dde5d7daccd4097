// Touch-to-flip latency: from the kernel timestamp of an input event to the completion timestamp
// of the page flip of the first frame that shows its effect (both on the loop's clock). The session
// tells the meter when an event reached the app, when a frame with the app's changes was queued,
// when a frame turned out to show nothing new, and when a flip completed. Events wait in two
// fixed-capacity buffers (drawn into no frame yet / in the queued frame), so nothing is
// allocated per event; an event whose effect never reaches the screen is not counted.
import SwipeCore

/// Matches input timestamps to the flips that show them and keeps the ``LatencyHistogram``.
public struct TouchLatencyMeter: Sendable {
    /// Events waiting in each stage beyond this many are not measured (counted in ``dropped``).
    public static let capacity = 256

    public private(set) var histogram = LatencyHistogram()
    /// Events that could not be tracked because a buffer was full.
    public private(set) var dropped = 0
    /// Events recorded since the last ``takeRecentCount()``.
    public private(set) var recentCount = 0
    private var awaitingFrame = [Int64](repeating: 0, count: TouchLatencyMeter.capacity)
    private var awaitingFrameCount = 0
    private var awaitingFlip = [Int64](repeating: 0, count: TouchLatencyMeter.capacity)
    private var awaitingFlipCount = 0

    public init() {}

    /// An input event (its kernel time) was handed to the app.
    public mutating func inputDelivered(at time: Instant) {
        guard awaitingFrameCount < Self.capacity else { dropped += 1; return }
        awaitingFrame[awaitingFrameCount] = time.nanoseconds
        awaitingFrameCount += 1
    }

    /// A frame drawn after those events was queued for a flip: they are on it.
    public mutating func frameQueued() {
        for index in 0..<awaitingFrameCount {
            guard awaitingFlipCount < Self.capacity else { dropped += 1; continue }
            awaitingFlip[awaitingFlipCount] = awaitingFrame[index]
            awaitingFlipCount += 1
        }
        awaitingFrameCount = 0
    }

    /// The app had nothing new to show after those events: they had no visible effect.
    public mutating func nothingToShow() { awaitingFrameCount = 0 }

    /// The queued frame is on screen since `time` (the flip event's timestamp).
    public mutating func flipCompleted(at time: Instant) {
        for index in 0..<awaitingFlipCount {
            histogram.record(nanoseconds: time.nanoseconds - awaitingFlip[index])
        }
        recentCount += awaitingFlipCount
        awaitingFlipCount = 0
    }

    /// How many events were measured since the previous call.
    public mutating func takeRecentCount() -> Int {
        defer { recentCount = 0 }
        return recentCount
    }
}
