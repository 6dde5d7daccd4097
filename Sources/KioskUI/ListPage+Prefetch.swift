// Which rows' pictures to decode before they come on screen. A fling's or bounce's path is
// known ahead (ScrollState is a function of time), so the rows its leading edge reaches within
// the next `prefetchHorizon` arrive in a known order. The scene hands them to the picture
// source each tick while the list moves; decoders take them only when no row on screen is
// waiting. A short horizon keeps the decoders off rows that a fling carries past unseen, or that
// the next fling never reaches.
import SwipeCore

extension ListPage {
    /// How far ahead of the motion pictures are decoded (a quarter of a second of scrolling).
    public static let prefetchHorizon = Duration.milliseconds(250)

    /// The items the motion brings on screen within `prefetchHorizon`, in the order they
    /// arrive, at most a screenful; none while the list holds still or a finger holds it.
    public func itemsAhead(at time: Instant) -> [ListItem] {
        guard scroll.isMoving(at: time), data.count > 0 else { return [] }
        let now = scroll.offset(at: time), then = scroll.offset(at: time + Self.prefetchHorizon)
        guard then != now else { return [] }
        // The rows the frame itself asks for (its layout's margin included).
        let asked = visibleRange(at: time, margin: 2)
        let coming: [Int]
        if then > now {
            let end = min(data.count, sections.row(at: then + frame.height) + 3)
            coming = asked.upperBound < end ? Array(asked.upperBound..<end) : []
        } else {
            let start = max(0, sections.row(at: then) - 2)
            coming = start < asked.lowerBound ? (start..<asked.lowerBound).reversed() : []
        }
        return coming.prefix(asked.count).map { data.item(at: $0) }.filter { !marks.isRemoved($0.id) }
    }
}
