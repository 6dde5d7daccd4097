// Swipe-down-to-dismiss for modal sheets (SwipeDownConfiguration, docs/BEHAVIOUR.md "Sheets" §4, §9.3),
// improved as docs/BEHAVIOUR.md says: the release velocity is handed to the settle animation, upward
// drags rubber-band instead of sticking, and a scrollable list inside the sheet can hand the
// drag over at its top (NestedScrollArbiter).

/// Options of a dismissible sheet, with the seed defaults.
public struct SwipeDownConfiguration: Hashable, Sendable {
    /// The sheet follows the finger at half speed.
    public var isSticky: Bool = false
    /// Alpha falls as (H − y)/H while dragging.
    public var shouldFade: Bool = true
    public var animationDuration: Duration = .milliseconds(200)
    /// Downward px/s that dismiss regardless of distance.
    public var minimumVelocityToDismiss: Double = 1300
    /// Fraction of the height that dismisses (clamped to 0…0.9).
    public var minimumScreenFraction: Double {
        get { fraction }
        set { fraction = min(max(newValue.isFinite ? newValue : 0.3, 0), 0.9) }
    }
    /// Hand the release velocity to the settle animation (SwipeDown uses a fixed curve).
    public var handsOffVelocity: Bool = true
    /// Rubber-band upward drags (SwipeDown clamps them to 0).
    public var rubberBandsUpward: Bool = true
    private var fraction: Double = 0.3

    public init() {}
}

/// What the dismiss gesture reports, as `statusChange` does.
public enum SheetDismissStatus: String, Hashable, Sendable {
    case initiated, completed, cancelled
}

/// The sheet's position state (docs/ARCHITECTURE.md state dump: presenting/presented/dragging/dismissing).
public enum SheetPhase: String, Hashable, Sendable {
    case presenting, presented, dragging, dismissing, restoring, dismissed
}

/// One sheet's vertical offset (0 = presented, H = off-screen below) over time.
public struct SheetDismissController {
    public var configuration: SwipeDownConfiguration
    public private(set) var height: Double
    public private(set) var phase: SheetPhase = .presenting
    private var animation: ScalarAnimation
    private var translation = 0.0
    private var statuses: [SheetDismissStatus] = []
    public static let presentDuration = Duration.milliseconds(350)

    /// A sheet of `height` starting its presentation at `time`.
    public init(height: Double, configuration: SwipeDownConfiguration = SwipeDownConfiguration(), time: Instant) {
        self.height = max(1, height.isFinite ? height : 1)
        self.configuration = configuration
        animation = ScalarAnimation(
            from: self.height, to: 0, start: time, timing: .curve(.easeOut, duration: Self.presentDuration))
    }

    /// Displayed offset at `time` (negative while rubber-banding upward).
    public func offset(at time: Instant) -> Double {
        phase == .dragging ? displayed(translation) : animation.value(at: time)
    }

    /// Sheet opacity at `time` (1 unless fading).
    public func alpha(at time: Instant) -> Double {
        guard configuration.shouldFade, phase != .presenting else { return 1 }
        return min(1, max(0, (height - max(0, offset(at: time))) / height))
    }

    /// Offset for a raw finger translation.
    func displayed(_ ty: Double) -> Double {
        let scaled = configuration.isSticky ? ty / 2 : ty
        if scaled >= 0 { return scaled }
        return configuration.rubberBandsUpward ? RubberBand(dimension: height).displacement(for: scaled) : 0
    }

    /// A vertical drag began on the sheet (or was handed over by its list).
    public mutating func beginDrag(time: Instant) {
        guard phase == .presented || phase == .restoring || phase == .presenting else { return }
        // Continue from where an animation left the sheet, without a jump.
        let current = animation.value(at: time)
        translation = configuration.isSticky ? current * 2 : current
        phase = .dragging
    }

    /// The finger moved by `delta` pixels (downward positive) since the last call.
    public mutating func drag(by delta: Double, time: Instant) {
        guard phase == .dragging, delta.isFinite else { return }
        translation += delta
    }

    /// The finger lifted with vertical velocity `velocityY` (px/s).
    public mutating func endDrag(velocityY: Double, time: Instant) {
        guard phase == .dragging else { return }
        let v = velocityY.isFinite ? velocityY : 0
        let dismiss = translation > height * configuration.minimumScreenFraction
            || v > configuration.minimumVelocityToDismiss
        settle(dismiss: dismiss, velocity: v, time: time)
    }

    /// The touch was cancelled: snap back.
    public mutating func cancelDrag(time: Instant) {
        guard phase == .dragging else { return }
        settle(dismiss: false, velocity: 0, time: time)
    }

    /// Programmatic dismissal (a button, Escape, idle reset).
    public mutating func dismiss(time: Instant) {
        guard phase != .dismissing, phase != .dismissed else { return }
        if phase == .dragging { translation = 0 }
        let from = offset(at: time)
        phase = .dragging
        translation = configuration.isSticky ? from * 2 : from
        settle(dismiss: true, velocity: 0, time: time)
    }

    private mutating func settle(dismiss: Bool, velocity: Double, time: Instant) {
        let from = displayed(translation)
        let to = dismiss ? height : 0
        let v = configuration.handsOffVelocity ? velocity * (configuration.isSticky ? 0.5 : 1) : 0
        let timing: AnimationTiming = v != 0
            ? .spring(.criticallyDamped(over: configuration.animationDuration.inSeconds), epsilon: 0.5)
            : .curve(.easeInOut, duration: configuration.animationDuration)
        animation = ScalarAnimation(from: from, to: to, initialVelocity: v, start: time, timing: timing)
        phase = dismiss ? .dismissing : .restoring
        statuses.append(dismiss ? .initiated : .cancelled)
    }

    /// Advances finished animations; `completed` is reported when a dismissal lands.
    public mutating func tick(time: Instant) {
        guard animation.isFinished(at: time) else { return }
        switch phase {
        case .presenting, .restoring: phase = .presented
        case .dismissing:
            phase = .dismissed
            statuses.append(.completed)
        default: break
        }
    }

    /// The next time the sheet changes by itself.
    public func nextDeadline(after time: Instant) -> Instant? {
        switch phase {
        case .presenting, .dismissing, .restoring: return animation.end > time ? animation.end : time
        default: return nil
        }
    }

    /// Takes the statuses reported since the last call.
    public mutating func takeStatuses() -> [SheetDismissStatus] {
        defer { statuses.removeAll() }
        return statuses
    }
}
