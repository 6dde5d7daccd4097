// The loop's one-shot timers (haptic LED off, idle blank, command rate limit) kept in deadline
// order. Pure value type so the ordering rules are tested without a kernel or a clock.
import SwipeCore

/// Identifies a scheduled timer so it can be cancelled.
public struct TimerID: Hashable, Sendable {
    let rawValue: UInt64
}

/// One-shot timers ordered by deadline; equal deadlines run in scheduling order.
struct TimerQueue {
    private struct Entry {
        let id: TimerID
        let deadline: Instant
        let work: () -> Void
    }

    private var entries: [Entry] = []
    private var nextID: UInt64 = 1

    /// The earliest deadline, or nil when nothing is scheduled.
    var nextDeadline: Instant? { entries.first?.deadline }

    /// True when no timer is pending.
    var isEmpty: Bool { entries.isEmpty }

    /// Adds `work` to run at `deadline`; returns its id.
    mutating func schedule(at deadline: Instant, _ work: @escaping () -> Void) -> TimerID {
        let id = TimerID(rawValue: nextID)
        nextID += 1
        // Insert after every entry with a deadline <= this one: stable for equal deadlines.
        let index = entries.firstIndex { $0.deadline > deadline } ?? entries.endIndex
        entries.insert(Entry(id: id, deadline: deadline, work: work), at: index)
        return id
    }

    /// Removes a pending timer; returns false when it already ran or was cancelled.
    @discardableResult
    mutating func cancel(_ id: TimerID) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Removes and returns the work of every timer due at `now`, in deadline order.
    mutating func popDue(now: Instant) -> [() -> Void] {
        let dueCount = entries.firstIndex { $0.deadline > now } ?? entries.endIndex
        let due = entries[..<dueCount].map(\.work)
        entries.removeFirst(dueCount)
        return due
    }
}
