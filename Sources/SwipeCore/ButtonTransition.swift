// Per-button reveal animations as pure functions of time: SwipeCellKit's ScaleTransition
// ("default") and MGU's Spring, Rotate and Favorite types (docs/BEHAVIOUR.md "Rows" §1.10, §2.7).
// A button's state is updated with the old/new percent visible; its look is read at any time.

/// The built-in per-button animations.
public enum ButtonTransitionKind: String, Hashable, Sendable, CaseIterable {
    case none
    /// Scale 0.8 → 1 when the button becomes half visible, back below half (0.15 s).
    case `default`
    /// Squash and stretch over 0.3 s when the button becomes half visible.
    case spring
    /// A Y-axis wobble 0 → 45° → −15° → 0 over 0.15 s.
    case rotate
    /// The icon switches to "selected" with a 1 s like-burst.
    case favorite
}

/// How a button's content looks at one instant.
public struct ButtonAppearance: Hashable, Sendable {
    public var scaleX: Double = 1
    public var scaleY: Double = 1
    /// Rotation about the vertical axis in degrees (drawn as a horizontal squeeze by cos).
    public var rotationY: Double = 0
    public var alpha: Double = 1
    /// Favorite only: the icon shows its selected (filled) form.
    public var selected: Bool = false

    public init() {}
}

/// Linear key-frame track: values at fractions of a duration.
struct KeyframeTrack: Hashable, Sendable {
    let times: [Double]
    let values: [Double]

    func value(atFraction f: Double) -> Double {
        if f <= times[0] { return values[0] }
        for i in 1..<times.count where f <= times[i] {
            let span = times[i] - times[i - 1]
            let u = span > 0 ? (f - times[i - 1]) / span : 1
            return values[i - 1] + (values[i] - values[i - 1]) * u
        }
        return values[values.count - 1]
    }

    static let springX = KeyframeTrack(times: [0, 0.5, 0.9, 1], values: [1, 1.2, 0.9, 1])
    static let springY = KeyframeTrack(times: [0, 0.5, 0.9, 1], values: [1, 0.5, 1.25, 1])
    static let rotate = KeyframeTrack(times: [0, 0.5, 0.9, 1], values: [0, 45, -15, 0])
    static let favoriteBurst = KeyframeTrack(
        times: [0, 0.1, 0.3, 0.333, 0.367, 0.467, 0.5, 0.533, 0.567, 0.667, 0.7, 0.733, 0.833, 0.867, 0.9, 0.967, 1],
        values: [0, 0, 1.2, 1.25, 1.2, 0.9, 0.875, 0.875, 0.9, 1.013, 1.025, 1.013, 0.96, 0.95, 0.96, 0.99, 1])
}

/// The animation state of one button.
public struct ButtonTransitionState: Hashable, Sendable {
    public let kind: ButtonTransitionKind
    public static let threshold = 0.5
    public static let rearmBelow = 0.03
    public static let scaleDuration = Duration.milliseconds(150)
    public static let springDuration = Duration.milliseconds(300)
    public static let rotateDuration = Duration.milliseconds(150)
    public static let favoriteDuration = Duration.seconds(1)

    private var started = false
    private var armed = true
    private var selected = false
    /// Scale animation of the default kind.
    private var scale = ScalarAnimation(from: 1, to: 1, start: 0, timing: .curve(.easeInOut, duration: .zero))
    /// Start time of a key-framed effect (spring, rotate, favorite), if one ran.
    private var effectStart: Instant?

    public init(kind: ButtonTransitionKind) {
        self.kind = kind
    }

    /// Feeds a change of percent visible (visible width / button width) at `time`.
    public mutating func update(from old: Double, to new: Double, time: Instant) {
        let first = !started
        started = true
        let t = Self.threshold
        switch kind {
        case .none:
            return
        case .default:
            let current = scale.value(at: time)
            if old == 0 || first, new < t {
                scale = ScalarAnimation(from: 0.8, to: 0.8, start: time, timing: .curve(.linear, duration: .zero))
            } else if old < t, new >= t {
                scale = ScalarAnimation(
                    from: first ? 0.8 : current, to: 1, start: time,
                    timing: .curve(.easeInOut, duration: Self.scaleDuration))
            } else if old >= t, new < t {
                scale = ScalarAnimation(
                    from: current, to: 0.8, start: time, timing: .curve(.easeInOut, duration: Self.scaleDuration))
            }
        case .spring, .rotate, .favorite:
            if first {
                armed = new < t
                selected = kind == .favorite && new >= t
                if first, old < t, new >= t, kind != .favorite { armed = true }
            }
            if armed, old < t, new >= t {
                armed = false
                effectStart = time
                selected = kind == .favorite
            } else if !armed, new < Self.rearmBelow {
                armed = true
                if kind == .favorite {
                    selected = false
                    effectStart = nil
                }
            }
        }
    }

    /// The button's look at `time`.
    public func appearance(at time: Instant) -> ButtonAppearance {
        var look = ButtonAppearance()
        switch kind {
        case .none:
            break
        case .default:
            let s = started ? scale.value(at: time) : 1
            look.scaleX = s
            look.scaleY = s
        case .spring:
            if let f = fraction(at: time, duration: Self.springDuration) {
                look.scaleX = KeyframeTrack.springX.value(atFraction: f)
                look.scaleY = KeyframeTrack.springY.value(atFraction: f)
            }
        case .rotate:
            if let f = fraction(at: time, duration: Self.rotateDuration) {
                look.rotationY = KeyframeTrack.rotate.value(atFraction: f)
            }
        case .favorite:
            look.selected = selected
            if selected, let f = fraction(at: time, duration: Self.favoriteDuration) {
                let s = KeyframeTrack.favoriteBurst.value(atFraction: f)
                look.scaleX = s
                look.scaleY = s
            }
        }
        return look
    }

    /// True while an animation is still changing the look after `time`.
    public func isAnimating(at time: Instant) -> Bool {
        switch kind {
        case .none: return false
        case .default: return started && !scale.isFinished(at: time)
        case .spring: return fraction(at: time, duration: Self.springDuration) != nil
        case .rotate: return fraction(at: time, duration: Self.rotateDuration) != nil
        case .favorite: return selected && fraction(at: time, duration: Self.favoriteDuration) != nil
        }
    }

    /// Progress 0…1 of the running key-framed effect, nil when none runs at `time`.
    private func fraction(at time: Instant, duration: Duration) -> Double? {
        guard let start = effectStart, time >= start, time < start + duration else { return nil }
        return (time - start).inSeconds / duration.inSeconds
    }
}
