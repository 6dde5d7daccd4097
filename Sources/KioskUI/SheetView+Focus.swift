// Keyboard control of a sheet (issue 25: a sheet must be reachable without touch): Up and Down
// move a focus over its rows — the first arrow shows it on the first row — and Enter chooses
// the focused row exactly as a tap on it would. Escape is the scene's (it dismisses).
extension SheetView {
    /// Moves the focus or chooses its row; nil when the key asks for nothing else.
    public func handle(key: KeyInput) -> SheetInput? {
        let count = content.rows.count
        guard count > 0 else { return nil }
        switch key {
        case .down: focus = focus.map { min(count - 1, $0 + 1) } ?? 0
        case .up: focus = focus.map { max(0, $0 - 1) } ?? 0
        case .enter: return focus.map { .selected(row: $0) }
        case .left, .right, .delete, .escape, .backspace: break
        }
        return nil
    }
}
