// Drawing the scene: the top page directly, or during a navigation transition both pages
// composited from layers drawn once (KioskScene+Layers.swift) with the style's transforms
// (translate, scale, alpha, dim); the navigation bar on top, then the sheet over its backdrop.
import Canvas
import SwipeCore

extension KioskScene {
    /// Draws the frame at `time` into `painter` (its clip limits the work to the damage).
    public func render(_ painter: Painter, time: Instant) {
        if let sheet {
            let filled = renderBackdrop(painter, under: sheet, time: time)
            sheet.render(painter, time: time, filledRows: filled)
        } else {
            composited.endSheet()
            renderContent(painter, time: time)
        }
        if transition == nil { composited.endTransition() }
        for (toast, slot) in overlays.toasts { toast.render(painter, screen: size, theme: theme, text: text, time: time, slot: slot) }
        overlays.timeoutWarning?.render(painter, screen: size, theme: theme, text: text)
        overlays.identifyBanner?.render(painter, screen: size, theme: theme, text: text, time: time)
        renderPulse(painter, time: time)
        needsRender = false
    }

    /// The pages (or the transition between them) and the navigation bar.
    func renderContent(_ painter: Painter, time: Instant) {
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
                 trailingIcon: trailingButtonIcon, rtl: direction == .rightToLeft)
    }

    func renderPage(_ page: ScenePage, _ painter: Painter, time: Instant) {
        switch page {
        case .list(let list): list.render(painter, time: time)
        case .detail(let detail): detail.render(painter, time: time)
        }
    }

    func renderTransition(_ painter: Painter, lower: ScenePage, upper: ScenePage, pushProgress: Double, time: Instant) {
        let screen = Size(width: size.width, height: size.height)
        let looks = navigationStyle.layers(progress: pushProgress, size: screen, mirrored: direction == .rightToLeft)
        let layers = composited.transitionPair(covering: contentFrame, shapeCache: painter.shapeCache)
        updateLayer(layers.lower, page: lower, time: time)
        updateLayer(layers.upper, page: upper, time: time)
        guard let lowerPixels = layers.lower.pixels, let upperPixels = layers.upper.pixels else {
            renderPage(pushProgress < 0.5 ? lower : upper, painter, time: time)
            return
        }
        if looks.lower.scale == 1, looks.upper.scale == 1, looks.lower.alpha == 1, looks.upper.alpha == 1 {
            renderSlide(painter, lower: (layers.lower, looks.lower), upper: (layers.upper, looks.upper))
            return
        }
        for (layer, pixels, look) in [(layers.lower, lowerPixels, looks.lower), (layers.upper, upperPixels, looks.upper)] {
            let origin = layer.origin, content = contentFrame
            let center = Point(x: content.midX - origin.x, y: content.midY - origin.y)
            // A pure move is by whole pixels: the compositor then copies rows instead of resampling.
            let move = look.scale == 1
                ? Point(x: origin.x + look.translation.x.rounded(), y: origin.y + look.translation.y.rounded())
                : Point(x: origin.x + look.translation.x, y: origin.y + look.translation.y)
            let transform = AffineTransform.scale(x: look.scale, y: look.scale, around: center)
                .then(.translation(x: move.x, y: move.y))
            painter.draw(pixels, transform: transform, alpha: look.alpha)
            if look.dim > 0 {
                painter.fill(Rect(x: move.x, y: move.y, width: content.width, height: content.height),
                             color: theme.palette.dim.withAlpha(look.dim))
            }
        }
    }

    /// Slides (push, pull) move both layers by whole pixels within the content area; the lower
    /// one (and its dim) only where the opaque upper one leaves it visible.
    func renderSlide(_ painter: Painter, lower: (CompositeLayer, PageLayer), upper: (CompositeLayer, PageLayer)) {
        let content = contentFrame
        func moved(_ look: PageLayer) -> Rect {
            Rect(x: content.minX + look.translation.x.rounded(), y: content.minY + look.translation.y.rounded(),
                 width: content.width, height: content.height)
        }
        let cover = moved(upper.1)
        var uncovered = content
        if cover.minY == content.minY {
            uncovered = cover.minX > content.minX
                ? Rect(x: content.minX, y: content.minY, width: min(content.width, cover.minX - content.minX), height: content.height)
                : Rect(x: cover.maxX, y: content.minY, width: max(0, content.maxX - cover.maxX), height: content.height)
        } else if cover.minX == content.minX, cover.minY > content.minY {
            uncovered = Rect(x: content.minX, y: content.minY, width: content.width, height: min(content.height, cover.minY - content.minY))
        }
        for ((layer, look), area) in [(lower, uncovered), (upper, content)] where area.width > 0 && area.height > 0 {
            let visible = moved(look)
            painter.withSavedState {
                painter.clip(to: area)
                painter.clip(to: visible)
                layer.composite(into: painter, dx: look.translation.x.rounded(), dy: look.translation.y.rounded(),
                                dim: look.dim > 0 ? theme.palette.dim.withAlpha(look.dim) : nil)
            }
        }
    }
}
