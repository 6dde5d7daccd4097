// Layers the scene draws once and then composites every frame (issue 26): each page of a
// navigation transition, and the backdrop under a sheet (pages and bar, with the sheet's dim
// blended in while the sheet rests). A layer keeps the signatures of what it holds and is drawn
// again only when they change (a row collapsing under a transition, a scroll indicator still
// fading, data changed by another program), so a frame moves, copies or dims pixels already
// drawn instead of drawing both pages, the dim and the bar again. Layers live only as long as
// their transition or sheet: two content-sized XRGB surfaces, and one screen-sized.
import Canvas
import SwipeCore

/// A surface drawn once and composited many times, and what it holds.
final class CompositeLayer {
    let surface: Surface
    /// Where the layer's top-left pixel sits on the screen (whole pixels).
    let origin: Point
    private let painter: Painter
    /// The signatures it was drawn for (nil: nothing yet).
    private var key: [FrameSignature]?
    /// The premultiplied dim blended over the drawing (0: none).
    private var dimWord: UInt32 = 0
    /// Its runs of one colour, and the dim the layer held when they were found (nil: none
    /// found for what it holds now). A dim makes equal pixels equal still, so runs found
    /// undimmed hold after the resting dim is baked in; but it also makes different pixels equal
    /// (black at 0.4 turns 0x80 and 0x81 both into 0x4D), so runs found in a dimmed layer do not
    /// hold once it is drawn undimmed again.
    private var runs = UniformRuns()
    private var runsDim: UInt32?
    /// Composites since the content last changed. Runs are looked for from the second one: a
    /// layer drawn again every frame (a page flinging under a sheet, an indicator fading under a
    /// push) would pay a scan of every pixel each frame for a band of them shown.
    private var compositesOfContent = 0

    /// A layer covering `rect` (widened to whole pixels), or nil when there is no memory for it.
    init?(covering rect: Rect, shapeCache: ShapeCache) {
        let x = rect.minX.rounded(.down), y = rect.minY.rounded(.down)
        let width = Int((rect.maxX - x).rounded(.up)), height = Int((rect.maxY - y).rounded(.up))
        guard let surface = try? Surface(width: max(1, width), height: max(1, height), format: .xrgb8888) else { return nil }
        self.surface = surface
        origin = Point(x: x, y: y)
        painter = Painter(target: surface, shapeCache: shapeCache)
    }

    /// Makes the layer hold what `draw` draws (in screen coordinates) for `key`, with `dim`
    /// blended over it (nil: undimmed). Returns whether it had to draw.
    func update(_ key: [FrameSignature], dim: Color? = nil, draw: (Painter) -> Void) -> Bool {
        let word = dim?.premultiplied ?? 0
        if key == self.key, word == dimWord { return false }
        var drew = false
        if key != self.key || dimWord != 0 {
            painter.reset()
            painter.translate(x: -origin.x, y: -origin.y)
            draw(painter)
            // The same key draws the same pixels: runs found undimmed hold.
            if key != self.key || runsDim != 0 {
                runsDim = nil
                compositesOfContent = 0
            }
            self.key = key
            dimWord = 0
            drew = true
        }
        if let dim, word != 0 {
            painter.reset()
            painter.fillClip(color: dim)
            dimWord = word
            if runsDim != 0 { runsDim = nil }
        }
        return drew
    }

    /// Draws the layer into `painter` moved by (dx, dy) whole pixels, with `dim` blended over
    /// it (nil: none).
    func composite(into painter: Painter, dx: Double = 0, dy: Double = 0, dim: Color? = nil) {
        if runsDim == nil, compositesOfContent > 0 {
            runs.scan(surface)
            runsDim = dimWord
        }
        compositesOfContent += 1
        painter.composite(surface, runs: runsDim == nil ? nil : runs, dx: origin.x + dx, dy: origin.y + dy, dim: dim)
    }
}

extension KioskScene {
    /// The two page layers of the running transition, made when it starts.
    func transitionLayers(_ painter: Painter) -> (lower: CompositeLayer, upper: CompositeLayer)? {
        if let layers { return layers }
        guard let lower = CompositeLayer(covering: contentFrame, shapeCache: painter.shapeCache),
              let upper = CompositeLayer(covering: contentFrame, shapeCache: painter.shapeCache) else { return nil }
        layers = (lower, upper)
        return layers
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
        if backdrop == nil { backdrop = CompositeLayer(covering: screen, shapeCache: painter.shapeCache) }
        guard let backdrop else {
            renderContent(painter, time: time)
            painter.fill(screen, color: dim)
            return
        }
        let resting = dim.premultiplied == sheet.restingDim.premultiplied
        if backdrop.update(backdropKey(at: time), dim: resting ? dim : nil, draw: { renderContent($0, time: time) }) {
            layerDraws += 1
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
