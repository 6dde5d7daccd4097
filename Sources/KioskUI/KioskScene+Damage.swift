// Damage tracking: what changed on screen since the last frame. A swiped row changes only its
// own band, so the renderer draws (and the DRM path copies) just that; a collapsing row moves
// the rows and section headers below it, whose bands are damaged too; a list scrolled by whole
// pixels with nothing over it moves the pixels that stay (KioskScene+ScrollMove.swift); anything
// else that moves the whole page — rows at fractional positions, a transition, a sheet, a
// toast, a new page — damages the full frame. A row picture that finished decoding damages only its thumbnail. Compared by signature, so no widget has to remember to report.
import Canvas
import SwipeCore

/// A summary of one frame: a hash of everything global and one of each visible row and header.
public struct FrameSignature: Equatable {
    var global: Int
    var rows: [String: RowMark]
    /// Headers by their place among the list's headers.
    var headers: [Int: RowMark]
    /// Row thumbnails by item id: their square, and whether the picture is there yet.
    var pictures: [String: RowMark] = [:]
    /// The top list page's scroll, when a move of its pixels could give this frame (nothing over it).
    var scroll: ScrollMark?

    struct RowMark: Equatable {
        let frame: Rect
        let hash: Int
    }
}

extension KioskScene {
    /// The signature of the frame at `time`.
    public func signature(at time: Instant) -> FrameSignature {
        var global = Hasher()
        global.combine(size.width)
        global.combine(stack.map(\.id))
        global.combine(top?.title)
        global.combine(navigationStyle)
        if let t = transition { global.combine(t.kind); global.combine(t.state.progress(at: time)) }
        if let sheet {
            global.combine(sheet.id); global.combine(sheet.content); global.combine(sheet.focus); global.combine(sheet.panel(at: time))
            // Its rows scroll inside the panel, and the panel fades while it is dragged down.
            global.combine(sheet.scroll.offset(at: time)); global.combine(sheet.dismissal.alpha(at: time))
        }
        overlays.combine(into: &global, at: time)
        let page = top.map { signature(of: $0, at: time) }
        // A move keeps everything above but the page's offset and indicator (KioskScene+ScrollMove).
        var still = global
        global.combine(page?.global)
        var scroll = page?.scroll
        if let page = scroll {
            still.combine(page.still)
            scroll?.still = still.finalize()
        }
        return FrameSignature(global: global.finalize(), rows: page?.rows ?? [:], headers: page?.headers ?? [:],
                              pictures: page?.pictures ?? [:], scroll: scroll)
    }

    /// What the drawing of `page` at `time` depends on (a layer holding it is drawn again when this changes).
    func signature(of page: ScenePage, at time: Instant) -> FrameSignature {
        var global = Hasher()
        global.combine(page.id)
        var rows: [String: FrameSignature.RowMark] = [:]
        var headers: [Int: FrameSignature.RowMark] = [:]
        var pictures: [String: FrameSignature.RowMark] = [:]
        var scroll: FrameSignature.ScrollMark?
        switch page {
        case .list(let list):
            global.combine(list.data.count)
            global.combine(list.frame)
            if list.data.count > 0 {
                scroll = FrameSignature.ScrollMark(still: global.finalize(), offset: list.drawnOffset(at: time),
                                                   indicator: list.indicatorBar(at: time))
            }
            global.combine(list.drawnOffset(at: time))
            global.combine(list.scroll.indicatorAlpha(at: time))
            let layout = list.layout(at: time)
            // At their sizes: grown one entry at a time they were rehashed a few times a frame.
            rows.reserveCapacity(layout.rows.count)
            headers.reserveCapacity(layout.headers.count)
            for header in layout.headers {
                headers[header.index] = FrameSignature.RowMark(frame: header.frame, hash: header.label.hashValue)
            }
            for row in layout.rows {
                var h = Hasher()
                h.combine(row.item)
                h.combine(row.swipe)
                h.combine(list.focus == row.item.id)
                h.combine(list.marks.flash(of: row.item.id, at: time))
                rows[row.item.id] = FrameSignature.RowMark(frame: row.frame, hash: h.finalize())
                if let path = row.item.image { pictures[row.item.id] = pictureMark(path, row: row.frame, offset: row.swipe.offset) }
            }
        case .detail(let detail):
            global.combine(detail.id)
            global.combine(detail.pressed?.button)
            global.combine(detail.scroll.offset(at: time))
            global.combine(detail.scroll.indicatorAlpha(at: time))
            global.combine(detail.picture != nil)
        }
        return FrameSignature(global: global.finalize(), rows: rows, headers: headers, pictures: pictures, scroll: scroll)
    }

