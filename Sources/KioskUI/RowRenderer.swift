// Draws one list row: its content (avatar or picture, title, subtitle, badge, unread dot, flag, pin) moved by
// the swipe offset, and the action buttons the swipe core placed behind it. Buttons whose
// per-button animation scales, rotates or fades are drawn through a cached layer surface and
// composited with that transform. Section headers are drawn here too, in the rows' theme.
import Canvas
import SwipeCore

/// Row drawing with the theme; keeps icon lines and button layers between frames.
final class RowRenderer {
    let theme: Theme
    let text: TextCache
    private var icons: [String: TextLine] = [:]
    private var layers: [String: Surface] = [:]

    init(theme: Theme, text: TextCache) {
        self.theme = theme
        self.text = text
    }

    func icon(_ name: String, large: Bool = false) -> TextLine {
        let key = large ? "L:" + name : name
        if let hit = icons[key] { return hit }
        let font = large ? theme.largeIcons : theme.icons
        let line = (try? font.icon(named: name)) ?? font.icon(0)
        icons[key] = line
        return line
    }

    /// Draws `item` in `frame` (screen pixels) as the swipe snapshot places it.
    func draw(_ item: ListItem, frame: Rect, swipe: SwipeRowSnapshot, painter: Painter, rtl: Bool, time: Instant) {
        let height = frame.height * swipe.heightFraction
        guard height >= 0.5 else { return }
        painter.withSavedState {
            painter.clip(to: Rect(x: frame.x, y: frame.y, width: frame.width, height: height))
            if swipe.side != nil { drawButtons(swipe, frame: frame, painter: painter) }
            // Content moved the other way than the side whose actions are built (or with none):
            // the list's background shows where it was, as behind faded actions, never the
            // previous frame's pixels.
            let dx = swipe.offset.rounded()
            if dx != 0, !(swipe.side == .right && dx < 0), !(swipe.side == .left && dx > 0) {
                painter.fill(dx > 0 ? Rect(x: frame.x, y: frame.y, width: dx, height: frame.height)
                                    : Rect(x: frame.maxX + dx, y: frame.y, width: -dx, height: frame.height),
                             color: theme.palette.background)
            }
            // Whole pixels: text is placed on whole pixels too, and shapes stay in the shape cache.
            drawContent(item, frame: frame.offsetX(swipe.offset.rounded()), painter: painter, rtl: rtl)
        }
    }

    /// The row's own content; mirrored for right-to-left lists.
    func drawContent(_ item: ListItem, frame f: Rect, painter: Painter, rtl: Bool) {
        let p = theme.palette
        painter.fill(f, color: p.row)
        func x(_ fromLeading: Double, width: Double = 0) -> Double { rtl ? f.maxX - fromLeading - width : f.x + fromLeading }
        let px = theme.px, inset = px(72), line = max(1, px(1).rounded())
        painter.fill(Rect(x: rtl ? f.x : f.x + inset, y: f.maxY - line, width: f.width - inset, height: line), color: p.separator)
        drawAvatar(item, center: Self.avatarCenter(rowFrame: f, rtl: rtl, metrics: theme.metrics), painter: painter)
        if item.unread {
            painter.fillCircle(center: Point(x: x(px(8)), y: f.y + f.height / 2), radius: px(4), color: p.unread)
        }
        var trailing = px(16)
        if let badge = item.badgeLabel {
            let label = text.layout(badge, font: theme.badge)
            let w = max(px(28), label.width + px(16))
            let pill = Rect(x: x(f.width - trailing - w, width: 0), y: f.y + f.height / 2 - px(12), width: w, height: px(24))
            painter.fillRoundedRect(pill, radius: px(12), color: p.badge)
            painter.draw(label.lines[0], x: pill.x + (w - label.width) / 2, baseline: pill.y + px(17), color: p.onBadge)
            trailing += w + px(8)
        }
        if item.flagged {
            painter.fillCircle(center: Point(x: x(f.width - trailing - px(6)), y: f.y + f.height / 2), radius: px(5), color: p.flag)
            trailing += px(18)
        }
        if item.pinned {
            let pin = icon("pin")
            painter.draw(pin, x: x(f.width - trailing - pin.width, width: pin.width),
                         baseline: f.y + f.height / 2 + theme.metrics.iconSize * 0.35, color: p.subtitle)
            trailing += pin.width + px(8)
        }
        let textWidth = max(0, f.width - inset - trailing)
        let alignment: TextAlignment = rtl ? .right : .left
        let title = text.layout(item.title, font: theme.title, maxWidth: textWidth, alignment: alignment)
        painter.draw(title, at: Point(x: x(inset, width: textWidth), y: f.y + f.height / 2 - px(4) - title.ascent - title.descent), boxWidth: textWidth, color: p.title)
        if !item.subtitle.isEmpty {
            let sub = text.layout(item.subtitle, font: theme.subtitle, maxWidth: textWidth, alignment: alignment)
            painter.draw(sub, at: Point(x: x(inset, width: textWidth), y: f.y + f.height / 2 + px(4)), boxWidth: textWidth, color: p.subtitle)
        }
    }

