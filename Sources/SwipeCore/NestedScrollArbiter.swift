// Who moves when a finger drags vertically over a scrollable list inside a dismissible
// sheet: the list scrolls until it reaches its top, then the rest of the drag goes to the
// sheet, and back again. This fixes the seed's documented failure (a scroll view steals the pan).

/// Splits vertical finger deltas between an inner list and its sheet.
public struct NestedScrollArbiter: Hashable, Sendable {
    public init() {}

    /// Splits `delta` (downward positive) given the list's scroll offset (0 at its top,
    /// positive when scrolled down) and the sheet's offset (0 when fully presented).
    /// - Returns: the part that moves the sheet and the part that scrolls the list.
    public func split(delta: Double, listOffset: Double, sheetOffset: Double) -> (sheet: Double, list: Double) {
        guard delta.isFinite else { return (0, 0) }
        if delta > 0 {
            // Dragging down: the list first scrolls back to its top, the remainder pulls the sheet.
            let toTop = max(0, listOffset)
            let listPart = min(delta, toTop)
            return (delta - listPart, -listPart)
        } else {
            // Dragging up: a pulled-down sheet goes back up first, then the list scrolls.
            let sheetPart = max(delta, -max(0, sheetOffset))
            return (sheetPart, -(delta - sheetPart))
        }
    }
}
