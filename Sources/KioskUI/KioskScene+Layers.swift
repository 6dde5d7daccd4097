// Layers the scene draws once and then composites every frame (issue 26): each page of a
// navigation transition, and the backdrop under a sheet (pages and bar, with the sheet's dim
// blended in while the sheet rests). A layer keeps the signatures of what it holds and is drawn
// again only when they change (a row collapsing under a transition, a scroll indicator still
// fading, data changed by another program), so a frame fills, copies or dims pixels already
// drawn instead of drawing both pages, the dim and the bar again. Layers live only as long as
// their transition or sheet, kept as runs of one colour and literal pixels (Canvas' RunLayer):
// a fraction of the plain XRGB surfaces they were (2 × 7.8 MB and 8.3 MB at 1920x1080).
import Canvas
import SwipeCore

/// A page (or a backdrop) drawn once and composited many times, and what it holds.
final class CompositeLayer {
    /// Its pixels as runs and literals (nil: nothing drawn yet, or no memory for it).
    private(set) var pixels: RunLayer?
    /// Where the layer's top-left pixel sits on the screen (whole pixels), and its size.
    let origin: Point
    let width: Int, height: Int
    private let shapeCache: ShapeCache
    /// The signatures it was drawn for (nil: nothing yet).
    private var key: [FrameSignature]?
    /// The premultiplied dim blended over the drawing (0: none).
    private var dimWord: UInt32 = 0

    /// A layer covering `rect` (widened to whole pixels); it holds nothing until `update`.
    init(covering rect: Rect, shapeCache: ShapeCache) {
        let x = rect.minX.rounded(.down), y = rect.minY.rounded(.down)
        width = max(1, Int((rect.maxX - x).rounded(.up))); height = max(1, Int((rect.maxY - y).rounded(.up)))
        origin = Point(x: x, y: y)
        self.shapeCache = shapeCache
    }

    /// Makes the layer hold what `draw` draws (in screen coordinates) for `key`, with `dim`
    /// blended over it (nil: undimmed). Returns whether it had to draw. A dim is not taken out
    /// again: the layer is drawn anew (so its runs are always those of the undimmed drawing; a
    /// dim makes different pixels equal, black at 0.4 turns 0x80 and 0x81 both into 0x4D).
    func update(_ key: [FrameSignature], dim: Color? = nil, draw: (Painter) -> Void) -> Bool {
        let word = dim?.premultiplied ?? 0
        if key == self.key, word == dimWord, pixels != nil { return false }
        var drew = false
        if key != self.key || dimWord != 0 || pixels == nil {
            pixels = nil  // the old pixels go before the new ones are made
            let origin = origin
            pixels = RunLayer(width: width, height: height, shapeCache: shapeCache) { painter in
                painter.translate(x: -origin.x, y: -origin.y)
                draw(painter)
            }
            self.key = key
            dimWord = 0
            drew = true
        }
        if let dim, word != 0, let pixels {
            pixels.dim(by: dim)
            dimWord = word
        }
        return drew
    }

    /// Draws the layer into `painter` moved by (dx, dy) whole pixels, with `dim` blended over
    /// it (nil: none).
    func composite(into painter: Painter, dx: Double = 0, dy: Double = 0, dim: Color? = nil) {
        guard let pixels else { return }
        painter.composite(pixels, dx: origin.x + dx, dy: origin.y + dy, dim: dim)
    }
}

extension KioskScene {
    /// The two page layers of the running transition, made when it starts.
    func transitionLayers(_ painter: Painter) -> (lower: CompositeLayer, upper: CompositeLayer) {
        if let layers { return layers }
        let made = (lower: CompositeLayer(covering: contentFrame, shapeCache: painter.shapeCache),
                    upper: CompositeLayer(covering: contentFrame, shapeCache: painter.shapeCache))
        layers = made
        return made
    }

    /// Makes `layer` hold `page` as it is at `time` (drawn again only when the page changed).
    func updateLayer(_ layer: CompositeLayer, page: ScenePage, time: Instant) {
        if layer.update([signature(of: page, at: time)], draw: { renderPage(page, $0, time: time) }) { layerDraws += 1 }
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
    /// leaves (the dim follows it). Nothing is drawn where the opaque panel covers the screen.
    func renderBackdrop(_ painter: Painter, under sheet: SheetView, time: Instant) {
        let dim = sheet.dim(at: time)
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let backdrop = self.backdrop ?? CompositeLayer(covering: screen, shapeCache: painter.shapeCache)
        self.backdrop = backdrop
        let resting = dim.premultiplied == sheet.restingDim.premultiplied
        if backdrop.update(backdropKey(at: time), dim: resting ? dim : nil, draw: { renderContent($0, time: time) }) {
            layerDraws += 1
        }
        guard backdrop.pixels != nil else {
            renderContent(painter, time: time)
            painter.fill(screen, color: dim)
            return
        }
        let covered = sheet.opaqueRows(at: time)
        let bands = covered.map { [Rect(x: 0, y: 0, width: size.width, height: $0.top),
                                   Rect(x: 0, y: $0.bottom, width: size.width, height: size.height - $0.bottom)] } ?? [screen]
        for band in bands where band.height > 0 {
            painter.withSavedState {
                painter.clip(to: band)
                backdrop.composite(into: painter, dim: resting ? nil : dim)
            }
        }
    }
}
