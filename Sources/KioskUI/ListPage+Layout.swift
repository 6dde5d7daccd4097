// Laying out a list page for one frame: which rows are near the viewport and where they and
// their section headers go. Rows shift up under rows that collapse (a deleted row) or left;
// a header whose rows are all collapsing or growing in shrinks or grows with them; the header
// of the section at the top pins under the navigation bar until the next section pushes it up
// (iOS plain style). Also what a point hits: headers are on top and are not rows.
import SwipeCore

extension ListPage {
    /// Rows whose frames meet the viewport at `time` (plus `margin` rows either side).
    public func visibleRange(at time: Double, margin: Int = 0) -> Range<Int> {
        guard data.count > 0 else { return 0..<0 }
        let top = scroll.offset(at: time)
        let first = min(data.count, max(0, sections.row(at: top) - margin))
        let last = min(data.count, sections.row(at: top + frame.height) + 2 + margin)
        return first..<max(first, last)
    }

    /// A visible row as laid out for one frame.
    public struct RowLayout {
        public let index: Int
        public let item: ListItem
        /// Screen frame at full height (the drawn height is `frame.height × swipe.heightFraction`).
        public let frame: SwipeCore.Rect
        public let swipe: SwipeRowSnapshot
    }

    /// A visible section header as laid out for one frame.
    public struct HeaderLayout {
        /// Its place among the list's headers.
        let index: Int
        /// The section's title as the data has it.
        public let title: String
        /// What is drawn.
        let label: String
        /// Screen frame as drawn (pinned, shrunk with its rows).
        public let frame: SwipeCore.Rect
    }

    /// One frame's rows and headers, top to bottom.
    public struct Layout {
        public let rows: [RowLayout]
        public let headers: [HeaderLayout]
    }

    /// The visible rows at `time`, top to bottom.
    public func layoutRows(at time: Double) -> [RowLayout] { layout(at: time).rows }

    /// The visible rows and headers at `time`, in one pass over the rows near the viewport.
    public func layout(at time: Double) -> Layout {
        let range = visibleRange(at: time, margin: 2)
        // The rows' snapshots first: a header's height follows its rows when all are in range.
        let snapshots = range.map { i -> (item: ListItem, swipe: SwipeRowSnapshot?) in
            let item = data.item(at: i)
            guard !removed.contains(item.id) else { return (item, nil) }
            var swipe = group.snapshot(row: item.id, at: time)
            if let collapse = collapsing[item.id] { swipe.heightFraction = min(swipe.heightFraction, collapse.value(at: time)) }
            if let grow = arriving[item.id] { swipe.heightFraction = min(swipe.heightFraction, grow.value(at: time)) }
            return (item, swipe)
        }
        func heightFraction(of header: SectionIndex.Header) -> Double {
            guard header.firstRow >= range.lowerBound, header.endRow <= range.upperBound else { return 1 }
            let own = snapshots[(header.firstRow - range.lowerBound)..<(header.endRow - range.lowerBound)]
            return own.reduce(0) { max($0, $1.swipe?.heightFraction ?? 0) }
        }
        let offset = scroll.offset(at: time)
        // Headers met on the way down: index, top, height, and where their section ends.
        var placed: [(header: Int, y: Double, height: Double, end: Double)] = []
        if let above = sections.header(ofRow: range.lowerBound), sections.headers[above].firstRow < range.lowerBound {
            placed.append((above, frame.minY + sections.headers[above].top - offset, sections.headerHeight, .infinity))
        }
        var next = sections.headerCount(before: range.lowerBound)
        var y = frame.minY + sections.flowTop(ofRow: range.lowerBound) - offset
        var rows: [RowLayout] = []
        rows.reserveCapacity(range.count)
        for (i, entry) in zip(range, snapshots) {
            if let last = placed.last, sections.headers[last.header].endRow == i { placed[placed.count - 1].end = y }
            if next < sections.headers.count, sections.headers[next].firstRow == i {
                let height = sections.headerHeight * heightFraction(of: sections.headers[next])
                placed.append((next, y, height, .infinity))
                y += height
                next += 1
            }
            guard let swipe = entry.swipe else { continue }
            let f = SwipeCore.Rect(x: frame.minX, y: y, width: frame.width, height: rowHeight)
            y += rowHeight * swipe.heightFraction
            guard f.maxY > frame.minY - rowHeight, f.minY < frame.maxY + rowHeight else { continue }
            rows.append(RowLayout(index: i, item: entry.item, frame: f, swipe: swipe))
        }
        if let last = placed.last, sections.headers[last.header].endRow == range.upperBound { placed[placed.count - 1].end = y }
        // The last header that reached the top pins there until its section's end pushes it up.
        let pinned = placed.lastIndex { $0.y <= frame.minY }
        var headers: [HeaderLayout] = []
        for (n, p) in placed.enumerated() {
            let top = n == pinned ? min(frame.minY, p.end - p.height) : p.y
            guard p.height > 0, top + p.height > frame.minY, top < frame.maxY else { continue }
            let header = sections.headers[p.header]
            headers.append(HeaderLayout(
                index: p.header, title: header.title, label: header.label,
                frame: SwipeCore.Rect(x: frame.minX, y: top, width: frame.width, height: p.height)))
        }
        return Layout(rows: rows, headers: headers)
    }

    /// The row under a screen point (nil on a header: headers take no touches).
    public func hit(_ point: SwipeCore.Point, at time: Double) -> RowHit? {
        guard frame.contains(point) else { return nil }
        let layout = layout(at: time)
        guard !layout.headers.contains(where: { $0.frame.contains(point) }) else { return nil }
        for row in layout.rows where row.frame.contains(point) && row.swipe.heightFraction == 1 {
            return RowHit(id: row.item.id, frame: row.frame)
        }
        return nil
    }
}
