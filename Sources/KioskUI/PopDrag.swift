// The finger that drags the top page back to the one below (the interactive pop, from the
// leading edge): where it started and how fast it moves, so KioskScene keeps one value for the
// gesture instead of two loose properties, and the translation and release velocity it hands
// the transition are tested at explicit times.
import SwipeCore

/// One interactive pop's finger.
struct PopDrag {
    private var start: Point?
    private var tracker = VelocityTracker()

    /// A new pop: its start comes with the first event that has one.
    mutating func begin() { start = nil }

    /// Follows `event` (`start`: where the finger went down, when the arbiter has just handed it
    /// over); `sign` is -1 right to left. Returns the translation along the pop, and the release
    /// velocity (points per second along the pop) when the finger lifts.
    mutating func follow(_ event: TouchEvent, start: Point?, sign: Double) -> (translation: Double, releaseVelocity: Double?) {
        if let start { self.start = start }
        tracker.add(event.point, time: event.time)
        let translation = (event.point.x - (self.start?.x ?? event.point.x)) * sign
        let release = event.phase == .ended ? tracker.velocity.x * sign : nil
        if event.phase == .ended || event.phase == .cancelled { tracker.reset() }
        return (translation, release)
    }
}
