// Scrolling without drawing the whole list again: when the top list page scrolled by a whole
// number of pixels with its rows on whole pixels, or only its scroll indicator faded, and
// nothing else global changed, the pixels that stay on screen are moved in the shadow buffer
// and only what differs from the moved picture is drawn, under a clip: the rows that come in,
// the indicator's column (it does not move with the rows), the headers that do not move with
// them (the pinned one), and rows, headers and pictures that changed (a swipe, a flash, a
// decoded picture). The result is the pixels of a full redraw: rows, headers and pictures not
// redrawn are where the move puts them, to the bit of their frames, and are drawn from those
// frames alone. A fractional move or rows at fractional positions (a fling's offsets, a display
// scale whose rows are not whole pixels), a row that moved differently (collapsing, growing),
// anything over the list (a sheet, a transition, a toast, the time-out warning, the identify
// banner, the visual pulse) or an empty list draws as before (KioskScene+Damage.swift).
// docs/ARCHITECTURE.md "One frame, file by file", step 4.
import Canvas
import SwipeCore

extension FrameSignature {
    /// What a move of the top list page's pixels needs to know of a frame.
    struct ScrollMark: Equatable {
        /// Everything global but the list's offset and its indicator's opacity.
        let still: Int
        let offset: Double
        /// The list's pixels, and the column of them its scroll indicator can touch.
        let area: PixelRect
        let indicator: PixelRect
        /// Whether the indicator shows (at any opacity).
        let indicatorShown: Bool
    }
}

extension KioskScene {
    /// The scroll mark of the frame at `time`: nil unless the top page is a list with rows and
    /// nothing is drawn over it.
    func scrollMark(at time: Double) -> FrameSignature.ScrollMark? {
        guard case .list(let list)? = top, transition == nil, sheet == nil, toasts.isEmpty, timeoutWarning == nil,
              identifyBanner.map({ time >= $0.expires }) ?? true, pulse.map({ time - $0.start >= $0.duration }) ?? true,
              list.data.count > 0 else { return nil }
        var still = Hasher()
        still.combine(size.width); still.combine(size.height)
        still.combine(stack.map(\.id)); still.combine(list.title); still.combine(navigationStyle)
        still.combine(list.data.count)
        let screen = PixelRect(x: 0, y: 0, width: Int(size.width), height: Int(size.height))
        return FrameSignature.ScrollMark(
            still: still.finalize(), offset: list.scroll.offset(at: time), area: list.pixelArea(screen: screen),
            indicator: list.indicatorColumn(screen: screen), indicatorShown: list.scroll.indicatorAlpha(at: time) > 0)
    }

    /// How `current` follows from `previous` by a move: the rows to move the list area down by
    /// (up when negative), with what to draw after the move put in `redraw` (not clipped to the
    /// area). nil when no move gives `current`.
    static func scrollMove(from previous: FrameSignature?, to current: FrameSignature, redraw: inout [PixelRect]) -> Int? {
        guard let previous, let old = previous.scroll, let new = current.scroll, old.still == new.still,
              old.area == new.area, old.indicator == new.indicator else { return nil }
        let delta = old.offset - new.offset
        guard delta == delta.rounded(), abs(delta) < Double(new.area.height) else { return nil }
        let dy = Int(delta), area = new.area
        if dy > 0 { redraw.append(PixelRect(x: area.x, y: area.y, width: area.width, height: dy)) }
        if dy < 0 { redraw.append(PixelRect(x: area.x, y: area.maxY + dy, width: area.width, height: -dy)) }
        if old.indicatorShown || new.indicatorShown { redraw.append(new.indicator) }
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
    func renderMoved(_ painter: Painter, time: Double, from previous: FrameSignature?, to current: FrameSignature) -> PixelRect? {
        guard previous?.global != current.global else { return nil }
        moveRedraw.removeAll(keepingCapacity: true)
        guard let dy = Self.scrollMove(from: previous, to: current, redraw: &moveRedraw), let area = current.scroll?.area else {
            return nil
        }
        painter.target.moveRows(in: area, by: dy)
        var changed = dy == 0 ? PixelRect.zero : area
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
            painter.withSavedState {
                painter.clip(toDevice: band)
                render(painter, time: time)
            }
            changed = changed.union(band)
        }
        needsRender = false
        return changed
    }
}
