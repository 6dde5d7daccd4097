// Scrolling without drawing the whole list again: when the top list page scrolled by a whole
// number of pixels with its rows on whole pixels, or only its scroll indicator faded, and
// nothing else global changed, the pixels that stay on screen are moved in the shadow buffer
// and only what differs from the moved picture is drawn, under a clip: the rows that come in,
// the headers that do not move with them (one being pushed off), and rows, headers and pictures
// that changed (a swipe, a flash, a decoded picture). A header pinned at the list's top in both
// frames (same place, same label, an opaque fill) covers the rows under it: its pixels stay,
// and only the list below it moves. The scroll indicator does not move with the
// rows: before the move, the pixels it covered are put back (kept by the last moved frame; else
// what is under it is drawn again after the move), and after what came in is drawn, the
// pixels under where it is now are kept and it is drawn over them alone. The result is the
// pixels of a full redraw: rows, headers and pictures not
// redrawn are where the move puts them, to the bit of their frames, and are drawn from those
// frames alone. The list is drawn at its offset rounded to whole pixels (a fling's too:
// ListPage.drawnOffset). Rows at fractional positions (a display scale whose rows are not
// whole pixels), a row that moved differently (collapsing, growing),
// anything over the list (a sheet, a transition, a toast, the time-out warning, the identify
// banner, the visual pulse) or an empty list draws as before (KioskScene+Damage.swift).
// docs/ARCHITECTURE.md "One frame, file by file", step 4.
import Canvas
import SwipeCore

extension FrameSignature {
    /// What a move of the top list page's pixels needs to know of a frame (a list with rows).
    struct ScrollMark: Equatable {
        /// Everything global but the list's offset and its indicator's opacity (its frame too).
        var still: Int
        let offset: Double
        /// Where the scroll indicator is drawn (nil: it does not show).
        let indicator: Rect?
    }
}

extension KioskScene {
    /// Whether nothing is drawn over the top page at `time` (no transition, sheet, toast,
    /// time-out warning, identify banner or visual pulse), so that its pixels can be moved.
    func nothingOverPage(at time: Instant) -> Bool {
        transition == nil && sheet == nil && overlays.noneShowing(at: time)
    }

    /// How `current` follows from `previous` by a move of the pixels in `area` (the list's, less
    /// the pixels that stay: `still`): the rows to move it down by (up when negative), with what
    /// to draw after the move put in `redraw` (not clipped to the area). A mark the same in both
    /// frames and wholly in `still` needs nothing. The scroll indicator is not in it: it does not
    /// move with the rows (`renderMoved` takes it off and puts it on). nil when no move gives `current`.
    static func scrollMove(from previous: FrameSignature?, to current: FrameSignature, area: PixelRect,
                           still: PixelRect = .zero, redraw: inout [PixelRect]) -> Int? {
        guard let previous, let old = previous.scroll, let new = current.scroll, old.still == new.still else { return nil }
        let delta = old.offset - new.offset
        guard delta == delta.rounded(), abs(delta) < Double(area.height) else { return nil }
        let dy = Int(delta)
        if dy > 0 { redraw.append(PixelRect(x: area.x, y: area.y, width: area.width, height: dy)) }
        if dy < 0 { redraw.append(PixelRect(x: area.x, y: area.maxY + dy, width: area.width, height: -dy)) }
        func pixels(_ r: Rect) -> PixelRect { r.enclosingPixels }
        func shifted(_ r: Rect) -> Rect { Rect(x: r.x, y: r.y + delta, width: r.width, height: r.height) }
        // Marks that moved with the list and did not change are right already, if they sit on
        // whole pixels: what is drawn in them is placed from their top by rounding, and
        // (y + c) rounds like (y + dy + c) only when y is whole (a fractional y lands a glyph a
        // pixel off now and then). A row that moved otherwise moved the rows after it too: no
        // move then (`rigid`).
        func compare<Key>(_ before: [Key: FrameSignature.RowMark], _ after: [Key: FrameSignature.RowMark], rigid: Bool) -> Bool {
            for (id, mark) in after {
                guard let was = before[id] else { redraw.append(pixels(mark.frame)); continue }
                if was == mark, !still.isEmpty, still.contains(pixels(mark.frame)) { continue }
                let moved = shifted(was.frame)
                if moved == mark.frame {
                    guard dy == 0 || mark.frame.y == mark.frame.y.rounded() else { return false }
                    if was.hash != mark.hash { redraw.append(pixels(mark.frame)) }
                    continue
                }
                if rigid { return false }
                redraw.append(pixels(mark.frame))
                redraw.append(pixels(moved))
            }
            for (id, was) in before where after[id] == nil { redraw.append(pixels(shifted(was.frame))) }
            return true
        }
        guard compare(previous.rows, current.rows, rigid: true), compare(previous.headers, current.headers, rigid: false),
              compare(previous.pictures, current.pictures, rigid: false) else { return nil }
        return dy
    }

