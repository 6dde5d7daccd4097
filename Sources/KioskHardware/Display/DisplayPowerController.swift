// Idle blanking policy: after a configurable idle time the panel is blanked, and the touch that
// wakes it is swallowed so a sleeping kiosk cannot be operated blind. Pure state, driven by the
// loop's clock, so the policy is tested with virtual time.

/// Decides when to blank and whether an input event only wakes the display.
public struct DisplayPowerController: Sendable {
    /// Idle time before blanking; 0 or less never blanks.
    public let idleMilliseconds: Int64
    /// True while the display is blanked.
    public private(set) var isBlanked = false
    private var lastActivity: LoopInstant?

    public init(idleMilliseconds: Int64) { self.idleMilliseconds = idleMilliseconds }

    /// When the display should blank (nil when disabled, already blanked, or no activity clock yet).
    public var deadline: LoopInstant? {
        guard idleMilliseconds > 0, !isBlanked else { return nil }
        return (lastActivity ?? LoopInstant(nanoseconds: 0)).adding(milliseconds: idleMilliseconds)
    }

    /// Records user activity at `now`.
    /// - Returns: true when the display was blanked: this event only wakes it and must not be delivered.
    public mutating func noteActivity(now: LoopInstant) -> Bool {
        lastActivity = now
        guard isBlanked else { return false }
        isBlanked = false
        return true
    }

    /// True exactly once when the idle time has run out at `now` (then the display counts as blanked).
    public mutating func shouldBlank(now: LoopInstant) -> Bool {
        if lastActivity == nil { lastActivity = now }
        guard let deadline, now >= deadline else { return false }
        isBlanked = true
        return true
    }
}
