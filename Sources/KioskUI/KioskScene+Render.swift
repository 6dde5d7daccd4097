// Drawing the scene: the top page directly, or during a navigation transition both pages
// rendered into reusable layers and composited with the style's transforms (translate, scale,
// alpha, dim); the navigation bar on top.
import Canvas
import SwipeCore

extension KioskScene {
    /// Draws the frame at `time` into `painter` (its clip limits the work to the damage).
    public func render(_ painter: Painter, time: Double) {
        let rtl = direction == .rightToLeft
        if let t = transition {
            let p = t.state.progress(at: time)
            renderTransition(painter, lower: t.lower, upper: t.upper, pushProgress: t.kind == .push ? p : 1 - p, time: time)
        } else if let page = top {
            renderPage(page, painter, time: time)
        }
        let title = transition.map { t -> String in
            let p = t.state.progress(at: time)
            return (t.kind == .push ? p : 1 - p) > 0.5 ? t.upper.title : t.lower.title
        } ?? top?.title ?? ""
        bar.draw(painter, width: size.width, title: title, hasBack: stack.count > 1 || transition != nil,
                 trailingIcon: trailingButtonIcon, rtl: rtl)
        sheet?.render(painter, time: time)
        toast?.render(painter, screen: size, theme: theme, text: text, time: time)
        renderPulse(painter, time: time)
        needsRender = false
    }

    func renderPage(_ page: ScenePage, _ painter: Painter, time: Double) {
        switch page {
        case .list(let list): list.render(painter, time: time)
        case .detail(let detail): detail.render(painter, time: time)
        }
    }

    func renderTransition(_ painter: Painter, lower: ScenePage, upper: ScenePage, pushProgress: Double, time: Double) {
        let screen = Size(width: size.width, height: size.height)
        let looks = navigationStyle.layers(progress: pushProgress, size: screen, mirrored: direction == .rightToLeft)
        if looks.lower.scale == 1, looks.upper.scale == 1, looks.lower.alpha == 1, looks.upper.alpha == 1 {
            renderSlide(painter, pages: [(lower, looks.lower), (upper, looks.upper)], time: time)
            return
        }
        guard let layers = transitionLayers() else {
            renderPage(pushProgress < 0.5 ? lower : upper, painter, time: time)
            return
        }
        let content = contentFrame
        for (page, layer, look) in [(lower, layers.lower, looks.lower), (upper, layers.upper, looks.upper)] {
            let layerPainter = Painter(target: layer)
            layerPainter.translate(x: 0, y: -content.minY)
            renderPage(page, layerPainter, time: time)
            let center = Point(x: content.width / 2, y: content.height / 2)
            // A pure slide moves by whole pixels: the compositor then copies rows instead of resampling.
            let slide = look.scale == 1
                ? Point(x: look.translation.x.rounded(), y: look.translation.y.rounded())
                : Point(x: look.translation.x, y: look.translation.y)
            let transform = AffineTransform.scale(x: look.scale, y: look.scale, around: center)
                .then(.translation(x: content.minX + slide.x, y: content.minY + slide.y))
            painter.draw(layer, transform: transform, alpha: look.alpha)
            if look.dim > 0 {
                painter.fill(Rect(x: content.minX + slide.x, y: content.minY + slide.y,
                                         width: content.width, height: content.height),
                             color: theme.palette.dim.withAlpha(look.dim))
            }
        }
    }

    /// Slides (push, pull) draw each page straight into the frame, moved by whole pixels and
    /// clipped to the part of the content area it covers: no layers, nothing drawn twice.
    func renderSlide(_ painter: Painter, pages: [(ScenePage, PageLayer)], time: Double) {
        let content = contentFrame
        for (page, look) in pages {
            let dx = look.translation.x.rounded(), dy = look.translation.y.rounded()
            let visible = Rect(x: content.minX + dx, y: content.minY + dy, width: content.width, height: content.height)
            painter.withSavedState {
                painter.clip(to: visible)
                painter.clip(to: Rect(x: content.minX, y: content.minY, width: content.width, height: content.height))
                painter.translate(x: dx, y: dy)
                renderPage(page, painter, time: time)
                painter.translate(x: -dx, y: -dy)
                if look.dim > 0 { painter.fill(visible, color: theme.palette.dim.withAlpha(look.dim)) }
            }
        }
    }

    /// Two content-sized opaque layers, made on the first transition and reused.
    func transitionLayers() -> (lower: Surface, upper: Surface)? {
        if let layers { return layers }
        let w = Int(contentFrame.width), h = Int(contentFrame.height)
        guard let lower = try? Surface(width: w, height: h, format: .xrgb8888),
              let upper = try? Surface(width: w, height: h, format: .xrgb8888) else { return nil }
        layers = (lower, upper)
        return layers
    }
}