    /// A section header: its label on the tinted band, on the reading side. A header shrinking
    /// with its rows is clipped from the bottom, as rows are.
    func drawHeader(_ label: String, frame f: Rect, painter: Painter, rtl: Bool) {
        let inset = theme.px(16), width = max(0, f.width - 2 * inset)
        painter.withSavedState {
            painter.clip(to: f)
            painter.fill(f, color: theme.palette.sectionHeader)
            let layout = text.layout(label, font: theme.sectionTitle, maxWidth: width, alignment: rtl ? .right : .left)
            painter.draw(layout, at: Point(x: f.x + inset, y: f.y + (theme.metrics.sectionHeaderHeight - layout.height) / 2),
                         boxWidth: width, color: theme.palette.sectionTitle)
        }
    }

    /// The actions behind the row: background, strips, then each button's content.
    func drawButtons(_ swipe: SwipeRowSnapshot, frame: Rect, painter: Painter) {
        var swipe = swipe
        swipe.offset.round()
        let exposed = swipe.side == .right
            ? Rect(x: frame.x + frame.width + swipe.offset, y: frame.y, width: -swipe.offset, height: frame.height)
            : Rect(x: frame.x, y: frame.y, width: swipe.offset, height: frame.height)
        guard exposed.width > 0 else { return }
        painter.withSavedState {
            // What is behind the row (the list's background) shows through a clear or faded
            // actions background: never the previous frame's pixels.
            painter.fill(exposed, color: theme.palette.background)
            painter.alpha = swipe.actionsAlpha
            painter.fill(exposed, color: Color(rgba: swipe.background.rgba))
            let circular = swipe.buttonStyle == .circular
            // Outermost last: later strips cover earlier ones, as the wrappers stack.
            for button in swipe.buttons.reversed() {
                let strip = button.strip.canvas(offsetBy: frame)
                if !circular { painter.fill(strip, color: Color(rgba: button.action.resolvedBackground.rgba)) }
                // Pressed: SwipeCellKit's highlightedBackgroundColor, black at 10 % over the button,
                // only for an action with a background colour (not a circular one on a clear strip).
                if button.isPressed, !circular, !button.action.resolvedBackground.isClear {
                    painter.fill(strip.intersection(button.button.canvas(offsetBy: frame)), color: Self.pressedShade)
                }
                painter.withSavedState {
                    painter.clip(to: strip)
                    drawButtonContent(button, rowFrame: frame, circular: circular, painter: painter)
                }
            }
        }
    }

    /// `highlightedBackgroundColor`'s default (docs/BEHAVIOUR.md "Rows" §1.3).
    static let pressedShade = Color.black.withAlpha(0.1)

