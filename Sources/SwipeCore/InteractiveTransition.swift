// A percent-driven transition (TransitionManager, docs/BEHAVIOUR.md "Navigation" §3, §9.4): scrubbed by a
// finger, finished when past half way or when the projected release passes half way (so fast
// short flicks commit), cancelled on a cancelled touch instead of getting stuck.

/// Progress 0…1 of a navigation or presentation transition over time.
public struct InteractiveTransition: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable {
        case scrubbing, finishing, cancelling, finished, cancelled
    }

    /// TransitionManager's duration.
    public static let duration = Duration.milliseconds(300)
    public let interactive: Bool
    /// Pixels of finger travel that make progress 1 (the screen width for swipe-back).
    public let extent: Double
    public private(set) var phase: Phase
    private var progressValue = 0.0
    private var animation: ScalarAnimation?
    private var committed = false

    /// An interactive transition scrubbed by a finger over `extent` pixels.
    public static func interactive(extent: Double) -> InteractiveTransition {
        InteractiveTransition(interactive: true, extent: extent, phase: .scrubbing, animation: nil)
    }

    /// A transition that plays by itself from `time`.
    public static func animated(start time: Instant) -> InteractiveTransition {
        InteractiveTransition(
            interactive: false, extent: 1, phase: .finishing,
            animation: ScalarAnimation(from: 0, to: 1, start: time, timing: .curve(.easeInOut, duration: duration)))
    }

    private init(interactive: Bool, extent: Double, phase: Phase, animation: ScalarAnimation?) {
        self.interactive = interactive
        self.extent = max(1, extent.isFinite ? extent : 1)
        self.phase = phase
        self.animation = animation
    }

    /// Progress at `time`.
    public func progress(at time: Instant) -> Double {
        animation?.value(at: time) ?? progressValue
    }

    /// Scrubs to the progress for a finger translation (clamped to 0…1).
    public mutating func update(translation: Double) {
        guard phase == .scrubbing, translation.isFinite else { return }
        progressValue = min(1, max(0, translation / extent))
    }

    /// The finger lifted with `velocity` px/s along the transition direction.
    public mutating func end(velocity: Double, time: Instant) {
        guard phase == .scrubbing else { return }
        let v = velocity.isFinite ? velocity : 0
        let projected = progressValue + Decay.normal.projectedDistance(initialVelocity: v) / extent
        let finish = progressValue > 0.5 || projected > 0.5
        play(to: finish ? 1 : 0, velocity: v / extent, time: time)
    }

    /// The touch was cancelled: play back to the start.
    public mutating func cancel(time: Instant) {
        guard phase == .scrubbing else { return }
        play(to: 0, velocity: 0, time: time)
    }

    private mutating func play(to target: Double, velocity: Double, time: Instant) {
        let remaining = abs(target - progressValue)
        let seconds = max(0.1, Self.duration.inSeconds * remaining)
        let timing: AnimationTiming = velocity != 0 && (target - progressValue) * velocity > 0
            ? .spring(.criticallyDamped(over: seconds), epsilon: 0.001)
            : .curve(.easeOut, duration: Duration(seconds: seconds))
        animation = ScalarAnimation(
            from: progressValue, to: target, initialVelocity: velocity, start: time, timing: timing)
        phase = target == 1 ? .finishing : .cancelling
    }

    /// Advances a finished animation to `finished` or `cancelled`. Returns true once, when an
    /// interactive transition commits (the `navigation-commit` haptic moment).
    public mutating func tick(time: Instant) -> Bool {
        guard let animation, animation.isFinished(at: time) else { return false }
        progressValue = animation.to
        self.animation = nil
        phase = phase == .finishing ? .finished : .cancelled
        if phase == .finished, interactive, !committed {
            committed = true
            return true
        }
        return false
    }

    /// True once the transition has come to rest either way.
    public var isDone: Bool { phase == .finished || phase == .cancelled }

    /// The next time progress changes by itself.
    public func nextDeadline(after time: Instant) -> Instant? {
        guard let animation else { return nil }
        return max(time, animation.end)
    }
}
