// What the scene draws into its layers (issue 26; CompositeLayer, SceneLayers): each page of a
// navigation transition, and the backdrop under a sheet (pages and bar, with the sheet's dim
// blended in while the sheet rests), drawn again only when their signatures change, and the
// backdrop composited around the sheet's opaque panel.
import Canvas
import SwipeCore

extension KioskScene {
    /// Makes `layer` hold `page` as it is at `time` (drawn again only when the page changed).
    func updateLayer(_ layer: CompositeLayer, page: ScenePage, time: Instant) {
        composited.update(layer, key: [signature(of: page, at: time)]) { renderPage(page, $0, time: time) }
    }

    /// Everything drawn under a sheet: the pages (or the transition between them) and the bar.
    func backdropKey(at time: Instant) -> [FrameSignature] {
        var bar = Hasher()
        bar.combine(stack.count)
        bar.combine(top?.title)
        bar.combine(trailingButtonIcon)
        bar.combine(navigationStyle)
        if let t = transition {
            bar.combine(t.kind)
            bar.combine(t.state.progress(at: time))
            return [FrameSignature(global: bar.finalize(), rows: [:], headers: [:]),
                    signature(of: t.lower, at: time), signature(of: t.upper, at: time)]
        }
        return [FrameSignature(global: bar.finalize(), rows: [:], headers: [:])] + (top.map { [signature(of: $0, at: time)] } ?? [])
    }

    /// The pages and the bar under `sheet`, from a screen-sized layer drawn when the sheet comes
    /// up: with the dim blended in once while it rests, dimmed each frame while it is dragged or
    /// leaves (the dim follows it). Nothing is drawn where the opaque panel covers the screen;
    /// where the fading panel covers it, its fill is blended in the same pass as the dim.
    /// Returns those rows (the sheet does not fill them again), nil when there are none.
    @discardableResult
    func renderBackdrop(_ painter: Painter, under sheet: SheetView, time: Instant) -> (top: Double, bottom: Double)? {
        let dim = sheet.dim(at: time)
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let backdrop = composited.backdrop(covering: screen, shapeCache: painter.shapeCache)
        let resting = dim.premultiplied == sheet.restingDim.premultiplied
        composited.update(backdrop, key: backdropKey(at: time), dim: resting ? dim : nil) { renderContent($0, time: time) }
        guard backdrop.pixels != nil else {
            renderContent(painter, time: time)
            painter.fill(screen, color: dim)
            return nil
        }
        let covered = sheet.coveredRows(at: time)
        let bands = covered.map { [Rect(x: 0, y: 0, width: size.width, height: $0.top),
                                   Rect(x: 0, y: $0.bottom, width: size.width, height: size.height - $0.bottom)] } ?? [screen]
        for band in bands where band.height > 0 {
            painter.withSavedState {
                painter.clip(to: band)
                backdrop.composite(into: painter, dim: resting ? nil : dim)
            }
        }
        guard let covered, !sheet.isOpaque(at: time) else { return nil }
        painter.withSavedState {
            painter.clip(to: Rect(x: 0, y: covered.top, width: size.width, height: covered.bottom - covered.top))
            backdrop.composite(into: painter, dim: resting ? nil : dim, cover: sheet.theme.palette.sheet, coverAlpha: sheet.fade(at: time))
        }
        return covered
    }
}
