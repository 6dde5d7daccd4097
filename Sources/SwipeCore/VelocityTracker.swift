// Release velocity of a finger, estimated by a least-squares line over the last ~100 ms of
// samples (docs/BEHAVIOUR.md "Touches" §11.1). Velocity drives every release decision (projection)
// and is handed to the settle spring, so it must be robust to jitter and pauses.

/// Collects timestamped positions of one touch and estimates its velocity in px/s.
public struct VelocityTracker: Sendable {
    /// Samples older than this (relative to the newest) are ignored.
    public var window: Duration
    /// A ring of the newest samples: `count` of them, the newest at `head − 1`.
    private var times = [Instant](repeating: .zero, count: capacity)
    private var xs = [Double](repeating: 0, count: capacity)
    private var ys = [Double](repeating: 0, count: capacity)
    private var head = 0
    private var count = 0
    private static let capacity = 32

    public init(window: Duration = .milliseconds(100)) {
        self.window = window
    }

    /// Forgets all samples (a new gesture).
    public mutating func reset() {
        head = 0
        count = 0
    }

    /// Adds a sample. Non-finite points and samples older than the newest are ignored.
    public mutating func add(_ point: Point, time: Instant) {
        guard point.isFinite else { return }
        if count > 0, time < times[(head + Self.capacity - 1) % Self.capacity] { return }
        times[head] = time
        xs[head] = point.x
        ys[head] = point.y
        head = (head + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// Least-squares slope of x and y over the samples within `window` of the newest one.
    /// Zero with fewer than two samples or no time spread.
    public var velocity: Point {
        guard count > 0 else { return .zero }
        let newest = times[(head + Self.capacity - 1) % Self.capacity]
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        for k in 1...count {
            let i = (head + Self.capacity - k) % Self.capacity
            guard newest - times[i] <= window else { break }
            // Times relative to the newest sample keep the sums well conditioned (and exact).
            let t = (times[i] - newest).inSeconds, x = xs[i], y = ys[i]
            n += 1; st += t; sx += x; sy += y
            stt += t * t; stx += t * x; sty += t * y
        }
        let denominator = n * stt - st * st
        guard n >= 2, denominator > 1e-12 else { return .zero }
        let vx = (n * stx - st * sx) / denominator
        let vy = (n * sty - st * sy) / denominator
        guard vx.isFinite, vy.isFinite else { return .zero }
        return Point(x: vx, y: vy)
    }
}
