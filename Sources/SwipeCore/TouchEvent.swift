// A touch in the input vocabulary below the hardware (issue 23): KioskHardware emits these (libinput,
// scripted input) in logical screen pixels, stamped with the Instant the kernel or the script gave
// them, and the app, the UI and the swipe core consume them as they are. Every event carries its
// own time because the core never reads a clock. Keys and switches are `KeyEvent.swift`.

/// What happened to a touch slot.
public enum TouchPhase: String, Hashable, Sendable {
    case began
    case moved
    case ended
    /// The system took the touch away (device unplugged, palm, focus change): undo, don't commit.
    case cancelled
}

/// One touch sample: a finger (slot) at a point, at an instant.
public struct TouchEvent: Hashable, Sendable, CustomStringConvertible {
    /// Seat-wide slot (libinput seat slot, 0…n); the mouse button and replay taps use their own.
    public var slot: Int
    public var phase: TouchPhase
    /// Logical screen pixels (rotated, calibrated); for `up` and `cancel` the slot's last position.
    public var point: Point
    /// When the kernel (or the script) saw it.
    public var time: Instant

    public init(slot: Int, phase: TouchPhase, point: Point, time: Instant) {
        self.slot = slot
        self.phase = phase
        self.point = point
        self.time = time
    }

    /// As the `touch-test` log prints it: `down slot=0 x=12 y=34`.
    public var description: String {
        "\(phase.verb) slot=\(slot) x=\(Int(point.x.rounded(.down))) y=\(Int(point.y.rounded(.down)))"
    }
}

extension TouchPhase {
    /// The phase as touch scripts and the `touch-test` log spell it: `down`, `move`, `up`, `cancel`.
    public var verb: String {
        switch self {
        case .began: return "down"
        case .moved: return "move"
        case .ended: return "up"
        case .cancelled: return "cancel"
        }
    }
}
