// What of a string can be visible, so that hostile or huge text costs bounded time: a title
// of one letter and 30,000 combining marks, or a 10 MB title, is cut before it is shaped.
// Two limits: no more scalars than the box could ever show (one per pixel of width per line,
// or `maximumScalars` without a box), and at most 30 combining marks in a row (Unicode's
// stream-safe text format, UAX #15): more stack on one glyph and add nothing visible.

extension TextLayout {
    /// Scalars laid out when the style gives no width and line limit.
    public static let maximumScalars = 32_768
    /// Combining marks kept in a row.
    static let maximumMarks = 30

    /// The scalars of `text` that can be shown, and whether some were left out.
    static func visibleScalars(_ text: String, limit: Int?, maxLines: Int) -> ([UInt32], Bool) {
        var cap = maximumScalars
        if let limit, maxLines > 0 {
            // Nothing visible is narrower than a pixel; newlines add a scalar a line.
            cap = min(cap, maxLines * (limit / 64 + 2))
        }
        var result: [UInt32] = []
        result.reserveCapacity(min(cap, text.utf8.count))
        var marks = 0, read = 0, dropped = false
        // Dropped marks are still read: bound the reading too.
        let readLimit = cap * (maximumMarks + 2)
        for scalar in text.unicodeScalars {
            if result.count == cap || read == readLimit { return (result, true) }
            read += 1
            if scalar.properties.canonicalCombiningClass != .notReordered {
                marks += 1
                if marks > maximumMarks { dropped = true; continue }
            } else {
                marks = 0
            }
            result.append(scalar.value)
        }
        return (result, dropped)
    }
}
