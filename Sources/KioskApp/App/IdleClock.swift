// When the kiosk is idle (issue 23: the idle reset a type of its own): the last input, the
// fingers still down, and whether the reset for this idle spell has been done. The app asks it
// when the reset and the time-out warning are due (both are timers of the app's, so they come on
// a panel that draws no frames) and tells it of every touch, key and headphone plug. No finger
// held on the screen is ever reset away, and a reset happens once per idle spell.
import SwipeCore

/// The idle time of the kiosk, on the app's clock.
struct IdleClock: Equatable {
    /// Time without input before the reset; nil: never (`[idle] reset_after_s`).
    let resetAfter: Duration?
    /// When the last input came.
    private(set) var lastInput = Instant.zero
    /// The slots of the fingers on the screen now.
    private(set) var touchesDown: Set<Int> = []
    /// Whether the reset of this idle spell has been done (true at start: nothing to reset).
    private(set) var resetDone = true

    init(resetAfter: Duration?) { self.resetAfter = resetAfter }

    /// A touch, key or plug at `time`: the idle time starts again.
    mutating func input(at time: Instant) {
        lastInput = time
        resetDone = false
    }

    /// A finger changed at `time`.
    mutating func touch(slot: Int, phase: TouchPhase, at time: Instant) {
        input(at: time)
        switch phase {
        case .began: touchesDown.insert(slot)
        case .ended, .cancelled: touchesDown.remove(slot)
        case .moved: break
        }
    }

    /// More time on request (the time-out warning answered): the idle time starts at `time`
    /// again, without counting as a new spell.
    mutating func extend(at time: Instant) { lastInput = time }

    /// When the reset is due: nil once done, while a finger is down, or when there is none.
    var resetDeadline: Instant? {
        guard !resetDone, touchesDown.isEmpty, let resetAfter else { return nil }
        return lastInput + resetAfter
    }

    /// When a warning `lead` before the reset is due (nil as for the reset).
    func warningDeadline(lead: Duration?) -> Instant? {
        guard let lead, let reset = resetDeadline else { return nil }
        return reset - lead
    }

    /// True, once, when the reset is due at `time`: the caller resets now.
    mutating func takeReset(at time: Instant) -> Bool {
        guard let due = resetDeadline, time >= due else { return false }
        resetDone = true
        return true
    }
}
