// The evdev state machine of a recorded pointer device (a tablet or QEMU's USB tablet with
// ABS_X/ABS_Y + BTN_LEFT, a mouse with REL_X/REL_Y): what libinput turns into pointer motion and
// button events, decoded frame by frame so a recording of a VNC click replays as one.

/// Accumulates one pointer device's axis and button changes and reports them at each SYN_REPORT.
struct PointerFrameDecoder {
    enum Change: Equatable {
        /// The absolute position (raw axis values) changed.
        case absolute(x: Int, y: Int)
        /// The pointer moved by a relative delta (raw counts).
        case relative(dx: Int, dy: Int)
        /// The left button changed.
        case button(pressed: Bool)
    }

    private var x: Int?
    private var y: Int?
    private var moved = false
    private var dx = 0, dy = 0
    private var pressed = false
    private var pendingButton: Bool?

    /// Feeds one event; returns the changes of a frame when `event` ends it.
    mutating func feed(type: Int, code: Int, value: Int) -> [Change] {
        typealias R = LibinputRecording
        switch (type, code) {
        case (R.evAbs, R.absX): x = value; moved = true
        case (R.evAbs, R.absY): y = value; moved = true
        // Recorded values are 32-bit, so a frame's sum of them fits an Int.
        case (R.evRel, R.relX): dx += value
        case (R.evRel, R.relY): dy += value
        case (R.evKey, R.btnLeft): pendingButton = value != 0
        case (R.synReport.type, R.synReport.code): return report()
        default: break
        }
        return []
    }

    /// Motion first, then the button, as libinput orders a frame's events.
    private mutating func report() -> [Change] {
        var changes: [Change] = []
        if moved, let x, let y { changes.append(.absolute(x: x, y: y)) }
        if dx != 0 || dy != 0 { changes.append(.relative(dx: dx, dy: dy)) }
        if let button = pendingButton, button != pressed {
            pressed = button
            changes.append(.button(pressed: button))
        }
        moved = false
        dx = 0; dy = 0
        pendingButton = nil
        return changes
    }
}
