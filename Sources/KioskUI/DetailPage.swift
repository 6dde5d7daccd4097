// The page pushed when a row is tapped: the item's picture fitted to the page width, its title,
// metadata and wrapped body text, scrolling (kinetic, rubber band) when longer than the page,
// and its actions as large buttons so everything a swipe offers is reachable by a tap too.
import Canvas
import SwipeCore

/// One item in detail.
public final class DetailPage {
    public let id: String
    public let item: ListItem
    /// The buttons: every action of the item's list, each with what identifies it to the app.
    public let actions: [(ref: ActionRef, action: SwipeAction)]
    let theme: Theme
    let text: TextCache
    let icons: RowRenderer
    public var frame: Rect
    /// The finger on a button and the button's position in `actions`.
    var pressed: (slot: Int, button: Int)?
    /// The content above the buttons scrolls when it is longer than its viewport.
    var scroll: ScrollState
    /// The finger that may scroll the content: where it went down, and whether it is dragging.
    var scrollTouch: (slot: Int, start: Point, dragging: Bool)?
    var velocity = VelocityTracker()

    var margin: Double { theme.px(20) }
    var buttonHeight: Double { theme.px(52) }

    public init(item: ListItem, actions: [(ref: ActionRef, action: SwipeAction)], frame: Rect, theme: Theme, text: TextCache) {
        id = "detail:" + item.id
        self.item = item
        self.actions = actions
        self.frame = frame
        self.theme = theme
        self.text = text
        icons = RowRenderer(theme: theme, text: text)
        scroll = ScrollState(viewport: 1, scale: theme.metrics.scale)
    }

    /// Frames of the action buttons, in a grid of two columns at the bottom.
    public func buttonFrames() -> [(SwipeAction, Rect)] {
        let m = margin, columns = 2.0, gap = theme.px(12)
        let w = (frame.width - m * (columns + 1)) / columns
        let rows = (Double(actions.count) / columns).rounded(.up)
        let top = frame.maxY - m - rows * (buttonHeight + gap) + gap
        return actions.enumerated().map { i, entry in
            let action = entry.action
            let col = Double(i % 2), row = Double(i / 2)
            return (action, Rect(x: frame.minX + m + col * (w + m), y: top + row * (buttonHeight + gap), width: w, height: buttonHeight))
        }
    }

    /// The picture's box: the page width, and at most twice the page height (the page scrolls;
    /// a very tall picture is narrower rather than an unbounded surface).
    var pictureBox: (width: Int, height: Int) { (Int(frame.width), Int(frame.height * 2)) }

    /// The decoded picture (nil while loading, for a bad picture, or without one).
    var picture: Surface? {
        item.image.flatMap { theme.pictures?.picture($0, width: pictureBox.width, height: pictureBox.height) }
    }

    /// Height of the picture band: the picture's, a 3:2 placeholder while it loads, 0 without one.
    var pictureHeight: Double {
        guard item.image != nil else { return 0 }
        if let picture { return Double(picture.height) }
        return min(frame.width * 2 / 3, Double(pictureBox.height)).rounded()
    }

    /// The scrolling area: from the top of the page to just above the buttons.
    var viewport: Rect {
        let buttonsTop = buttonFrames().map(\.1.minY).min() ?? frame.maxY
        return Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(1, buttonsTop - theme.px(8) - frame.minY))
    }

    /// Title, metadata and body laid out for the page width.
    func textLayouts() -> (title: TextLayout, meta: TextLayout, body: TextLayout) {
        let width = frame.width - 2 * margin
        let meta = ([item.unread ? "Unread" : "Read"] + (item.flagged ? ["Flagged"] : []) + (item.pinned ? ["Pinned"] : []) + (item.badge.map { ["\($0) new"] } ?? []))
            .joined(separator: " · ")
        return (text.layout(item.title, font: theme.bodyBold, maxWidth: width, maxLines: 2),
                text.layout(meta, font: theme.subtitle, maxWidth: width),
                text.layout(item.body.isEmpty ? item.subtitle : item.body, font: theme.body, maxWidth: width, maxLines: 0))
    }

    /// Height of everything that scrolls.
    var contentHeight: Double {
        let t = textLayouts(), m = margin
        return pictureHeight + m + t.title.height + theme.px(8) + t.meta.height + theme.px(16) + t.body.height + m
    }

    public func render(_ painter: Painter, time: Instant) {
        let p = theme.palette, m = margin
        let area = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        let view = viewport
        updateScrollContent()
        painter.withSavedState {
            painter.clip(to: area)
            painter.fill(area, color: p.row)
            let width = frame.width - 2 * m
            painter.withSavedState {
                painter.clip(to: view)
                var y = (area.y - scroll.offset(at: time)).rounded()
                if item.image != nil {
                    if let picture {
                        let x = (area.x + (area.width - Double(picture.width)) / 2).rounded()
                        painter.draw(picture, transform: .translation(x: x, y: y))
                    } else {
                        painter.fill(Rect(x: area.x, y: y, width: area.width, height: pictureHeight), color: p.sectionHeader)
                    }
                    y += pictureHeight
                }
                let t = textLayouts()
                painter.draw(t.title, at: Point(x: area.x + m, y: y + m), boxWidth: width, color: p.title)
                y += m + t.title.height + theme.px(8)
                painter.draw(t.meta, at: Point(x: area.x + m, y: y), boxWidth: width, color: p.subtitle)
                y += t.meta.height + theme.px(16)
                painter.draw(t.body, at: Point(x: area.x + m, y: y), boxWidth: width, color: p.title)
                drawIndicator(painter, view: view, time: time)
            }
            drawButtons(painter)
        }
    }

    func drawIndicator(_ painter: Painter, view: Rect, time: Instant) {
        let alpha = scroll.indicatorAlpha(at: time), content = contentHeight
        guard alpha > 0, content > view.height else { return }
        let length = max(theme.px(36), view.height * view.height / content)
        let progress = min(1, max(0, scroll.offset(at: time) / max(1, content - view.height)))
        let bar = Rect(x: view.maxX - theme.px(6), y: view.y + theme.px(2) + (view.height - theme.px(4) - length) * progress,
                       width: theme.px(3), height: length)
        painter.fillRoundedRect(bar, radius: theme.px(1.5), color: Color(hex: 0x000000).withAlpha(0.35 * alpha))
    }

    func drawButtons(_ painter: Painter) {
        for (button, (action, f)) in buttonFrames().enumerated() {
            let r = Rect(x: f.minX, y: f.minY, width: f.width, height: f.height)
            let color = Color(rgba: action.resolvedBackground.rgba)
            painter.fillRoundedRect(r, radius: theme.px(12), color: pressed?.button == button ? color.withAlpha(0.7) : color)
            let label = text.layout(action.title ?? action.id, font: theme.actionTitle, maxWidth: f.width - theme.px(48), alignment: .center)
            var x = r.x + (r.width - label.width) / 2
            if let name = action.icon {
                let icon = icons.icon(name)
                let gap = theme.px(8)
                x += (icon.width + gap) / 2
                painter.draw(icon, x: x - icon.width - gap, baseline: r.y + r.height / 2 + theme.metrics.iconSize * 0.35,
                             color: Color(rgba: action.textColor.rgba))
            }
            if let line = label.lines.first {
                painter.draw(line, x: x, baseline: r.y + r.height / 2 + label.ascent / 2 - theme.px(1), color: Color(rgba: action.textColor.rgba))
            }
        }
    }
}