    func drawButtonContent(_ b: SwipeButtonSnapshot, rowFrame: Rect, circular: Bool, painter: Painter) {
        let box = b.button.canvas(offsetBy: rowFrame)
        let look = b.appearance
        let identity = look.scaleX == 1 && look.scaleY == 1 && look.rotationY == 0 && look.alpha == 1
        if identity {
            paintContent(b, origin: Point(x: box.x, y: box.y), circular: circular, painter: painter)
            return
        }
        guard let layer = layer(for: b, size: box, circular: circular) else { return }
        // Rotation about the vertical axis is drawn as its horizontal projection (cos θ).
        let sx = look.scaleX * Swift.max(0.05, abs(cosDegrees(look.rotationY)))
        let center = Point(x: box.x + box.width / 2, y: box.y + box.height / 2)
        let transform = AffineTransform.translation(x: box.x, y: box.y)
            .then(.scale(x: sx, y: look.scaleY, around: center))
        painter.draw(layer, transform: transform, alpha: look.alpha)
    }

    /// Icon (or circle) and title of a button with its top-left at `origin`.
    func paintContent(_ b: SwipeButtonSnapshot, origin: Point, circular: Bool, painter: Painter) {
        let color = Color(rgba: b.action.resolvedBackground.rgba)
        let dx = origin.x - b.button.minX, dy = origin.y
        if let image = b.imageRect {
            let r = Rect(x: image.minX + dx, y: image.minY + dy, width: image.width, height: image.height)
            if circular { painter.fillEllipse(in: r, color: color) }
            if let name = b.action.icon {
                let line = icon(name, large: false)
                painter.draw(line, x: r.x + (r.width - line.width) / 2, baseline: r.y + r.height / 2 + theme.metrics.iconSize * 0.35,
                             color: Color(rgba: b.action.textColor.rgba))
            }
        }
        if let titleRect = b.titleRect, let title = b.action.title {
            let layout = text.layout(title, font: theme.actionTitle, maxWidth: titleRect.width + 1, maxLines: 3, alignment: .center)
            painter.draw(layout, at: Point(x: titleRect.minX + dx, y: titleRect.minY + dy), boxWidth: titleRect.width + 1,
                         color: circular ? color : Color(rgba: b.action.textColor.rgba))
        }
    }

    /// A transparent surface holding the button's content, made once per action and size.
    func layer(for b: SwipeButtonSnapshot, size: Rect, circular: Bool) -> Surface? {
        let key = "\(b.action.id)|\(Int(size.width))x\(Int(size.height))|\(circular)|\(b.action.title ?? "")|\(b.imageRect != nil)"
        if let hit = layers[key] { return hit }
        guard let surface = try? Surface(width: max(1, Int(size.width.rounded(.up))), height: max(1, Int(size.height.rounded(.up)))) else { return nil }
        surface.fill(.clear)
        let painter = Painter(target: surface)
        paintContent(b, origin: Point(x: 0, y: 0), circular: circular, painter: painter)
        if layers.count > 64 { layers.removeAll() }
        layers[key] = surface
        return surface
    }

    private func cosDegrees(_ degrees: Double) -> Double {
        // Rotations here stay within ±45°: a short series is exact to 1e-6 and avoids Glibc.
        let r = degrees * Double.pi / 180, r2 = r * r
        return 1 - r2 / 2 + r2 * r2 / 24 - r2 * r2 * r2 / 720 + r2 * r2 * r2 * r2 / 40320
    }
}

extension Rect {
    /// This row-relative rectangle in screen coordinates of the row at `frame`.
    func canvas(offsetBy frame: Rect) -> Rect {
        Rect(x: minX + frame.x, y: minY + frame.y, width: width, height: height)
    }
}

extension Rect {
    func offsetX(_ dx: Double) -> Rect { Rect(x: x + dx, y: y, width: width, height: height) }
}
