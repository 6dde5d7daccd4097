// Touch, key and time input of a list page: touches go through the swipe core's row group,
// which hands vertical drags back as scroll routes and taps/long presses as row events. Keys
// move a focus that is drawn (ListPage+Render) and kept on the item it was put on, not on a row
// index, so a list changed by another program never moves Enter or Delete to another item
// unseen. As on Android and iOS with a hardware keyboard, the focus shows only once a key is
// used: a touch and the idle reset hide it, and the next arrow starts from the first row on screen.
// Delete and explore by touch run a focused row's action without a swipe (`run`).
import SwipeCore

/// Row events a list page reports to its navigation container.
public enum ListPageEvent: Hashable, Sendable {
    case open(itemID: String)
    case longPress(itemID: String)
}

extension ListPage {
    /// Feeds a touch; returns row events (taps open, long presses ask for actions).
    public func handle(_ event: TouchEvent) -> [ListPageEvent] {
        lastTime = event.time
        let hit = event.phase == .began ? hit(event.point, at: event.time) : nil
        return route(group.handle(event, hit: hit), time: event.time)
    }

    /// Advances scrolling and rows; returns long presses recognised by time.
    public func tick(time: Instant) -> [ListPageEvent] {
        lastTime = time
        scroll.tick(time: time)
        for id in marks.advance(to: time) { effects.append(.rowRemoved(itemID: id)) }
        return route(group.tick(time: time), time: time)
    }

    func route(_ routes: [SwipeListRoute], time: Instant) -> [ListPageEvent] {
        var events: [ListPageEvent] = []
        for r in routes {
            switch r {
            case .scrollBegan(let slot):
                guard scrollSlot == nil else { continue }
                scrollSlot = slot
                scroll.beginDrag(time: time)
            case .scrollMoved(let slot, let translation):
                if slot == scrollSlot { scroll.drag(translation: translation.y, time: time) }
            case .scrollEnded(let slot, let velocity):
                if slot == scrollSlot {
                    scroll.endDrag(velocity: velocity.y, time: time)
                    scrollSlot = nil
                }
            case .scrollCancelled(let slot):
                if slot == scrollSlot {
                    scroll.endDrag(velocity: 0, time: time)
                    scrollSlot = nil
                }
            case .tap(let row, _):
                if let row { events.append(.open(itemID: row)) }
            case .longPress(let row, _):
                if let row { events.append(.longPress(itemID: row)) }
            }
        }
        return events
    }

    /// Closes rows, hides the focus and scrolls to the top (idle reset).
    public func reset(time: Instant) {
        focus = nil
        group.hideAll(time: time)
        scroll.scroll(to: 0, animated: true, time: time)
    }

    /// Commits a manual fill (`fill` expansion) the app decided on.
    public func fulfill(itemID: String, with fulfillment: ExpansionFulfillment, time: Instant) {
        group.fulfill(row: itemID, with: fulfillment, time: time)
    }

    /// The next time the page changes by itself.
    public func nextDeadline(after time: Instant) -> Instant? {
        Instant.earliest(group.nextDeadline(after: time), scroll.nextDeadline(after: time), marks.earliestEnd.map { max(time, $0) })
    }

    /// True while anything on the page moves.
    public func isAnimating(at time: Instant) -> Bool { nextDeadline(after: time) != nil }
}

