// The leading square of a row: the item's picture thumbnail when it has one and it is decoded,
// otherwise the placeholder, the coloured shape with the item's icon or initial. Items without
// a picture keep the circle; a picture's placeholder takes the theme's thumbnail shape, so the
// row does not change shape when its picture arrives. Also where that square is, for damage.
import Canvas
import SwipeCore

extension RowRenderer {
    /// Side of a thumbnail in pixels (the avatar's diameter).
    static func thumbnailSide(_ metrics: Metrics) -> Int { Int((metrics.avatarRadius * 2).rounded()) }

    /// The thumbnail's square around `center`, on whole pixels (so drawing it is a copy).
    static func thumbnailFrame(center: Point, metrics: Metrics) -> Rect {
        let side = Double(thumbnailSide(metrics))
        return Rect(x: (center.x - side / 2).rounded(), y: (center.y - side / 2).rounded(), width: side, height: side)
    }

    /// The row's avatar centre for a row at `frame` (screen pixels).
    static func avatarCenter(rowFrame f: Rect, rtl: Bool, metrics: Metrics) -> Point {
        let inset = 36 * metrics.scale
        return Point(x: rtl ? f.maxX - inset : f.x + inset, y: f.y + f.height / 2)
    }

    func drawAvatar(_ item: ListItem, center: Point, painter: Painter) {
        let p = theme.palette, m = theme.metrics
        let box = Self.thumbnailFrame(center: center, metrics: m)
        if let path = item.image, let thumbnail = theme.pictures?.thumbnail(path, side: Self.thumbnailSide(m)) {
            painter.draw(thumbnail, transform: .translation(x: box.x, y: box.y))
            return
        }
        let color = p.avatars[item.avatarSlot % p.avatars.count]
        if item.image != nil, m.thumbnailCornerFraction < 0.5 {
            painter.fillRoundedRect(box, radius: box.width * m.thumbnailCornerFraction, color: color)
        } else {
            painter.fillCircle(center: center, radius: m.avatarRadius, color: color)
        }
        if let name = item.icon, IconFont.codepoints[name] != nil {
            let line = icon(name)
            painter.draw(line, x: center.x - line.width / 2, baseline: center.y + m.iconSize * 0.35, color: p.onAvatar)
        } else {
            let letter = text.layout(item.initial, font: theme.title)
            painter.draw(letter.lines[0], x: center.x - letter.width / 2, baseline: center.y + theme.px(6), color: p.onAvatar)
        }
    }
}
