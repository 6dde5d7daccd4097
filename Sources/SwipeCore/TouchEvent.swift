// The one input value the swipe core consumes. Device layers (libinput, replay scripts,
// tests) translate whatever they read into these; every event carries its own timestamp
// because the core never reads a clock.

/// What happened to a touch slot.
public enum TouchPhase: String, Hashable, Sendable {
    case began
    case moved
    case ended
    /// The system took the touch away (device unplugged, palm, focus change): undo, don't commit.
    case cancelled
}

/// One touch sample: a finger (slot) at a point, at a time in seconds.
public struct TouchEvent: Hashable, Sendable {
    /// Multitouch slot (0…n); the mouse and replay taps use their own slots.
    public var slot: Int
    public var phase: TouchPhase
    /// Screen pixels of the unrotated screen.
    public var point: Point
    /// Seconds on a monotonic clock chosen by the caller (only differences matter).
    public var time: Double

    public init(slot: Int, phase: TouchPhase, point: Point, time: Double) {
        self.slot = slot
        self.phase = phase
        self.point = point
        self.time = time
    }
}
