// Kinetic scrolling of a list: follows the finger, rubber-bands past the ends (0.55, UIScrollView),
// flings with the 0.998/ms decay and springs back when a fling overshoots an end
// (docs/BEHAVIOUR.md "Lists" §5.3, §5.4). Pure state over timestamps, like the swipe core.
import SwipeCore

/// The vertical content offset of a scrollable area (0 = top, positive = scrolled down).
public struct ScrollState: Sendable {
    /// Largest offset at rest: content height minus viewport height (≥ 0).
    public private(set) var maxOffset: Double = 0
    public private(set) var viewport: Double
    private var restOffset = 0.0
    private var dragStartOffset = 0.0
    private var dragging = false
    private var fling: (start: Instant, from: Double, velocity: Double)?
    private var bounce: ScalarAnimation?
    /// When the offset last moved; nil: never (the indicator has faded).
    private var lastActivity: Instant?
    public static let decay = Decay.normal
    /// Scroll indicator fade-out after the motion stops.
    public static let indicatorFade = Duration.milliseconds(500)
    /// Pixels per point (`[display] scale`) of the velocity thresholds, which are points per second.
    public let scale: Double

    public init(viewport: Double, scale: Double = 1) {
        self.viewport = max(1, viewport)
        self.scale = scale
    }

    /// Updates sizes; an offset past the new end is clamped.
    public mutating func setContent(height: Double, viewport newViewport: Double) {
        viewport = max(1, newViewport)
        maxOffset = max(0, height - viewport)
        if !dragging, fling == nil, bounce == nil { restOffset = min(max(restOffset, 0), maxOffset) }
    }

    /// The offset at `time`.
    public func offset(at time: Instant) -> Double {
        if let bounce { return bounce.value(at: time) }
        if let fling {
            let raw = Self.decay.value(from: fling.from, initialVelocity: fling.velocity, time: (time - fling.start).inSeconds)
            return min(max(raw, -viewport * 0.1), maxOffset + viewport * 0.1)
        }
        return restOffset
    }

    /// True while the offset changes by itself or a finger holds it.
    public func isMoving(at time: Instant) -> Bool { dragging || fling != nil || bounce != nil }

    /// Opacity of the scroll indicator.
    public func indicatorAlpha(at time: Instant) -> Double {
        if isMoving(at: time) { return 1 }
        guard let lastActivity else { return 0 }
        let since = time - lastActivity
        return since >= Self.indicatorFade ? 0 : 1 - since.inSeconds / Self.indicatorFade.inSeconds
    }

    /// A finger grabbed the content (stops any fling where it is).
    public mutating func beginDrag(time: Instant) {
        restOffset = offset(at: time)
        dragStartOffset = restOffset
        fling = nil
        bounce = nil
        dragging = true
        lastActivity = time
    }

    /// The finger moved `translation` pixels (downward positive) since `beginDrag`.
    public mutating func drag(translation: Double, time: Instant) {
        guard dragging, translation.isFinite else { return }
        let raw = dragStartOffset - translation
        restOffset = RubberBand(dimension: viewport).clamp(raw, to: 0...maxOffset)
        lastActivity = time
    }

    /// The finger lifted with vertical velocity `velocity` (px/s, downward positive).
    public mutating func endDrag(velocity: Double, time: Instant) {
        guard dragging else { return }
        dragging = false
        lastActivity = time
        let limit = 20_000 * scale
        let v = velocity.isFinite ? -min(max(velocity, -limit), limit) : 0
        if restOffset < 0 || restOffset > maxOffset {
            springBack(from: restOffset, velocity: v, time: time)
        } else if abs(v) > 50 * scale {
            fling = (time, restOffset, v)
        }
    }

    /// Jumps or animates to an offset (idle reset scrolls to the top).
    public mutating func scroll(to target: Double, animated: Bool, time: Instant) {
        let clamped = min(max(target, 0), maxOffset)
        let from = offset(at: time)
        dragging = false
        fling = nil
        restOffset = clamped
        bounce = animated && from != clamped
            ? ScalarAnimation(from: from, to: clamped, start: time, timing: .critical(.milliseconds(400))) : nil
        lastActivity = time
    }

    /// Ends finished flings and bounces; a fling that crosses an end springs back from there.
    public mutating func tick(time: Instant) {
        if let b = bounce, b.isFinished(at: time) {
            bounce = nil
            restOffset = b.to
            lastActivity = time
        }
        guard let f = fling else { return }
        let t = (time - f.start).inSeconds
        let value = Self.decay.value(from: f.from, initialVelocity: f.velocity, time: t)
        let velocity = Self.decay.velocity(initialVelocity: f.velocity, time: t)
        if value < 0 || value > maxOffset {
            fling = nil
            springBack(from: min(max(value, -viewport * 0.1), maxOffset + viewport * 0.1), velocity: velocity, time: time)
        } else if abs(velocity) < 5 * scale {
            fling = nil
            restOffset = value
            lastActivity = time
        }
    }

    private mutating func springBack(from: Double, velocity: Double, time: Instant) {
        let target = from < 0 ? 0 : maxOffset
        bounce = ScalarAnimation(
            from: from, to: target, initialVelocity: velocity, start: time, timing: .spring(.smooth, epsilon: 0.5))
        restOffset = target
        lastActivity = time
    }

    /// The next time the offset changes by itself: `time` (every frame) while it moves or the
    /// indicator fades, nil at rest.
    public func nextDeadline(after time: Instant) -> Instant? {
        if bounce != nil || fling != nil { return time }
        guard let lastActivity, lastActivity + Self.indicatorFade > time else { return nil }
        return time
    }
}
