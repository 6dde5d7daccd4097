// What a list page remembers of a row beyond its item and its swipe (issue 23: state split by
// responsibility): that the row left the screen while its item is still in the data (slid off
// or collapsed, waiting for the re-read), or that it is collapsing, growing in or flashing. Kept
// per row id in one place, so a row's marks are set, read and dropped together and no mark can
// outlive the others unnoticed. It stays small on a kiosk that runs for months: an animation's
// mark goes once the animation has ended (`advance`, and `dataReplaced` on every new data), and a
// row's removal mark goes once its item has left the data (`dataReplaced`). Durations are
// docs/BEHAVIOUR.md's: 0.3 s to collapse or grow in, 0.6 s to flash.
import SwipeCore

/// The transient marks of a list's rows on the page's clock (Instants), by `ListItem.id` (the
/// UI's key of the store's ItemID: the UI never sees the store's types).
struct RowMarks {
    /// How long a row grows in (an inserted or restored item).
    static let changeDuration = Duration.milliseconds(300)
    /// How long a changed row's tint fades.
    static let flashDuration = Duration.milliseconds(600)

    /// One row's marks; a row with none has no entry.
    private struct Marks {
        /// The row left (slid off or collapsed) and waits for the data to drop its item.
        var removed = false
        /// Height 1 → 0: the item was deleted or left the list outside a full swipe.
        var collapse: ScalarAnimation?
        /// Height 0 → 1: the item was inserted or its removal undone.
        var arrival: ScalarAnimation?
        /// Tint 1 → 0: the item changed elsewhere.
        var flash: ScalarAnimation?

        var isEmpty: Bool { !removed && collapse == nil && arrival == nil && flash == nil }
    }

    private var rows: [String: Marks] = [:]

    /// How many rows have a mark (what `advance` and `dataReplaced` keep bounded).
    var count: Int { rows.count }

    /// Whether the row left and waits for its item to leave the data.
    func isRemoved(_ id: String) -> Bool { rows[id]?.removed ?? false }

    /// Whether the row is collapsing.
    func isCollapsing(_ id: String) -> Bool { rows[id]?.collapse != nil }

    /// The rows that left or are leaving (removed or collapsing), in no particular order.
    var leaving: [String] { rows.filter { $0.value.removed || $0.value.collapse != nil }.map(\.key) }

    /// The row slid off or finished collapsing.
    mutating func markRemoved(_ id: String) { rows[id, default: Marks()].removed = true }

    /// Starts the row's collapse at `time` unless it is collapsing or has left already; returns
    /// whether it started.
    @discardableResult
    mutating func startCollapse(_ id: String, at time: Instant) -> Bool {
        guard !isCollapsing(id), !isRemoved(id) else { return false }
        rows[id, default: Marks()].collapse = ScalarAnimation(
            from: 1, to: 0, start: time, timing: .curve(.easeInOut, duration: SwipeRowController.collapseDuration))
        return true
    }

    /// The row grows in from `time` (over a growth already running: from 0 again).
    mutating func arrive(_ id: String, at time: Instant) {
        rows[id, default: Marks()].arrival = ScalarAnimation(
            from: 0, to: 1, start: time, timing: .curve(.easeInOut, duration: Self.changeDuration))
    }

    /// The row's tint fades from `time` (over a tint already fading: from full again).
    mutating func flash(_ id: String, at time: Instant) {
        rows[id, default: Marks()].flash = ScalarAnimation(
            from: 1, to: 0, start: time, timing: .curve(.easeOut, duration: Self.flashDuration))
    }

    /// A row that left or was collapsing comes back: it stops leaving and grows in from `time`.
    /// Returns false, changing nothing, for a row that was neither.
    @discardableResult
    mutating func restore(_ id: String, at time: Instant) -> Bool {
        guard var marks = rows[id], marks.removed || marks.collapse != nil else { return false }
        marks.removed = false
        marks.collapse = nil
        rows[id] = marks
        arrive(id, at: time)
        return true
    }

    /// Moves the marks to `time`: growths and tints that have ended are dropped, and rows whose
    /// collapse has ended are marked removed. Returns those rows, in no particular order.
    mutating func advance(to time: Instant) -> [String] {
        var collapsed: [String] = []
        for (id, var marks) in rows {
            if marks.arrival?.isFinished(at: time) == true { marks.arrival = nil }
            if marks.flash?.isFinished(at: time) == true { marks.flash = nil }
            if let collapse = marks.collapse, collapse.isFinished(at: time) {
                marks.collapse = nil
                marks.removed = true
                collapsed.append(id)
            }
            rows[id] = marks.isEmpty ? nil : marks
        }
        return collapsed
    }

    /// New data at `time`: removal marks are kept only for items it still has (`holds`), and
    /// growths and tints that have ended are dropped (a page off screen is not advanced, and
    /// another program may insert items into it for months). Collapses stay: their end is
    /// reported by `advance`.
    mutating func dataReplaced(holding holds: (String) -> Bool, at time: Instant) {
        for (id, var marks) in rows {
            if marks.removed, !holds(id) { marks.removed = false }
            if marks.arrival?.isFinished(at: time) == true { marks.arrival = nil }
            if marks.flash?.isFinished(at: time) == true { marks.flash = nil }
            rows[id] = marks.isEmpty ? nil : marks
        }
    }

    /// The earliest end of every collapse, growth and tint still marked (ended or not: the next
    /// `advance` takes them); nil when none is.
    var earliestEnd: Instant? {
        var earliest: Instant?
        for marks in rows.values {
            earliest = Instant.earliest(earliest, marks.collapse?.end, marks.arrival?.end, marks.flash?.end)
        }
        return earliest
    }

    /// The row's height as its collapse and growth make it at `time` (the smaller of the two);
    /// nil when it does neither.
    func heightFraction(of id: String, at time: Instant) -> Double? {
        guard let marks = rows[id] else { return nil }
        switch (marks.collapse?.value(at: time), marks.arrival?.value(at: time)) {
        case let (collapse?, arrival?): return min(collapse, arrival)
        case let (collapse?, nil): return collapse
        case let (nil, arrival?): return arrival
        case (nil, nil): return nil
        }
    }

    /// The strength of the row's tint at `time` (1 → 0); nil when it has none.
    func flash(of id: String, at time: Instant) -> Double? { rows[id]?.flash?.value(at: time) }
}
