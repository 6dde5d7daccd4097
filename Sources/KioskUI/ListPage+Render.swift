// Drawing a list page: background, the visible rows with their swipe buttons and the keyboard
// focus, the section headers over them (the pinned one covers the rows scrolling under it), an
// empty-state message and the scroll indicator. Only rows meeting the painter's clip (the
// damage) are drawn.
import Canvas
import SwipeCore

extension ListPage {
    /// Draws the page into `painter` at `time`.
    public func render(_ painter: Painter, time: Instant) {
        let p = theme.palette
        let area = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        let rtl = direction == .rightToLeft
        painter.withSavedState {
            painter.clip(to: area)
            let layout = layout(at: time)
            // The band rows and headers cover; the rest (end of list, rubber band, collapses) is background.
            var top = frame.maxY, bottom = frame.minY
            // Translucent rows or headers show what is under them: the list's background (and the
            // rows scrolling under a pinned header), never the last frame's pixels.
            if p.row.alpha != 255 || p.sectionHeader.alpha != 255 { painter.fill(area, color: p.background) }
            for row in layout.rows {
                top = min(top, row.frame.minY)
                bottom = max(bottom, row.frame.minY + row.frame.height * row.swipe.heightFraction)
                let f = row.frame, band = Rect(x: f.x, y: f.y, width: f.width, height: f.height * row.swipe.heightFraction)
                // Everything a row draws stays in its band.
                guard painter.meetsClip(band) else { continue }
                renderer.draw(row.item, frame: f, swipe: row.swipe, painter: painter, rtl: rtl, time: time)
                if let flash = marks.flash(of: row.item.id, at: time), flash > 0 {
                    painter.fill(band, color: theme.palette.accent.withAlpha(0.18 * flash))
                }
                if focus == row.item.id { theme.drawFocus(painter, band: band, rowHeight: rowHeight) }
            }
            for header in layout.headers {
                let f = header.frame
                renderer.drawHeader(header.label, frame: Rect(x: f.minX, y: f.minY, width: f.width, height: f.height),
                                    painter: painter, rtl: rtl)
                top = min(top, f.minY)
                bottom = max(bottom, f.maxY)
            }
            if top >= bottom {
                painter.fill(area, color: p.background)
            } else {
                if top > frame.minY { painter.fill(Rect(x: area.x, y: area.y, width: area.width, height: top - frame.minY), color: p.background) }
                if bottom < frame.maxY { painter.fill(Rect(x: area.x, y: bottom, width: area.width, height: frame.maxY - bottom), color: p.background) }
            }
            if data.count == 0 { drawEmptyState(painter, area: area) }
            if drawsIndicator { drawIndicator(painter, time: time) }
        }
    }

    /// Draws the scroll indicator alone, clipped as `render` clips it: over the pixels `render`
    /// left with `drawsIndicator` false, this gives the pixels of `render`.
    func renderIndicator(_ painter: Painter, time: Instant) {
        painter.withSavedState {
            painter.clip(to: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height))
            drawIndicator(painter, time: time)
        }
    }

    func drawEmptyState(_ painter: Painter, area: Rect) {
        let message = renderer.text.layout("Nothing here", font: theme.title, maxWidth: area.width - theme.px(40), alignment: .center)
        painter.draw(message, at: Point(x: area.x + theme.px(20), y: area.y + area.height / 2 - message.height / 2),
                     boxWidth: area.width - theme.px(40), color: theme.palette.subtitle)
    }

    func drawIndicator(_ painter: Painter, time: Instant) {
        guard let bar = indicatorBar(at: time) else { return }
        painter.fillRoundedRect(bar, radius: theme.px(1.5), color: Color(hex: 0x000000).withAlpha(0.35 * scroll.indicatorAlpha(at: time)))
    }

    /// Where the scroll indicator is at `time`, nil when it does not show. It stays on the
    /// page's edge while the rows scroll.
    func indicatorBar(at time: Instant) -> Rect? {
        guard scroll.indicatorAlpha(at: time) > 0, contentHeight > frame.height else { return nil }
        let length = max(theme.px(36), frame.height * frame.height / contentHeight)
        let progress = min(1, max(0, drawnOffset(at: time) / max(1, contentHeight - frame.height)))
        let x = direction == .rightToLeft ? frame.minX + theme.px(3) : frame.maxX - theme.px(6)
        return Rect(x: x, y: frame.minY + theme.px(2) + (frame.height - theme.px(4) - length) * progress, width: theme.px(3), height: length)
    }

    /// The pixels `render` draws in: the page's frame snapped as its clip snaps it, within `screen`.
    func pixelArea(screen: PixelRect) -> PixelRect {
        frame.snappedPixels.intersection(screen)
    }
}
