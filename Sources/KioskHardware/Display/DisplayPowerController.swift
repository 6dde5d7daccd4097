// Idle blanking policy: after a configurable idle time the panel is blanked, and the touch that
// wakes it is swallowed so a sleeping kiosk cannot be operated blind. Pure state, driven by the
// loop's clock, so the policy is tested with virtual time. An operator's `screen off` (control
// socket) holds the panel dark: touches are swallowed and do not wake it until `screen on`.
import SwipeCore

/// Decides when to blank and whether an input event only wakes the display.
public struct DisplayPowerController: Sendable {
    /// Idle time before blanking; 0 or less never blanks.
    public let idleMilliseconds: Int64
    /// True while the display is blanked.
    public private(set) var isBlanked = false
    /// True while `screen off` holds the display dark (then ``isBlanked`` is true as well).
    public private(set) var isHeldOff = false
    private var lastActivity: Instant?

    public init(idleMilliseconds: Int64) { self.idleMilliseconds = idleMilliseconds }

    /// When the display should blank (nil when disabled, already blanked, or no activity clock yet).
    public var deadline: Instant? {
        guard idleMilliseconds > 0, !isBlanked else { return nil }
        return (lastActivity ?? .zero) + .milliseconds(idleMilliseconds)
    }

    /// Records user activity at `now`.
    /// - Returns: true when the display was blanked: this event only wakes it and must not be delivered.
    public mutating func noteActivity(now: Instant) -> Bool {
        lastActivity = now
        guard !isHeldOff else { return true }
        guard isBlanked else { return false }
        isBlanked = false
        return true
    }

    /// `screen off` (true) or `screen on` (false) at `now`; on again counts as activity.
    /// - Returns: true when the display must change power.
    public mutating func hold(off: Bool, now: Instant) -> Bool {
        let wasBlanked = isBlanked
        isHeldOff = off
        isBlanked = off
        if !off { lastActivity = now }
        return wasBlanked != off
    }

    /// True exactly once when the idle time has run out at `now` (then the display counts as blanked).
    public mutating func shouldBlank(now: Instant) -> Bool {
        if lastActivity == nil { lastActivity = now }
        guard let deadline, now >= deadline else { return false }
        isBlanked = true
        return true
    }
}
