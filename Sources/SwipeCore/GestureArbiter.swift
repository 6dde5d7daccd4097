// Decides what a single touch is: a tap, a horizontal pan (row swipe, swipe-back), a vertical
// pan (scroll, sheet dismiss) or a long press, with the slop and timings of
// docs/BEHAVIOUR.md "Touches" §1.4 and §11.1. The UI asks it once per touch; it never looks at rows.

/// What a touch turned out to be.
public enum GestureKind: Hashable, Sendable {
    /// Not decided yet: the finger is still within the slop.
    case undecided
    /// Moved mostly horizontally (ties go horizontal, as in SwipeCellKit).
    case horizontal
    /// Moved mostly vertically.
    case vertical
    /// A horizontal pan that began in the back-swipe edge zone.
    case edgeSwipe
    /// Held still for the long-press duration.
    case longPress
}

/// Thresholds for classifying touches, in points scaled by the display scale.
public struct GestureThresholds: Hashable, Sendable {
    /// Movement before a pan is recognised (8 pt).
    public var slop: Double = 8
    /// Width of the swipe-back zone at the leading screen edge (20 pt).
    public var edgeZone: Double = 20
    /// Hold time for a long press (0.5 s).
    public var longPressDuration: Duration = .milliseconds(500)
    /// Movement allowed during a long press (10 pt).
    public var longPressTolerance: Double = 10

    public init() {}

    /// The defaults multiplied by a display scale (2 on a 2x panel).
    public static func scaled(_ scale: Double) -> GestureThresholds {
        var t = GestureThresholds()
        let s = scale.isFinite && scale > 0 ? scale : 1
        t.slop *= s
        t.edgeZone *= s
        t.longPressTolerance *= s
        return t
    }
}

/// Classifies one touch from its samples. A value type: one per active slot.
public struct GestureArbiter: Sendable {
    public let thresholds: GestureThresholds
    /// Where the back-swipe edge is: the left edge, or the right one in right-to-left layouts.
    public let edgeOnRight: Bool
    public let screenWidth: Double
    public private(set) var start: Point
    public private(set) var startTime: Instant
    public private(set) var kind: GestureKind = .undecided
    /// Largest distance from the start seen so far.
    public private(set) var maxDistance: Double = 0

    public init(
        start: Point, time: Instant, screenWidth: Double, thresholds: GestureThresholds = GestureThresholds(),
        edgeOnRight: Bool = false
    ) {
        self.start = start
        self.startTime = time
        self.screenWidth = screenWidth
        self.thresholds = thresholds
        self.edgeOnRight = edgeOnRight
    }

    /// True when the touch began inside the back-swipe edge zone.
    public var beganInEdgeZone: Bool {
        edgeOnRight ? start.x >= screenWidth - thresholds.edgeZone : start.x <= thresholds.edgeZone
    }

    /// Feeds a move; returns the kind, which changes at most once from `.undecided`.
    @discardableResult
    public mutating func move(to point: Point, time: Instant) -> GestureKind {
        guard point.isFinite else { return kind }
        let d = point - start
        maxDistance = max(maxDistance, d.length)
        if kind == .undecided, checkLongPress(time: time) == .longPress { return kind }
        guard kind == .undecided, d.length >= thresholds.slop else { return kind }
        if abs(d.x) >= abs(d.y) {
            let inward = edgeOnRight ? d.x < 0 : d.x > 0
            kind = beganInEdgeZone && inward ? .edgeSwipe : .horizontal
        } else {
            kind = .vertical
        }
        return kind
    }

    /// Recognises a long press once the finger has been held still long enough; call it from
    /// a timer at `longPressDeadline` as well as on moves.
    @discardableResult
    public mutating func checkLongPress(time: Instant) -> GestureKind {
        if kind == .undecided, time - startTime >= thresholds.longPressDuration,
           maxDistance <= thresholds.longPressTolerance {
            kind = .longPress
        }
        return kind
    }

    /// When a still finger becomes a long press.
    public var longPressDeadline: Instant { startTime + thresholds.longPressDuration }

    /// A touch that ended undecided and within the slop is a tap.
    public var isTap: Bool { kind == .undecided && maxDistance < thresholds.slop }
}
