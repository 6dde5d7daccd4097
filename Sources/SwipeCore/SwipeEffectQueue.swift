// Where row controllers put the effects the app must carry out. A standalone controller has its
// own queue; the controllers of a SwipeRowGroup share the group's, so handing effects to the app
// is one check of one array instead of a visit to every live row on every touch event.

/// Effects in the order they were emitted, each tagged with its row.
final class SwipeEffectQueue {
    private(set) var entries: [(row: String, effect: SwipeEffect)] = []

    func append(_ effect: SwipeEffect, row: String) {
        entries.append((row, effect))
    }

    /// Empties the queue and returns what it held.
    func take() -> [(row: String, effect: SwipeEffect)] {
        guard !entries.isEmpty else { return [] }
        defer { entries = [] }
        return entries
    }
}
