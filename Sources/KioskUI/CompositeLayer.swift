// A page (or a sheet's backdrop) drawn once and composited every frame (issue 26). It keeps the
// signatures of what it holds and is drawn again only when they change (a row collapsing under a
// transition, a scroll indicator still fading, data changed by another program), so a frame
// fills, copies or dims pixels already drawn instead of drawing both pages, the dim and the bar
// again. Its pixels are runs of one colour and literal pixels (Canvas' RunLayer): a fraction of
// the plain XRGB surfaces layers were (2 × 7.8 MB and 8.3 MB at 1920x1080).
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
    /// it (nil: none), then `cover` at `coverAlpha` (Painter.composite).
    func composite(into painter: Painter, dx: Double = 0, dy: Double = 0, dim: Color? = nil, cover: Color? = nil, coverAlpha: Double = 1) {
        guard let pixels else { return }
        painter.composite(pixels, dx: origin.x + dx, dy: origin.y + dy, dim: dim, cover: cover, coverAlpha: coverAlpha)
    }
}
