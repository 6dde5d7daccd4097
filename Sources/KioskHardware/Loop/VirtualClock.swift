// Virtual time for the loop of `replay`, `screenshot` and `bench`: the same session, routing and
// present code as on the device, but time only moves when the loop has nothing left to do now,
// straight to its next deadline, so a replay is deterministic and idle time costs nothing.
import SwipeCore

/// A clock that moves only when told to, never backwards.
public final class VirtualClock {
    /// The current virtual instant.
    public private(set) var now: Instant

    /// Starts at `start` (replays start at 0: script times are offsets from it).
    public init(start: Instant = Instant.zero) { now = start }

    /// Moves to `instant`; an instant in the past is ignored.
    public func advance(to instant: Instant) {
        if instant > now { now = instant }
    }
}
