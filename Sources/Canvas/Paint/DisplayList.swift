// A recorded frame: the UI records what it draws, then renders the list once per damage
// rectangle. Recording first is what makes occlusion culling general: before drawing, the list
// knows which opaque rectangles come later, so pixels under them (the background under list
// rows, rows under a full-screen sheet) are not painted twice.
import SwipeCore

/// Drawing commands recorded for one frame, rendered with occlusion culling.
///
/// Reuse one list: `removeAll()` keeps its storage, so recording a frame allocates nothing.
public final class DisplayList {
    /// One drawing command; the parameters are those of the `Painter` method of the same name.
    public enum Item {
        case fill(Rect, Color)
        case roundedRect(Rect, CornerRadii, Color)
        case ellipse(Rect, Color)
        case strokeRoundedRect(Rect, CornerRadii, width: Double, Color)
        case shadow(Rect, CornerRadii, blur: Double, offset: Point, Color)
        case gradient(Rect, LinearGradient)
        case text(TextLine, x: Double, baseline: Double, Color)
        case surface(Surface, AffineTransform, alpha: Double)
        /// Intersects the clip with a rectangle (rounded when radii are given) until `popClip`.
        case pushClip(Rect, CornerRadii?)
        case popClip
    }

    public private(set) var items: [Item] = []
    /// Per item: -1 = draw as is, -2 = fully hidden, else the first visible piece in `pieces`.
    private var plan: [Int] = []
    private var pieceCounts: [Int] = []
    private var pieces: [PixelRect] = []
    private var occluders: [PixelRect] = []
    private var work: [PixelRect] = []
    private var next: [PixelRect] = []
    /// A fill split into more pieces than this is drawn whole (still correct, just not culled).
    private static let maximumPieces = 32

    public init(capacity: Int = 256) {
        items.reserveCapacity(capacity)
        plan.reserveCapacity(capacity); pieceCounts.reserveCapacity(capacity)
        pieces.reserveCapacity(4 * capacity); occluders.reserveCapacity(capacity)
        work.reserveCapacity(Self.maximumPieces * 4); next.reserveCapacity(Self.maximumPieces * 4)
    }

    /// Forgets the recorded items, keeping the storage.
    public func removeAll() { items.removeAll(keepingCapacity: true) }

    /// Records one item.
    @inline(__always)
    public func append(_ item: Item) { items.append(item) }

    /// Draws the items with `painter` (its clip, e.g. a damage rectangle, and translation
    /// apply). Fills, shapes and text hidden under a later opaque fill are skipped, and fills
    /// partly hidden are trimmed to their visible pieces; only items outside any recorded clip
    /// take part, and only when the global alpha is 1.
    public func render(with painter: Painter) {
        planOcclusion(painter)
        for index in items.indices where plan[index] != -2 { draw(index, painter) }
    }

    private func draw(_ index: Int, _ painter: Painter) {
        switch items[index] {
        case let .fill(rect, color):
            let p = plan[index]
            if p >= 0 {
                let word = painter.word(color)
                for k in p..<(p + pieceCounts[index]) { painter.fill(device: pieces[k], word: word) }
            } else { painter.fill(rect, color: color) }
        case let .roundedRect(rect, radii, color): painter.fillRoundedRect(rect, radii: radii, color: color)
        case let .ellipse(rect, color): painter.fillEllipse(in: rect, color: color)
        case let .strokeRoundedRect(rect, radii, width, color):
            painter.strokeRoundedRect(rect, radii: radii, width: width, color: color)
        case let .shadow(rect, radii, blur, offset, color):
            painter.drawShadow(of: rect, radii: radii, blur: blur, offset: offset, color: color)
        case let .gradient(rect, gradient): painter.fill(rect, gradient: gradient)
        case let .text(line, x, baseline, color): painter.draw(line, x: x, baseline: baseline, color: color)
        case let .surface(surface, transform, alpha): painter.draw(surface, transform: transform, alpha: alpha)
        case let .pushClip(rect, radii):
            painter.save()
            if let radii { painter.clip(to: rect, radii: radii) } else { painter.clip(to: rect) }
        case .popClip: painter.restore()
        }
    }

    /// Device pixels an item may touch (nil = unknown, never culled), and whether it paints
    /// all of them opaquely.
    private func extent(_ item: Item, _ painter: Painter) -> (PixelRect, opaque: Bool)? {
        switch item {
        case let .fill(rect, color):
            guard rect.isDrawable else { return nil }
            return (painter.device(rect).snappedPixels, color.alpha == 255)
        case let .roundedRect(rect, _, _), let .ellipse(rect, _):
            guard rect.isDrawable else { return nil }
            return (painter.device(rect).enclosingPixels, false)
        case let .strokeRoundedRect(rect, _, width, _):
            guard rect.isDrawable, width.isFinite else { return nil }
            return (painter.device(rect.insetBy(-width / 2 - 1)).enclosingPixels, false)
        case let .text(line, x, baseline, _):
            guard !line.runs.isEmpty else { return nil }
            let reach = line.reach
            let box = Rect(x: x - reach, y: baseline - reach, width: line.width + 2 * reach, height: 2 * reach)
            guard box.isDrawable else { return nil }
            return (painter.device(box).enclosingPixels, false)
        default:
            return nil
        }
    }

    /// Walks the items back to front, collecting opaque fills as occluders and deciding for
    /// each earlier item whether it is hidden, trimmed to visible pieces, or drawn as is.
    private func planOcclusion(_ painter: Painter) {
        plan.removeAll(keepingCapacity: true)
        pieceCounts.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
        occluders.removeAll(keepingCapacity: true)
        plan.append(contentsOf: repeatElement(-1, count: items.count))
        pieceCounts.append(contentsOf: repeatElement(0, count: items.count))
        guard painter.alpha == 1 else { return }
        var depth = 0
        for index in items.indices.reversed() {
            switch items[index] {
            case .popClip: depth += 1; continue
            case .pushClip: depth -= 1; continue
            default: break
            }
            guard depth == 0, let (box, opaque) = extent(items[index], painter) else { continue }
            let visible = box.intersection(painter.clipBounds)
            if visible.isEmpty || occluders.contains(where: { $0.contains(visible) }) { plan[index] = -2; continue }
            if case .fill = items[index] { trim(index, visible) }
            if opaque { occluders.append(box) }
        }
    }

    /// Splits fill `index` (clipped to `visible`) into the pieces no occluder covers.
    private func trim(_ index: Int, _ visible: PixelRect) {
        work.removeAll(keepingCapacity: true)
        work.append(visible)
        for occluder in occluders where occluder.intersects(visible) {
            next.removeAll(keepingCapacity: true)
            for piece in work { piece.subtracting(occluder) { next.append($0) } }
            swap(&work, &next)
            if work.isEmpty { plan[index] = -2; return }
            if work.count > Self.maximumPieces { return }
        }
        plan[index] = pieces.count
        pieceCounts[index] = work.count
        pieces.append(contentsOf: work)
    }
}
