// Release velocity of a finger, estimated by a least-squares line over the last ~100 ms of
// samples (swipe-behaviour.md §11.1). Velocity drives every release decision (projection)
// and is handed to the settle spring, so it must be robust to jitter and pauses.

/// Collects timestamped positions of one touch and estimates its velocity in px/s.
public struct VelocityTracker: Sendable {
    /// Samples older than this (relative to the newest) are ignored.
    public var window: Double
    private var times: [Double] = []
    private var xs: [Double] = []
    private var ys: [Double] = []
    private static let capacity = 32

    public init(window: Double = 0.1) {
        self.window = window
        times.reserveCapacity(Self.capacity)
        xs.reserveCapacity(Self.capacity)
        ys.reserveCapacity(Self.capacity)
    }

    /// Forgets all samples (a new gesture).
    public mutating func reset() {
        times.removeAll(keepingCapacity: true)
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
    }

    /// Adds a sample. Non-finite points and samples older than the newest are ignored.
    public mutating func add(_ point: Point, time: Double) {
        guard point.isFinite, time.isFinite else { return }
        if let last = times.last, time < last { return }
        if times.count == Self.capacity {
            times.removeFirst()
            xs.removeFirst()
            ys.removeFirst()
        }
        times.append(time)
        xs.append(point.x)
        ys.append(point.y)
    }

    /// Least-squares slope of x and y over the samples within `window` of the newest one.
    /// Zero with fewer than two samples or no time spread.
    public var velocity: Point {
        guard let newest = times.last else { return .zero }
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        var i = times.count - 1
        while i >= 0 && newest - times[i] <= window {
            let t = times[i] - newest
            n += 1; st += t; sx += xs[i]; sy += ys[i]
            stt += t * t; stx += t * xs[i]; sty += t * ys[i]
            i -= 1
        }
        let denominator = n * stt - st * st
        guard n >= 2, denominator > 1e-12 else { return .zero }
        let vx = (n * stx - st * sx) / denominator
        let vy = (n * sty - st * sy) / denominator
        guard vx.isFinite, vy.isFinite else { return .zero }
        return Point(x: vx, y: vy)
    }
}
