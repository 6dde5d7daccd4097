// Drawing a sheet: the dim over the page (fading as the sheet leaves), a soft shadow, the
// rounded panel with its grabber, title, paragraph and rows.
import Canvas
import SwipeCore

extension SheetView {
    public func render(_ painter: Painter, time: Double) {
        let p = theme.palette
        let panelFrame = panel(at: time)
        let shown = max(0, min(1, 1 - max(0, dismissal.offset(at: time)) / height))
        painter.fill(Rect(x: 0, y: 0, width: screen.width, height: screen.height), color: p.dim.withAlpha(0.4 * shown))
        let r = Rect(x: panelFrame.minX, y: panelFrame.minY, width: panelFrame.width, height: panelFrame.height + 24)
        painter.withSavedState {
            painter.alpha = dismissal.alpha(at: time)
            // The shadow shows only above the panel (which spans the screen's width) and beside its
            // rounded corners: drawn from a rectangle tall enough that its lower corners' blur stays
            // under the opaque panel, and clipped to the corners' band and above, it gives the same
            // pixels there as a panel-sized shadow without a screen-sized blurred mask (1.3 MB
            // cached, 5 MB while being rasterised).
            painter.withSavedState {
                painter.clip(to: Rect(x: 0, y: 0, width: screen.width, height: r.y + Self.cornerRadius))
                let top = Rect(x: r.x, y: r.y, width: r.width, height: 2 * Self.cornerRadius + 3 * Self.shadowBlur)
                painter.drawShadow(of: top, radii: CornerRadii(Self.cornerRadius), blur: Self.shadowBlur,
                                   offset: Point(x: 0, y: -2), color: Color.black.withAlpha(0.25))
            }
            // Only the band with the rounded corners is a shape; the rest is a plain fill. The panel
            // sits on whole pixels, so the two meet exactly, and no screen-sized coverage mask is
            // built and cached (it cost 1.2 MB at 1920x1080, 5 MB while being rasterised).
            let band = Rect(x: r.x, y: r.y, width: r.width, height: Self.cornerRadius)
            painter.fillRoundedRect(band, radii: CornerRadii(topLeft: Self.cornerRadius, topRight: Self.cornerRadius, bottomRight: 0, bottomLeft: 0), color: p.sheet)
            painter.fill(Rect(x: r.x, y: r.y + Self.cornerRadius, width: r.width, height: r.height - Self.cornerRadius), color: p.sheet)
            painter.fillRoundedRect(Rect(x: r.x + r.width / 2 - 18, y: r.y + 6, width: 36, height: 5), radius: 2.5, color: p.separator)
            let title = text.layout(content.title, font: theme.title, maxWidth: r.width - 40, alignment: .center)
            painter.draw(title, at: Point(x: r.x + 20, y: r.y + 20), boxWidth: r.width - 40, color: p.title)
            painter.clip(to: Rect(x: r.x, y: r.y + Self.headerHeight, width: r.width, height: max(0, panelFrame.height - Self.headerHeight)))
            if let body = content.body, !body.isEmpty {
                let layout = text.layout(body, font: theme.body, maxWidth: r.width - 40, maxLines: 0)
                painter.draw(layout, at: Point(x: r.x + 20, y: r.y + Self.headerHeight - scroll.offset(at: time)),
                             boxWidth: r.width - 40, color: p.title)
            }
            let icons = RowRenderer(theme: theme, text: text)
            for (row, f) in rowFrames(at: time) where f.maxY > panelFrame.minY && f.minY < panelFrame.maxY {
                let color = row.destructive ? Color(hex: 0xFF3B30) : p.accent
                painter.fill(Rect(x: 20, y: f.maxY - 1, width: f.width - 40, height: 1), color: p.separator)
                var x = 24.0
                if let name = row.icon {
                    let icon = icons.icon(name)
                    painter.draw(icon, x: x, baseline: f.midY + theme.metrics.iconSize * 0.35, color: color)
                    x += icon.width + 16
                }
                let label = text.layout(row.title, font: theme.actionTitle, maxWidth: f.width / 2)
                painter.draw(label, at: Point(x: x, y: f.midY - label.height / 2), color: color)
                if let detail = row.detail {
                    let value = text.layout(detail, font: theme.actionTitle, maxWidth: f.width / 3)
                    painter.draw(value, at: Point(x: f.maxX - 24 - value.width, y: f.midY - value.height / 2), color: p.subtitle)
                }
            }
        }
    }
}
