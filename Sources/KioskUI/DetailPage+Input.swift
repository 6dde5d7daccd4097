// Touches on the detail page: a tap on a button runs its action; a vertical drag anywhere
// else (or one that leaves a button) scrolls the content with the list's physics: it follows
// the finger, rubber-bands past the ends and flings on release.
import SwipeCore

extension DetailPage {
    /// Vertical travel before a touch counts as a scroll rather than a tap.
    var scrollSlop: Double { theme.px(8) }

    /// A tap on a button asks the app to run that action; a drag scrolls.
    public func handle(_ event: TouchEvent) -> [UIEffect] {
        trackScroll(event)
        switch event.phase {
        case .began:
            if let hit = buttonFrames().firstIndex(where: { $0.1.contains(event.point) }) { pressed = (event.slot, hit) }
        case .moved:
            if let p = pressed, p.slot == event.slot,
               buttonFrames()[p.button].1.contains(event.point) != true { pressed = nil }
        case .ended:
            defer { pressed = nil }
            if let p = pressed, p.slot == event.slot { return [.action(itemID: item.id, action: actions[p.button].ref), .haptic(.action)] }
        case .cancelled:
            pressed = nil
        }
        return []
    }

    func trackScroll(_ event: TouchEvent) {
        updateScrollContent()
        switch event.phase {
        case .began:
            guard scrollTouch == nil else { return }
            scrollTouch = (event.slot, event.point, false)
            velocity.reset()
            velocity.add(event.point, time: event.time)
        case .moved:
            guard var touch = scrollTouch, touch.slot == event.slot else { return }
            velocity.add(event.point, time: event.time)
            let dy = event.point.y - touch.start.y
            if !touch.dragging, abs(dy) > scrollSlop {
                touch.dragging = true
                pressed = nil
                scroll.beginDrag(time: event.time)
            }
            if touch.dragging { scroll.drag(translation: dy, time: event.time) }
            scrollTouch = touch
        case .ended, .cancelled:
            guard let touch = scrollTouch, touch.slot == event.slot else { return }
            if touch.dragging {
                velocity.add(event.point, time: event.time)
                scroll.endDrag(velocity: event.phase == .ended ? velocity.velocity.y : 0, time: event.time)
            }
            scrollTouch = nil
        }
    }

    /// Advances a fling or bounce.
    public func tick(time: Instant) {
        updateScrollContent()
        scroll.tick(time: time)
    }

    /// The scroll range from the current content (the picture's height changes when it arrives);
    /// set on input and ticks too, since a frame need not be drawn between them.
    func updateScrollContent() {
        scroll.setContent(height: contentHeight, viewport: viewport.height)
    }

    /// The next time the content moves by itself.
    public func nextDeadline(after time: Instant) -> Instant? {
        scroll.nextDeadline(after: time)
    }
}
