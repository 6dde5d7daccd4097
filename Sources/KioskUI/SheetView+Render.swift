// Drawing a sheet: a soft shadow, the rounded panel with its grabber, title, paragraph and rows;
// and what the scene needs to draw the dimmed page under it (KioskScene+Layers.swift): the dim,
// fading as the sheet leaves, and the rows of the screen the panel covers opaquely.
import Canvas
import SwipeCore

extension SheetView {
    /// The dim over the page under the sheet at `time`.
    func dim(at time: Instant) -> Color {
        let shown = max(0, min(1, 1 - max(0, dismissal.offset(at: time)) / height))
        return theme.palette.dim.withAlpha(0.4 * shown)
    }

    /// The dim while the sheet is fully up.
    var restingDim: Color { theme.palette.dim.withAlpha(0.4) }

    /// The rows of pixels the panel covers completely at `time` (below its rounded corners, down
    /// to its bottom, across the screen), nil when it covers none.
    func coveredRows(at time: Instant) -> (top: Double, bottom: Double)? {
        let r = panel(at: time)
        let top = (r.minY + theme.px(Self.cornerRadius)).rounded(.up), bottom = (r.maxY + theme.px(24)).rounded(.down)
        return top < bottom ? (top, bottom) : nil
    }

    /// The panel's fade at `time`: the painter's alpha while it is drawn.
    func fade(at time: Instant) -> Double { dismissal.alpha(at: time) }

    /// Whether the panel hides what is under it at `time`: its alpha byte as the painter makes it
    /// from the fade (Color.premultiplied(alpha:)) is 255.
    func isOpaque(at time: Instant) -> Bool {
        UInt32(max(0, min(1, fade(at: time))) * Double(theme.palette.sheet.alpha) + 0.5) == 255
    }

    /// Draws the panel and its shadow (the scene draws the dimmed page under it first, and with
    /// `filledRows` the panel's fill over it in those rows: they are not filled again).
    public func render(_ painter: Painter, time: Instant, filledRows: (top: Double, bottom: Double)? = nil) {
        let p = theme.palette
        let panelFrame = panel(at: time)
        let px = theme.px, corner = px(Self.cornerRadius), blur = px(Self.shadowBlur), header = px(Self.headerHeight)
        let r = Rect(x: panelFrame.minX, y: panelFrame.minY, width: panelFrame.width, height: panelFrame.height + px(24))
        painter.withSavedState {
            painter.alpha = fade(at: time)
            // The shadow shows only above the panel (which spans the screen's width) and beside its
            // rounded corners: drawn from a rectangle tall enough that its lower corners' blur stays
            // under the opaque panel, and clipped to the corners' band and above, it gives the same
            // pixels there as a panel-sized shadow without a screen-sized blurred mask (1.3 MB
            // cached, 5 MB while being rasterised).
            painter.withSavedState {
                painter.clip(to: Rect(x: 0, y: 0, width: screen.width, height: r.y + corner))
                let top = Rect(x: r.x, y: r.y, width: r.width, height: 2 * corner + 3 * blur)
                painter.drawShadow(of: top, radii: CornerRadii(corner), blur: blur,
                                   offset: Point(x: 0, y: -px(2)), color: Color.black.withAlpha(0.25))
            }
            // Only the band with the rounded corners is a shape; the rest is a plain fill. The panel
            // sits on whole pixels, so the two meet exactly, and no screen-sized coverage mask is
            // built and cached (it cost 1.2 MB at 1920x1080, 5 MB while being rasterised).
            let band = Rect(x: r.x, y: r.y, width: r.width, height: corner)
            painter.fillRoundedRect(band, radii: CornerRadii(topLeft: corner, topRight: corner, bottomRight: 0, bottomLeft: 0), color: p.sheet)
            let body = Rect(x: r.x, y: r.y + corner, width: r.width, height: r.height - corner)
            if let filled = filledRows {
                painter.fill(Rect(x: body.x, y: body.y, width: body.width, height: filled.top - body.y), color: p.sheet)
                painter.fill(Rect(x: body.x, y: filled.bottom, width: body.width, height: body.maxY - filled.bottom), color: p.sheet)
            } else {
                painter.fill(body, color: p.sheet)
            }
            painter.fillRoundedRect(Rect(x: r.x + r.width / 2 - px(18), y: r.y + px(6), width: px(36), height: px(5)), radius: px(2.5), color: p.separator)
            let title = text.layout(content.title, font: theme.title, maxWidth: r.width - px(40), alignment: .center)
            painter.draw(title, at: Point(x: r.x + px(20), y: r.y + px(20)), boxWidth: r.width - px(40), color: p.title)
            painter.clip(to: Rect(x: r.x, y: r.y + header, width: r.width, height: max(0, panelFrame.height - header)))
            if let body = content.body, !body.isEmpty {
                let layout = text.layout(body, font: theme.body, maxWidth: r.width - px(40), maxLines: 0)
                painter.draw(layout, at: Point(x: r.x + px(20), y: r.y + header - scroll.offset(at: time)),
                             boxWidth: r.width - px(40), color: p.title)
            }
            for (index, (row, f)) in rowFrames(at: time).enumerated() where f.maxY > panelFrame.minY && f.minY < panelFrame.maxY {
                if focus == index { theme.drawFocus(painter, band: f, rowHeight: f.height) }
                let color = row.destructive ? p.destructive : p.accent
                let line = max(1, px(1).rounded())
                painter.fill(Rect(x: px(20), y: f.maxY - line, width: f.width - px(40), height: line), color: p.separator)
                var x = px(24)
                if let name = row.icon {
                    let icon = icons.icon(name)
                    painter.draw(icon, x: x, baseline: f.midY + theme.metrics.iconSize * 0.35, color: color)
                    x += icon.width + px(16)
                }
                let label = text.layout(row.title, font: theme.actionTitle, maxWidth: f.width / 2)
                painter.draw(label, at: Point(x: x, y: f.midY - label.height / 2), color: color)
                if let detail = row.detail {
                    let value = text.layout(detail, font: theme.actionTitle, maxWidth: f.width / 3)
                    painter.draw(value, at: Point(x: f.maxX - px(24) - value.width, y: f.midY - value.height / 2), color: p.subtitle)
                }
            }
        }
    }
}
