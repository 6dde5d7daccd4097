// The page pushed when a row is tapped: the item's title, metadata and wrapped body text, and
// its actions as large buttons so everything a swipe offers is reachable by a tap too.
import Canvas
import SwipeCore

/// One item in detail.
public final class DetailPage {
    public let id: String
    public let item: ListItem
    public let actions: [SwipeAction]
    let theme: Theme
    let text: TextCache
    let icons: RowRenderer
    public var frame: SwipeCore.Rect
    var pressed: (slot: Int, action: String)?

    static let margin = 20.0
    static let buttonHeight = 52.0

    public init(item: ListItem, actions: [SwipeAction], frame: SwipeCore.Rect, theme: Theme, text: TextCache) {
        id = "detail:" + item.id
        self.item = item
        self.actions = actions
        self.frame = frame
        self.theme = theme
        self.text = text
        icons = RowRenderer(theme: theme, text: text)
    }

    /// Frames of the action buttons, in a grid of two columns at the bottom.
    public func buttonFrames() -> [(SwipeAction, SwipeCore.Rect)] {
        let m = Self.margin, columns = 2.0
        let w = (frame.width - m * (columns + 1)) / columns
        let rows = (Double(actions.count) / columns).rounded(.up)
        let top = frame.maxY - m - rows * (Self.buttonHeight + 12) + 12
        return actions.enumerated().map { i, action in
            let col = Double(i % 2), row = Double(i / 2)
            return (action, SwipeCore.Rect(x: frame.minX + m + col * (w + m), y: top + row * (Self.buttonHeight + 12), width: w, height: Self.buttonHeight))
        }
    }

    /// A tap on a button asks the app to run that action.
    public func handle(_ event: TouchEvent) -> [UIEffect] {
        switch event.phase {
        case .began:
            if let hit = buttonFrames().first(where: { $0.1.contains(event.point) }) { pressed = (event.slot, hit.0.id) }
        case .moved:
            if let p = pressed, p.slot == event.slot,
               buttonFrames().first(where: { $0.0.id == p.action })?.1.contains(event.point) != true { pressed = nil }
        case .ended:
            defer { pressed = nil }
            if let p = pressed, p.slot == event.slot { return [.action(itemID: item.id, actionID: p.action), .haptic(.action)] }
        case .cancelled:
            pressed = nil
        }
        return []
    }

    public func render(_ painter: Painter, time: Double) {
        let p = theme.palette, m = Self.margin
        let area = Canvas.Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        painter.withSavedState {
            painter.clip(to: area)
            painter.fill(area, color: p.row)
            let width = frame.width - 2 * m
            let title = text.layout(item.title, font: theme.bodyBold, maxWidth: width, maxLines: 2)
            painter.draw(title, at: Canvas.Point(x: area.x + m, y: area.y + m), boxWidth: width, color: p.title)
            var y = area.y + m + title.height + 8
            let meta = ([item.unread ? "Unread" : "Read"] + (item.flagged ? ["Flagged"] : []) + (item.badge.map { ["\($0) new"] } ?? []))
                .joined(separator: " · ")
            let metaLayout = text.layout(meta, font: theme.subtitle, maxWidth: width)
            painter.draw(metaLayout, at: Canvas.Point(x: area.x + m, y: y), boxWidth: width, color: p.subtitle)
            y += metaLayout.height + 16
            let buttonsTop = buttonFrames().map(\.1.minY).min() ?? frame.maxY
            let lines = max(1, Int((buttonsTop - y - m) / theme.body.lineHeight))
            let body = text.layout(item.body.isEmpty ? item.subtitle : item.body, font: theme.body, maxWidth: width, maxLines: lines)
            painter.draw(body, at: Canvas.Point(x: area.x + m, y: y), boxWidth: width, color: p.title)
            for (action, f) in buttonFrames() {
                let r = Canvas.Rect(x: f.minX, y: f.minY, width: f.width, height: f.height)
                let color = Color(rgba: action.resolvedBackground.rgba)
                painter.fillRoundedRect(r, radius: 12, color: pressed?.action == action.id ? color.withAlpha(0.7) : color)
                let label = text.layout(action.title ?? action.id, font: theme.actionTitle, maxWidth: f.width - 48, alignment: .center)
                var x = r.x + (r.width - label.width) / 2
                if let name = action.icon {
                    let icon = icons.icon(name)
                    x += (icon.width + 8) / 2
                    painter.draw(icon, x: x - icon.width - 8, baseline: r.y + r.height / 2 + theme.metrics.iconSize * 0.35,
                                 color: Color(rgba: action.textColor.rgba))
                }
                if let line = label.lines.first {
                    painter.draw(line, x: x, baseline: r.y + r.height / 2 + label.ascent / 2 - 1, color: Color(rgba: action.textColor.rgba))
                }
            }
        }
    }
}
