// Where each button strip sits for a visible width, per transition style and expansion
// (docs/BEHAVIOUR.md "Rows" §1.9, §8 "Layout"). Positions are measured from the row content's edge
// toward the screen edge ("reveal coordinates"), so both sides share one formula.

/// One button's place in reveal coordinates.
public struct RevealedButton: Hashable, Sendable {
    /// Where the button's strip (and its `m`-wide content) starts, from the content edge.
    public var start: Double
    /// Where its visible strip ends (the next strip covers the rest, or the screen edge).
    public var end: Double
    /// Visible width `v_i` used for the transition callbacks (may exceed `m` for border).
    public var visibleWidth: Double
}

/// Layout of the buttons of one side for a visible width.
public struct SwipeTransitionLayout: Hashable, Sendable {
    public var style: SwipeTransitionStyle
    /// `m`.
    public var buttonWidth: Double
    /// Number of buttons.
    public var count: Int
    public var elasticOverscroll: Bool

    public init(style: SwipeTransitionStyle, buttonWidth: Double, count: Int, elasticOverscroll: Bool) {
        self.style = style
        self.buttonWidth = buttonWidth
        self.count = count
        self.elasticOverscroll = elasticOverscroll
    }

    /// Content width `C`: the visible width, or P + 25 % of the extra with elastic overscroll.
    public func contentWidth(visible w: Double) -> Double {
        let p = Double(count) * buttonWidth
        return elasticOverscroll && w >= p ? p + 0.25 * (w - p) : w
    }

    /// Visible width `v_i` of button `i` (internal order) for visible width `w`, without allocating.
    public func visibleWidth(of i: Int, visible w: Double) -> Double {
        let d = Double(i), m = buttonWidth, n = Double(count)
        switch style {
        case .border:
            let c = contentWidth(visible: w)
            return c / n + (w - c)
        case .drag: return min(max(w - d * m, 0), m)
        case .reveal: return min(max(w - (n - 1 - d) * m, 0), m)
        }
    }

    /// Buttons in internal order (index 0 = innermost) for visible width `w`;
    /// `expansion` (0…1) slides the outermost strip to the content edge.
    public func buttons(visible w: Double, expansion: Double = 0) -> [RevealedButton] {
        let n = count
        guard n > 0 else { return [] }
        let m = buttonWidth
        let c = contentWidth(visible: w)
        var starts = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let d = Double(i)
            switch style {
            case .border: starts[i] = d * c / Double(n) + (w - c)
            case .drag: starts[i] = d * m - (c - w)
            case .reveal: starts[i] = d * m - (Double(n) * m - w)
            }
        }
        let e = min(max(expansion, 0), 1)
        starts[n - 1] += (0 - starts[n - 1]) * e
        var result: [RevealedButton] = []
        result.reserveCapacity(n)
        for i in 0..<n {
            var end = max(w, 0)
            for j in (i + 1)..<max(i + 1, n) where starts[j] < end { end = starts[j] }
            if i < n - 1, starts[n - 1] <= starts[i] { end = starts[i] }
            result.append(RevealedButton(start: starts[i], end: max(starts[i], end), visibleWidth: visibleWidth(of: i, visible: w)))
        }
        return result
    }
}
