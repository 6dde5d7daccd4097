// Touch and key routing of the scene: the bar's buttons, the swipe-back edge (an interactive
// pop that follows the finger and finishes or cancels by projection), then the top page.
import SwipeCore

/// Keys the UI understands (Linux key codes are mapped by the app).
public enum KeyInput: String, Hashable, Sendable {
    case up, down, left, right, enter, escape, backspace, delete
}

extension KioskScene {
    /// Feeds one touch event.
    public func handle(_ event: TouchEvent) {
        needsRender = true
        // A finger means the person uses touch: the keyboard focus is hidden until the next arrow.
        if event.phase == .began { clearFocus() }
        // A second down on a slot that is down (libinput never sends one; a script can) first
        // ends the touch that slot had, so its owner (a swipe-back, a row) comes to rest.
        if event.phase == .began, owners[event.slot] != nil {
            handle(TouchEvent(slot: event.slot, phase: .cancelled, point: event.point, time: event.time))
        }
        if owners[event.slot] == nil, handleOverlay(event) { return }
        if event.phase == .began { owners[event.slot] = owner(for: event) }
        guard let owner = owners[event.slot] else { return }
        if event.phase == .ended || event.phase == .cancelled { owners[event.slot] = nil }
        switch owner {
        case .page:
            deliver(event)
        // A bar button acts when the finger lifts over it (a drag away from it cancels, as on iOS).
        case .back:
            if event.phase == .ended, barButton(at: event.point) == .back { pop(time: event.time) }
        case .trailingButton:
            if event.phase == .ended, barButton(at: event.point) == .trailing { events.append(.trailingButton) }
        case .edge(var arbiter, let began):
            let kind = event.phase == .moved ? arbiter.move(to: event.point, time: event.time) : arbiter.kind
            if kind == .edgeSwipe, beginInteractivePop(time: event.time) {
                owners[event.slot] = .pop
                updatePop(event, start: began.point)
            } else if kind != .undecided || event.phase != .moved {
                // Not a swipe-back after all: the page gets the whole touch.
                if event.phase == .moved { owners[event.slot] = .page }
                deliver(began)
                if event.phase != .began { deliver(event) }
            } else {
                owners[event.slot] = .edge(arbiter, began: began)
            }
        case .pop:
            updatePop(event, start: nil)
        case .ignored:
            break
        }
    }

    /// Hides the keyboard focus of every list page on the stack (and of one being popped).
    func clearFocus() {
        sheet?.focus = nil
        for page in stack + [transition?.upper].compactMap({ $0 }) {
            if case .list(let list) = page { list.clearFocus() }
        }
    }

    /// Cancels every touch in progress: its owner (a row swipe, a scroll, a swipe-back) sees
    /// `.cancelled` and comes to rest, because a page or sheet now covers or replaces what the
    /// finger came down on. The finger's later events reach nothing until it lifts.
    func cancelTouches(time: Instant) {
        for slot in owners.keys.sorted() {
            handle(TouchEvent(slot: slot, phase: .cancelled, point: Point(x: 0, y: 0), time: time))
        }
        owners.removeAll()
    }

    /// The navigation bar's button under `point`, if any.
    func barButton(at point: Point) -> NavigationBar.Button? {
        bar.button(at: point, width: size.width, hasBack: stack.count > 1, hasTrailing: trailingButtonIcon != nil,
                   rtl: direction == .rightToLeft)
    }

    func owner(for event: TouchEvent) -> TouchOwner {
        if transition != nil { return .ignored }
        let rtl = direction == .rightToLeft
        switch barButton(at: event.point) {
        case .back: return .back
        case .trailing: return .trailingButton
        case nil: break
        }
        if swipeBack, stack.count > 1 {
            let arbiter = GestureArbiter(start: event.point, time: event.time, screenWidth: size.width,
                                         thresholds: .scaled(theme.metrics.scale), edgeOnRight: rtl)
            if arbiter.beganInEdgeZone { return .edge(arbiter, began: event) }
        }
        return .page
    }

    func deliver(_ event: TouchEvent) {
        switch top {
        case .list(let list): events += list.handle(event).map(SceneEvent.init)
        case .detail(let detail): effects += detail.handle(event)
        case nil: break
        }
    }

    /// Starts following the finger back to the page below.
    func beginInteractivePop(time: Instant) -> Bool {
        guard stack.count > 1, transition == nil else { return false }
        let upper = stack.removeLast()
        transition = (.pop, .interactive(extent: size.width), stack.last!, upper)
        popDrag.begin()
        return true
    }

    func updatePop(_ event: TouchEvent, start: Point?) {
        guard var t = transition, t.kind == .pop else { return }
        let drag = popDrag.follow(event, start: start, sign: direction == .rightToLeft ? -1 : 1)
        switch event.phase {
        case .began, .moved: t.state.update(translation: drag.translation)
        case .ended: t.state.end(velocity: drag.releaseVelocity ?? 0, time: event.time)
        case .cancelled: t.state.cancel(time: event.time)
        }
        transition = t
    }

    /// Feeds a key press: arrows move the list focus, Enter opens, Escape/Backspace go back.
    public func handle(key: KeyInput, time: Instant) {
        needsRender = true
        switch key {
        case .escape, .backspace:
            if sheet != nil { dismissSheet(time: time) } else { pop(time: time) }
        case .up, .down, .enter, .delete, .left, .right:
            // A sheet is modal: the list under it takes no keys (Enter pushed a page beneath it);
            // arrows move the sheet's own focus and Enter chooses its row.
            if let sheet {
                if let input = sheet.handle(key: key, time: time) { handleSheetInput(input, sheet: sheet, time: time) }
                return
            }
            if case .list(let list) = top, let event = list.handle(key: key, time: time) { events.append(SceneEvent(event)) }
        }
    }
}