    /// The thumbnail square of a row at `frame` moved by its swipe `offset`, and its readiness.
    /// The placeholder can be the avatar's circle, which at a fractional scale or row position
    /// reaches a pixel past the whole-pixel square: the mark covers both.
    func pictureMark(_ path: String, row frame: Rect, offset: Double) -> FrameSignature.RowMark {
        let f = Rect(x: frame.minX + offset.rounded(), y: frame.minY, width: frame.width, height: frame.height)
        let center = RowRenderer.avatarCenter(rowFrame: f, rtl: direction == .rightToLeft, metrics: theme.metrics)
        let box = RowRenderer.thumbnailFrame(center: center, metrics: theme.metrics), r = theme.metrics.avatarRadius
        let ready = theme.pictures?.thumbnail(path, side: RowRenderer.thumbnailSide(theme.metrics)) != nil
        let x0 = min(box.minX, center.x - r), y0 = min(box.minY, center.y - r)
        let x1 = max(box.maxX, center.x + r), y1 = max(box.maxY, center.y + r)
        return FrameSignature.RowMark(frame: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), hash: ready ? 1 : 0)
    }

    /// The area to redraw going from `previous` to `current`: nil means the whole frame.
    public static func damage(from previous: FrameSignature?, to current: FrameSignature) -> Rect? {
        guard let previous, previous.global == current.global else { return nil }
        var box: Rect?
        func add(_ r: Rect) {
            guard let b = box else { box = r; return }
            let x0 = min(b.minX, r.minX), y0 = min(b.minY, r.minY)
            box = Rect(x: x0, y: y0, width: max(b.maxX, r.maxX) - x0, height: max(b.maxY, r.maxY) - y0)
        }
        func compare<Key>(_ old: [Key: FrameSignature.RowMark], _ new: [Key: FrameSignature.RowMark]) {
            for (id, mark) in new where old[id] != mark {
                add(mark.frame)
                if let previous = old[id] { add(previous.frame) }
            }
            for (id, previous) in old where new[id] == nil { add(previous.frame) }
        }
        compare(previous.rows, current.rows)
        compare(previous.headers, current.headers)
        compare(previous.pictures, current.pictures)
        return box ?? .zero
    }

    /// Renders the frame at `time` limited to what changed since `previous` (updated to this
    /// frame). Returns the pixels drawn, nil when the whole frame was drawn, `.zero` when nothing.
    public func renderDamage(_ painter: Painter, time: Instant, previous: inout FrameSignature?) -> PixelRect? {
        guard case .list(let list)? = top else { return renderDamaged(painter, time: time, previous: &previous) }
        return list.drawingFrame(at: time) { renderDamaged(painter, time: time, previous: &previous) }
    }

    private func renderDamaged(_ painter: Painter, time: Instant, previous: inout FrameSignature?) -> PixelRect? {
        let current = signature(at: time)
        defer { previous = current }
        if let moved = renderMoved(painter, time: time, from: previous, to: current) { return moved }
        let area = Self.damage(from: previous, to: current)
        guard let area else {
            underIndicator.discard()
            render(painter, time: time)
            return nil
        }
        let pixels = Rect(x: area.minX, y: area.minY, width: area.width, height: area.height).enclosingPixels
            .intersection(PixelRect(x: 0, y: 0, width: Int(size.width), height: Int(size.height)))
        guard !pixels.isEmpty else {
            needsRender = false
            return .zero
        }
        // What is drawn again there may be under the indicator, or the indicator itself.
        if pixels.intersects(underIndicator.rect) { underIndicator.discard() }
        painter.withSavedState {
            painter.clip(toDevice: pixels)
            render(painter, time: time)
        }
        return pixels
    }
}