extension ListPage {
    /// Keyboard control: arrows move the focus, Enter opens, Delete runs the destructive action,
    /// left/right reveal the actions of that side. Enter, Delete and left/right act only on a
    /// focus that is shown; without one they do nothing.
    public func handle(key: KeyInput, time: Instant) -> ListPageEvent? {
        lastTime = time
        guard data.count > 0 else { return nil }
        let current = focusedRow
        // A key that acts on the focused item while another program's write has moved it off
        // screen brings it into view and does nothing else: keys act only on a row one sees.
        if key != .up, key != .down, key != .escape, key != .backspace, let current,
           !layoutRows(at: time).contains(where: { $0.index == current && !$0.frame.intersection(frame).isEmpty }) {
            scrollIntoView(row: current, time: time)
            return nil
        }
        switch key {
        case .down, .up:
            let next = current.map { key == .down ? min(data.count - 1, $0 + 1) : max(0, $0 - 1) }
                ?? firstRowOnScreen(at: time)
            focus = data.item(at: next).id
            scrollIntoView(row: next, time: time)
            return nil
        case .enter:
            return current.map { .open(itemID: data.item(at: $0).id) }
        case .delete:
            guard let current else { return nil }
            let item = data.item(at: current)
            let config = configuration(item)
            let trailing = config.trailing.first { $0.style == .destructive }.map { (SwipeEdge.trailing, $0) }
            if let (edge, destructive) = trailing ?? config.leading.first(where: { $0.style == .destructive }).map({ (.leading, $0) }) {
                run(destructive, edge: edge, on: item)
            }
            return nil
        case .left, .right:
            guard let current, let f = layoutRows(at: time).first(where: { $0.index == current })?.frame else { return nil }
            let item = data.item(at: current)
            group.show(RowHit(id: item.id, frame: f), side: key == .left ? .right : .left, time: time)
            return nil
        case .escape, .backspace:
            return nil
        }
    }

    /// The row index of the focused item (nil: no focus, or its item is not in the list).
    var focusedRow: Int? { focus.flatMap { index(of: $0) } }

    /// Hides the focus (a touch: the person is not using keys).
    public func clearFocus() { focus = nil }

    /// After the data changed: the focus stays on its item wherever it moved; when the item left
    /// the list, it goes to the row that took its place (the next one, or the new last row).
    func keepFocus(wasAt row: Int?) {
        guard let id = focus, !contains(id) else { return }
        guard let row, data.count > 0 else {
            focus = nil
            return
        }
        focus = data.item(at: min(row, data.count - 1)).id
    }

    /// The first row whose top is on screen below a pinned header (the first row otherwise).
    func firstRowOnScreen(at time: Instant) -> Int {
        let layout = layout(at: time)
        let top = layout.headers.filter { $0.frame.minY <= frame.minY }.map(\.frame.maxY).max() ?? frame.minY
        let row = layout.rows.first { $0.frame.minY >= top - 0.5 && $0.swipe.heightFraction == 1 } ?? layout.rows.first
        return row?.index ?? 0
    }

    /// Scrolls so that row `index` is wholly on screen and clear of its section's pinned header
    /// (headers are not focusable).
    func scrollIntoView(row index: Int, time: Instant) {
        let rowTop = sections.top(ofRow: index), offset = scroll.offset(at: time)
        let pinned = sections.header(ofRow: index) == nil ? 0 : sections.headerHeight
        if rowTop - pinned < offset {
            scroll.scroll(to: rowTop - pinned, animated: true, time: time)
        } else if rowTop + rowHeight > offset + frame.height {
            scroll.scroll(to: rowTop + rowHeight - frame.height, animated: true, time: time)
        }
    }
}

extension ListPage {
    /// Runs action `index` of the focused row (trailing actions first, then leading).
    func runFocusedAction(_ index: Int, time: Instant) {
        lastTime = time
        guard let row = focusedRow else { return }
        let item = data.item(at: row), config = configuration(item)
        let actions = config.trailing.map { (SwipeEdge.trailing, $0) } + config.leading.map { (SwipeEdge.leading, $0) }
        guard actions.indices.contains(index) else { return }
        run(actions[index].1, edge: actions[index].0, on: item)
    }

    /// Runs a swipe action without a swipe (a key or explore mode): the same effect a tap on its button has.
    func run(_ action: SwipeAction, edge: SwipeEdge, on item: ListItem) {
        effects.append(.action(itemID: item.id, action: ActionRef(list: id, edge: edge, id: action.id)))
        effects.append(.haptic(.action))
    }
}