    /// Draws the frame at `time` by moving the list's pixels when `previous` (the frame in
    /// `painter`'s target) and `current` differ only by a whole-pixel scroll or the indicator's
    /// fade. Returns the pixels changed (`.zero`: none), nil when no move applies (nothing drawn).
    func renderMoved(_ painter: Painter, time: Instant, from previous: FrameSignature?, to current: FrameSignature) -> PixelRect? {
        // What is drawn over the page is part of the global signature: present in both frames
        // when `still` is equal, so looked at in this one only.
        guard previous?.global != current.global, current.scroll != nil, nothingOverPage(at: time), case .list(let list)? = top else {
            return nil
        }
        let area = list.pixelArea(screen: PixelRect(x: 0, y: 0, width: Int(size.width), height: Int(size.height)))
        let still = previous.map { Self.pinnedStrip(from: $0, to: current, area: area, opaque: list.theme.palette.sectionHeader.alpha == 255) } ?? .zero
        let moving = PixelRect(x: area.x, y: area.y + still.height, width: area.width, height: area.height - still.height)
        moveRedraw.removeAll(keepingCapacity: true)
        guard let dy = Self.scrollMove(from: previous, to: current, area: moving, still: still, redraw: &moveRedraw) else { return nil }
        // The indicator where it was: what it covered put back, or drawn again where the move puts it.
        var changed = dy == 0 ? PixelRect.zero : moving
        if dy != 0, !still.isEmpty { pinnedHeadersKept += 1 }
        if let bar = previous?.scroll?.indicator {
            let covered = Self.indicatorPixels(bar, area: area)
            if underIndicator.rect == covered, underIndicator.restore(into: painter.target) {
                indicatorRestores += 1
                changed = changed.union(covered)
            } else {
                moveRedraw.append(PixelRect(x: covered.x, y: covered.y + dy, width: covered.width, height: covered.height))
                moveRedraw.append(covered.intersection(still))
            }
        }
        underIndicator.discard()
        painter.target.moveRows(in: moving, by: dy)
        // Bands of the full width first, top to bottom, those that touch drawn as one; then the rest.
        for k in moveRedraw.indices { moveRedraw[k] = moveRedraw[k].intersection(area) }
        moveRedraw.sort { ($0.width != area.width ? 1 : 0, $0.y) < ($1.width != area.width ? 1 : 0, $1.y) }
        var k = 0
        while k < moveRedraw.count {
            var band = moveRedraw[k]
            k += 1
            while k < moveRedraw.count, band.width == area.width, moveRedraw[k].width == area.width, moveRedraw[k].y <= band.maxY {
                band = band.union(moveRedraw[k])
                k += 1
            }
            guard !band.isEmpty else { continue }
            list.drawsIndicator = false
            defer { list.drawsIndicator = true }
            painter.withSavedState {
                painter.clip(toDevice: band)
                render(painter, time: time)
            }
            changed = changed.union(band)
        }
        // The indicator where it is: what it covers kept, then it alone over it.
        if let bar = current.scroll?.indicator {
            let covers = Self.indicatorPixels(bar, area: area)
            underIndicator.save(painter.target, rect: covers)
            painter.withSavedState {
                painter.clip(toDevice: covers)
                list.renderIndicator(painter, time: time)
            }
            changed = changed.union(covers)
        }
        needsRender = false
        return changed
    }

    /// The top of the list's `area` that a header pinned there in both frames covers, when
    /// its fill is `opaque` and it sits on whole pixels across the area (`.zero`: none).
    static func pinnedStrip(from previous: FrameSignature, to current: FrameSignature, area: PixelRect, opaque: Bool) -> PixelRect {
        guard opaque else { return .zero }
        for (index, mark) in current.headers where previous.headers[index] == mark {
            let f = mark.frame
            guard f.minY == Double(area.y), f.minX <= Double(area.x), f.maxX >= Double(area.maxX),
                  f.maxY == f.maxY.rounded(), f.maxY > f.minY, f.maxY < Double(area.maxY) else { continue }
            return PixelRect(x: area.x, y: area.y, width: area.width, height: Int(f.maxY) - area.y)
        }
        return .zero
    }

    /// The pixels the indicator at `bar` may touch in the list's `area`: a pixel wider all
    /// round (its anti-aliased edge is placed to 1/64 px).
    static func indicatorPixels(_ bar: Rect, area: PixelRect) -> PixelRect {
        Rect(x: bar.x - 1, y: bar.y - 1, width: bar.width + 2, height: bar.height + 2).enclosingPixels.intersection(area)
    }
}
