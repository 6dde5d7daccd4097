// The session's measurements of what a person feels: touch-to-flip latency (every touch and key
// press delivered to the app, from its kernel timestamp to the completion of the flip that shows
// it; TouchLatencyMeter), reported in the STATUS= line (`systemctl status`) and the journal a
// minute after touches happen and at exit; frame times (tick to present, every frame, for the
// control socket's `status` and the feed's presence); and start-up, exec to first flip and to
// READY=1.
// Kept apart from KioskSession so the session's own logic stays readable.
import SwipeCore

extension KioskSession {
    /// How long after the first measured touch of a quiet period its figures are reported.
    static let latencyReportMilliseconds: Int64 = 60_000

    func noteDelivered(_ event: InputEvent) {
        switch event {
        case .touch(let sample): latency.inputDelivered(at: sample.time)
        case .key(let key) where key.pressed: latency.inputDelivered(at: key.time)
        default: break
        }
    }

    /// A flip completed: the events on its frame are measured; a report follows within a minute
    /// (a one-shot timer, armed only while touches happen, so an idle kiosk has no timer).
    func flipCompleted(at time: Instant) {
        latency.flipCompleted(at: time)
        guard latency.recentCount > 0, latencyReportTimer == nil else { return }
        latencyReportTimer = loop.schedule(afterMilliseconds: Self.latencyReportMilliseconds) { [unowned self] in
            latencyReportTimer = nil
            logLatency(final: false)
        }
    }

    /// Journal line and STATUS= with the figures so far (`final`: at exit, when there are any).
    func logLatency(final: Bool) {
        let recent = latency.takeRecentCount()
        guard let summary = latency.histogram.summary, final || recent > 0 else { return }
        let dropped = latency.dropped > 0 ? ", \(latency.dropped) not measured" : ""
        logger.info("touch-to-flip: \(summary)\(final ? " in all" : ", \(recent) in the last minute")\(dropped)")
        guard !final else { return }
        let status = client?.readyStatus ?? "running"
        notify { () throws(SystemError) in try service?.status("\(status) · touch-to-flip \(summary)") ?? false }
    }

    /// `start-up: first frame N ms after exec, READY=1 at M ms` (nothing when /proc is missing).
    func logStartUp(firstFlip: Instant) {
        guard service != nil, let frame = ProcessStart.millisecondsSinceExec(at: firstFlip),
              let ready = ProcessStart.millisecondsSinceExec() else { return }
        logger.info("start-up: first frame \(frame) ms after exec, READY=1 at \(ready) ms")
    }
}

extension KioskSession {
    /// The 99th percentile of touch-to-flip latency so far (ms); nil before the first measurement.
    public var touchToFlipP99Milliseconds: Double? { latency.histogram.percentileMilliseconds(0.99) }

    /// Frames presented since the first one (start-up, logged apart), and their time on the loop
    /// from tick to present (ms): the 99th percentile and the largest; nil before there is one.
    public var frameTimeMilliseconds: (frames: Int, p99: Double, max: Double)? {
        guard let p99 = frameTimes.percentileMilliseconds(0.99) else { return nil }
        return (frameTimes.count, p99, Double(frameTimes.maximumNanoseconds) / 1e6)
    }
}
