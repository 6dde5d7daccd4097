// The bar at the top of every page: the title centred, a back button when the stack is
// deeper than one page, and an optional trailing button (the Styles sheet in the demo).
import Canvas
import SwipeCore

/// Draws the navigation bar and answers which of its buttons a point hits.
struct NavigationBar {
    enum Button: Equatable { case back, trailing }

    let theme: Theme
    let text: TextCache
    let icons: RowRenderer

    /// Width of the back and trailing buttons' hit areas.
    var buttonWidth: Double { theme.px(64) }

    func frame(width: Double) -> Rect {
        Rect(x: 0, y: 0, width: width, height: theme.metrics.navBarHeight)
    }

    /// Which button contains `point`, if any (mirrored in right-to-left layouts).
    func button(at point: Point, width: Double, hasBack: Bool, hasTrailing: Bool, rtl: Bool) -> Button? {
        guard frame(width: width).contains(point) else { return nil }
        let leadingZone = rtl ? point.x >= width - buttonWidth : point.x < buttonWidth
        let trailingZone = rtl ? point.x < buttonWidth : point.x >= width - buttonWidth
        if hasBack, leadingZone { return .back }
        if hasTrailing, trailingZone { return .trailing }
        return nil
    }

    func draw(_ painter: Painter, width: Double, title: String, hasBack: Bool, trailingIcon: String?, rtl: Bool) {
        let p = theme.palette, h = theme.metrics.navBarHeight
        painter.fill(Rect(x: 0, y: 0, width: width, height: h), color: p.navBar)
        let maxTitle = max(0, width - 2 * buttonWidth)
        let layout = text.layout(title, font: theme.navTitle, maxWidth: maxTitle, alignment: .center)
        painter.draw(layout, at: Point(x: buttonWidth, y: (h - layout.height) / 2), boxWidth: maxTitle, color: p.navTitle)
        let baseline = h / 2 + theme.metrics.iconSize * 0.35
        if hasBack {
            let chevron = icons.icon(rtl ? "chevron-right" : "chevron-left", large: true)
            let x = rtl ? width - buttonWidth / 2 - chevron.width / 2 : buttonWidth / 2 - chevron.width / 2
            painter.draw(chevron, x: x, baseline: baseline + theme.px(4), color: p.navTitle)
        }
        if let name = trailingIcon {
            let icon = icons.icon(name)
            let x = rtl ? buttonWidth / 2 - icon.width / 2 : width - buttonWidth / 2 - icon.width / 2
            painter.draw(icon, x: x, baseline: baseline, color: p.navTitle)
        }
    }
}
