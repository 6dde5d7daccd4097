// Touch handling of a sheet: taps choose rows or dismiss (outside the panel), vertical drags
// are split between the rows' scrolling and the sheet's swipe-down by the nested-scroll rule.
import SwipeCore

/// What a touch on a sheet asks for.
public enum SheetInput: Hashable, Sendable {
    /// The row at this position of the sheet's content (positions, not ids: the app's own rows
    /// and the configured ones cannot be confused, whatever they are called).
    case selected(row: Int)
    case dismissRequested
}

extension SheetView {
    public func handle(_ event: TouchEvent) -> SheetInput? {
        switch event.phase {
        case .began:
            guard touch == nil else { return nil }
            var velocity = VelocityTracker()
            velocity.add(event.point, time: event.time)
            touch = (event.slot, panel(at: event.time).contains(event.point), event.point,
                     GestureArbiter(start: event.point, time: event.time, screenWidth: screen.width, thresholds: .scaled(theme.metrics.scale)), velocity, false, false, 0)
            return nil
        case .moved:
            guard var t = touch, t.slot == event.slot else { return nil }
            t.velocity.add(event.point, time: event.time)
            let kind = t.arbiter.move(to: event.point, time: event.time)
            // Where the panel was when the finger came down: the panel follows the finger, so the
            // touch-down point leaves its current frame as soon as the drag passes it.
            if kind == .vertical || kind == .edgeSwipe || kind == .horizontal, t.startedOnPanel {
                let delta = event.point.y - t.last.y
                let split = NestedScrollArbiter().split(
                    delta: delta, listOffset: scroll.offset(at: event.time), sheetOffset: max(0, dismissal.offset(at: event.time)))
                if split.sheet != 0 || t.sheetDragging {
                    if !t.sheetDragging { dismissal.beginDrag(time: event.time); t.sheetDragging = true }
                    dismissal.drag(by: split.sheet, time: event.time)
                }
                if split.list != 0 {
                    if !t.listDragging {
                        scroll.beginDrag(time: event.time)
                        t.listDragging = true
                    }
                    // `split.list` changes the rows' offset; the scroller takes finger travel (the opposite).
                    t.listTranslation -= split.list
                    scroll.drag(translation: t.listTranslation, time: event.time)
                }
                // Only travel that was handed on is consumed: the first recognised move carries
                // the slop, so the sheet's offset is the finger's translation since touch-down.
                t.last = event.point
            }
            touch = t
            return nil
        case .ended, .cancelled:
            guard let t = touch, t.slot == event.slot else { return nil }
            touch = nil
            let vy = event.phase == .ended ? t.velocity.velocity.y : 0
            if t.sheetDragging {
                if event.phase == .ended { dismissal.endDrag(velocityY: vy, time: event.time) } else { dismissal.cancelDrag(time: event.time) }
            }
            if t.listDragging { scroll.endDrag(velocity: vy, time: event.time) }
            guard event.phase == .ended, t.arbiter.isTap else { return nil }
            if !panel(at: event.time).contains(event.point) { return .dismissRequested }
            return rowFrames(at: event.time).firstIndex { $0.1.contains(event.point) }.map { .selected(row: $0) }
        }
    }
}
