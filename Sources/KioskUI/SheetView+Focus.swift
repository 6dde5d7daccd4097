// Keyboard control of a sheet (issue 25: a sheet must be reachable without touch): Up and Down
// move a focus over its rows — the first arrow shows it on the first row — scrolling the rows so
// the focused one is wholly in view, and Enter chooses the focused row exactly as a tap on it
// would. Escape is the scene's (it dismisses).
import SwipeCore
extension SheetView {
    /// Moves the focus or chooses its row; nil when the key asks for nothing else.
    public func handle(key: KeyInput, time: Instant) -> SheetInput? {
        let count = content.rows.count
        guard count > 0 else { return nil }
        switch key {
        case .down: focus = focus.map { min(count - 1, $0 + 1) } ?? 0
        case .up: focus = focus.map { max(0, $0 - 1) } ?? 0
        case .enter: return focus.map { .selected(row: $0) }
        case .left, .right, .delete, .escape, .backspace: return nil
        }
        if let focus { scrollIntoView(row: focus, time: time) }
        return nil
    }

    /// Scrolls the sheet's content (its text, then its rows) so that row `index` is wholly visible.
    func scrollIntoView(row index: Int, time: Instant) {
        let px = theme.px, rowHeight = px(Self.rowHeight)
        let top = Self.bodyHeight(content, theme: theme, text: text, width: screen.width) + Double(index) * rowHeight
        let viewport = height - px(Self.headerHeight), offset = scroll.offset(at: time)
        if top < offset {
            scroll.scroll(to: top, animated: true, time: time)
        } else if top + rowHeight > offset + viewport {
            scroll.scroll(to: top + rowHeight - viewport, animated: true, time: time)
        }
    }
}
