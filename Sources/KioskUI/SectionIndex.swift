// Where a list's section headers sit. Built once per data change from the data source's
// sections (a few counts, never the items), it maps rows to content offsets and offsets back
// to rows by binary search over the headers: O(log sections) per question, so a list of
// 100,000 items in thousands of sections lays out a frame without visiting them. Building it
// for thousands of sections takes a millisecond: a worker that read the sections builds it ahead
// (`SectionLayout`, below), and the UI loop only swaps it in.

/// The section headers of one list in content coordinates (0 = the top of the content).
struct SectionIndex {
    struct Header {
        /// The section's title as the data has it.
        let title: String
        /// What the header shows: the title upper-cased (made here, not per frame).
        let label: String
        /// The rows under this header: `firstRow..<endRow`.
        let firstRow: Int
        let endRow: Int
        /// Content y of the header's top.
        let top: Double
    }

    let headers: [Header]
    let rowCount: Int
    let rowHeight: Double
    let headerHeight: Double

    /// Headers for the titled sections among `sections`; none when `headerHeight` is 0
    /// (headers turned off). Sections past `rowCount` are ignored.
    init(sections: [ListSection], rowCount: Int, rowHeight: Double, headerHeight: Double) {
        self.rowCount = rowCount
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        var headers: [Header] = []
        // One allocation of the right size: grown by doubling, 10,000 headers took 16,384 places.
        headers.reserveCapacity(sections.count)
        var first = 0
        for section in sections where section.count > 0 && first < rowCount {
            let end = min(rowCount, first + section.count)
            if !section.title.isEmpty, headerHeight > 0 {
                headers.append(Header(
                    title: section.title, label: section.title.uppercased(), firstRow: first, endRow: end,
                    top: Double(first) * rowHeight + Double(headers.count) * headerHeight))
            }
            first = end
        }
        self.headers = headers
    }

    var contentHeight: Double { Double(rowCount) * rowHeight + Double(headers.count) * headerHeight }

    /// How many headers come before row `row` (those of sections starting above it).
    func headerCount(before row: Int) -> Int {
        var low = 0, high = headers.count
        while low < high {
            let mid = (low + high) / 2
            if headers[mid].firstRow < row { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Content y where row `row`'s flow starts: its header's top when it is a section's first
    /// row, otherwise its own top.
    func flowTop(ofRow row: Int) -> Double {
        Double(row) * rowHeight + Double(headerCount(before: row)) * headerHeight
    }

    /// Content y of row `row`'s own top (below its header when it is a section's first row).
    func top(ofRow row: Int) -> Double { flowTop(ofRow: row + 1) - rowHeight }

    /// The header (an index into `headers`) of the section row `row` is in, if it has one.
    func header(ofRow row: Int) -> Int? {
        let k = headerCount(before: row + 1) - 1
        return k >= 0 && row < headers[k].endRow ? k : nil
    }

    /// The row whose band holds content y `y` (a header's band counts as its first row's), at
    /// least 0 and possibly past the last row.
    func row(at y: Double) -> Int {
        var low = 0, high = headers.count
        while low < high {
            let mid = (low + high) / 2
            if headers[mid].top <= y { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return max(0, Int((y / rowHeight).rounded(.down))) }
        let header = headers[low - 1]
        let below = y - header.top - headerHeight
        return below < 0 ? header.firstRow : header.firstRow + Int((below / rowHeight).rounded(.down))
    }
}

/// A list's section layout worked out ahead of time: a worker builds it from the sections it read,
/// with the page's metrics (`ListPage.sectionMetrics`), and the UI loop's `ListPage.setData` only
/// swaps it in (issue 26: 10,000 sections took ~1 ms of the loop to upper-case and place).
public struct SectionLayout: Sendable {
    /// What a page's layout depends on besides its sections.
    public struct Metrics: Hashable, Sendable {
        let rowHeight: Double
        let headerHeight: Double
        /// Whether titled sections get a header.
        let headers: Bool
    }

    /// The sections as the list's data source hands them over.
    public let sections: [ListSection]
    let metrics: Metrics
    let index: SectionIndex

    /// The layout of `sections` (`rowCount` rows) with `metrics`, on any thread.
    public init(sections: [ListSection], rowCount: Int, metrics: Metrics) {
        self.sections = sections
        self.metrics = metrics
        index = SectionIndex(sections: metrics.headers ? sections : [], rowCount: rowCount,
                             rowHeight: metrics.rowHeight, headerHeight: metrics.headerHeight)
    }
}
