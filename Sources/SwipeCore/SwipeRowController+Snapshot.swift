// Turns a row controller's state at an instant into drawable geometry: the content offset and
// every button's strip, content rect and look, mapped from reveal coordinates to row
// coordinates for the left or right side.

extension SwipeRowController {
    /// The row at `time`: offset, state and button frames in row coordinates.
    public func snapshot(at time: Instant) -> SwipeRowSnapshot {
        let u = offset(at: time)
        var result = SwipeRowSnapshot.idle
        result.state = state
        result.offset = u
        if case .removing(let collapse) = phase { result.heightFraction = collapse.value(at: time) }
        if phase == .removed { result.heightFraction = 0 }
        result.actionsAlpha = actionsFade?.value(at: time) ?? 1
        guard let side = active else { return result }
        result.side = side.side
        result.background = side.options.backgroundColor
        result.buttonStyle = side.options.buttonStyle
        result.buttons = buttons(of: side, offset: u, time: time)
        return result
    }

    /// Button geometry for one side (user order: first = outermost).
    func buttons(of side: SideState, offset u: Double, time: Instant) -> [SwipeButtonSnapshot] {
        let w = max(0, -side.side.sign * u - side.options.safeAreaMargin)
        let progress = expansion.value(at: time)
        let revealed = side.layout.buttons(visible: w, expansion: progress)
        let n = revealed.count
        let m = side.layout.buttonWidth
        // The content edge: the row's right edge moved by u (right side) or its left edge (left side).
        let edge = side.side == .right ? width + u : u
        let fadeLook = side.expansionAnimation
        var result: [SwipeButtonSnapshot] = []
        result.reserveCapacity(n)
        for userIndex in 0..<n {
            let i = n - 1 - userIndex
            let r = revealed[i]
            // The strip is what shows between the content edge and the screen edge.
            let shownStart = min(max(r.start, 0), max(r.end, 0))
            let shownWidth = max(0, r.end - shownStart)
            let strip: Rect, button: Rect
            if side.side == .right {
                strip = Rect(x: edge + shownStart, y: 0, width: shownWidth, height: height)
                button = Rect(x: edge + r.start, y: 0, width: m, height: height)
            } else {
                strip = Rect(x: edge - shownStart - shownWidth, y: 0, width: shownWidth, height: height)
                button = Rect(x: edge - r.start - m, y: 0, width: m, height: height)
            }
            var look = side.transitions[i].appearance(at: time)
            if let fadeLook, userIndex != 0 {
                let faded = fadeLook.look(progress: side.fades[i].value(at: time))
                look.scaleX *= faded.scale
                look.scaleY *= faded.scale
                look.alpha *= faded.alpha
            }
            let content = side.metrics.content[userIndex]
            result.append(SwipeButtonSnapshot(
                action: side.actions[userIndex], strip: strip, button: button,
                imageRect: content.imageRect?.offsetBy(dx: button.minX, dy: 0),
                titleRect: content.titleRect?.offsetBy(dx: button.minX, dy: 0),
                percentVisible: m > 0 ? max(0, r.visibleWidth) / m : 0, appearance: look,
                isExpanded: userIndex == 0 && expanded))
        }
        return result
    }

    /// The expansion target T of the current side (nil without an expansion style).
    public var expansionTarget: Double? {
        guard let active, let style = active.options.expansionStyle else { return nil }
        return style.targetOffset(rowWidth: width, openWidth: active.metrics.openWidth)
    }

    /// The fully-open width P of the current side.
    public var openWidth: Double? { active?.metrics.openWidth }

    /// The uniform button width m of the current side.
    public var buttonWidth: Double? { active?.metrics.buttonWidth }

    /// True while the row is in its expanded (full-swipe) state.
    public var isExpanded: Bool { expanded }
}
