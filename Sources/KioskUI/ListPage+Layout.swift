// Laying out a list page for one frame: which rows are near the viewport and where they and
// their section headers go. Rows shift up under rows that collapse (a deleted row) or left;
// a header whose rows are all collapsing or growing in shrinks or grows with them; the header
// of the section at the top pins under the navigation bar until the next section pushes it up
// (iOS plain style). Also what a point hits: headers are on top and are not rows.
import SwipeCore

extension ListPage {
    /// The offset the list is drawn at: the scroll offset on whole pixels, as UIScrollView keeps
    /// its content on pixel boundaries. A scroll frame is then the last one moved by whole
    /// pixels plus the rows that come in (KioskScene+ScrollMove), and row edges, separators and
    /// avatars do not shimmer between fractional positions while the list moves. The scroll
    /// itself (finger, fling, spring) keeps its full precision.
    func drawnOffset(at time: Instant) -> Double { scroll.offset(at: time).rounded() }

    /// Runs `body`, the drawing of one frame at `time`, with the page's layout made once: the
    /// frame's signature and each band it draws (the rows that came in, the indicator where it
    /// was and where it is) ask for it, and nothing changes the page while a frame is drawn.
    func drawingFrame<Result>(at time: Instant, _ body: () -> Result) -> Result {
        frameLayout = (time, layout(at: time))
        defer { frameLayout = nil }
        return body()
    }

    /// Rows whose frames meet the viewport at `time` (plus `margin` rows either side).
    public func visibleRange(at time: Instant, margin: Int = 0) -> Range<Int> {
        guard data.count > 0 else { return 0..<0 }
        let top = drawnOffset(at: time)
        let first = min(data.count, max(0, sections.row(at: top) - margin))
        let last = min(data.count, sections.row(at: top + frame.height) + 2 + margin)
        return first..<max(first, last)
    }

    /// A visible row as laid out for one frame.
    public struct RowLayout {
        public let index: Int
        public let item: ListItem
        /// Screen frame at full height (the drawn height is `frame.height × swipe.heightFraction`).
        public internal(set) var frame: Rect
        public internal(set) var swipe: SwipeRowSnapshot
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
        public let frame: Rect
    }

    /// One frame's rows and headers, top to bottom.
    public struct Layout {
        public let rows: [RowLayout]
        public let headers: [HeaderLayout]
    }

    /// The visible rows at `time`, top to bottom.
    public func layoutRows(at time: Instant) -> [RowLayout] { layout(at: time).rows }

    /// The visible rows and headers at `time`: the rows near the viewport with their swipe
    /// state, then one pass down them placing headers and rows.
    public func layout(at time: Instant) -> Layout {
        if let frame = frameLayout, frame.time == time { return frame.layout }
        let range = visibleRange(at: time, margin: 2)
        // Rows that have not left yet, with their heights: a header's height follows them.
        var rows: [RowLayout] = []
        rows.reserveCapacity(range.count)
        // Read once: each read of the stored group for a call copied it whole.
        let group = group, data = data
        for i in range {
            let item = data.item(at: i)
            guard !marks.isRemoved(item.id) else { continue }
            var swipe = group.snapshot(row: item.id, at: time)
            if let height = marks.heightFraction(of: item.id, at: time) { swipe.heightFraction = min(swipe.heightFraction, height) }
            rows.append(RowLayout(index: i, item: item, frame: .zero, swipe: swipe))
        }
        // The tallest of a header's rows, from `rows[from]` on, when all of them are in range.
        func heightFraction(of header: SectionIndex.Header, from: Int) -> Double {
            guard header.firstRow >= range.lowerBound, header.endRow <= range.upperBound else { return 1 }
            var tallest = 0.0, k = from
            while k < rows.count, rows[k].index < header.endRow {
                tallest = max(tallest, rows[k].swipe.heightFraction)
                k += 1
            }
            return tallest
        }
        let offset = drawnOffset(at: time)
        // Headers met on the way down: index, top, height, and where their section ends.
        var placed: [(header: Int, y: Double, height: Double, end: Double)] = []
        if let above = sections.header(ofRow: range.lowerBound), sections.headers[above].firstRow < range.lowerBound {
            placed.append((above, frame.minY + sections.headers[above].top - offset, sections.headerHeight, .infinity))
        }
        var next = sections.headerCount(before: range.lowerBound)
        var y = frame.minY + sections.flowTop(ofRow: range.lowerBound) - offset
        var n = 0  // the next entry of `rows`
        for i in range {
            if let last = placed.last, sections.headers[last.header].endRow == i { placed[placed.count - 1].end = y }
            if next < sections.headers.count, sections.headers[next].firstRow == i {
                let height = sections.headerHeight * heightFraction(of: sections.headers[next], from: n)
                placed.append((next, y, height, .infinity))
                y += height
                next += 1
            }
            guard n < rows.count, rows[n].index == i else { continue }  // a row that left
            rows[n].frame = Rect(x: frame.minX, y: y, width: frame.width, height: rowHeight)
            y += rowHeight * rows[n].swipe.heightFraction
            n += 1
        }
        rows.removeAll { $0.frame.maxY <= frame.minY - rowHeight || $0.frame.minY >= frame.maxY + rowHeight }
        if let last = placed.last, sections.headers[last.header].endRow == range.upperBound { placed[placed.count - 1].end = y }
        // The last header that reached the top pins there until its section's end pushes it up.
        let pinned = placed.lastIndex { $0.y <= frame.minY }
        var headers: [HeaderLayout] = []
        for (k, p) in placed.enumerated() {
            let top = k == pinned ? min(frame.minY, p.end - p.height) : p.y
            guard p.height > 0, top + p.height > frame.minY, top < frame.maxY else { continue }
            let header = sections.headers[p.header]
            headers.append(HeaderLayout(
                index: p.header, title: header.title, label: header.label,
                frame: Rect(x: frame.minX, y: top, width: frame.width, height: p.height)))
        }
        // Rows taller than what is on screen centre their actions in the visible part (§1.14):
        // below the navigation bar and below a header pinned over the row's top.
        let uncovered = max(frame.minY, pinned.flatMap { k in headers.first { $0.index == placed[k].header }?.frame.maxY } ?? frame.minY)
        for k in rows.indices where rows[k].swipe.state != .idle {
            let f = rows[k].frame
            let top = max(f.minY, uncovered), bottom = min(f.maxY, frame.maxY)
            let slice = bottom - top < f.height && bottom > top
                ? Rect(x: 0, y: top - f.minY, width: f.width, height: bottom - top) : nil
            if group.setVisibleRect(row: rows[k].item.id, slice) {
                let fraction = rows[k].swipe.heightFraction
                rows[k].swipe = group.snapshot(row: rows[k].item.id, at: time)
                rows[k].swipe.heightFraction = fraction
            }
        }
        return Layout(rows: rows, headers: headers)
    }

    /// The row under a screen point (nil on a header: headers take no touches).
    public func hit(_ point: Point, at time: Instant) -> RowHit? {
        guard frame.contains(point) else { return nil }
        let layout = layout(at: time)
        guard !layout.headers.contains(where: { $0.frame.contains(point) }) else { return nil }
        for row in layout.rows where row.frame.contains(point) && row.swipe.heightFraction == 1 {
            return RowHit(id: row.item.id, frame: row.frame)
        }
        return nil
    }
}
