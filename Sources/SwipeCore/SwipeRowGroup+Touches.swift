// Touch routing of a row group: each slot is arbitrated (tap, horizontal, vertical, long press)
// and then drives a row swipe or is handed to the UI as scroll/tap/long-press routes.

extension SwipeRowGroup {
    /// Feeds one touch event with the row under it (for `.began`; later phases reuse it).
    public mutating func handle(_ event: TouchEvent, hit: RowHit?) -> [SwipeListRoute] {
        guard event.point.isFinite else { return [] }
        switch event.phase {
        case .began: return began(event, hit: hit)
        case .moved: return moved(event)
        case .ended: return ended(event)
        case .cancelled: return cancelled(event)
        }
    }

    mutating func began(_ event: TouchEvent, hit: RowHit?) -> [SwipeListRoute] {
        var routes: [SwipeListRoute] = []
        if trackIndex(slot: event.slot) != nil { routes += cancelled(event) }
        let edgeOnRight = direction == .rightToLeft
        let track = Track(
            slot: event.slot,
            arbiter: GestureArbiter(
                start: event.point, time: event.time, screenWidth: hit?.frame.maxX ?? event.point.x,
                thresholds: thresholds, edgeOnRight: edgeOnRight),
            hit: hit, recognisedAt: event.point)
        track.velocity.add(event.point, time: event.time)
        let open = openRows
        if !open.isEmpty, !open.contains(where: { $0 == hit?.id }) {
            // A touch outside the open row closes it and is not delivered as a tap.
            hideAll(time: event.time)
            track.swallowTap = true
        }
        if let hit, let row = rows[hit.id], row.isOpen {
            let local = Point(x: event.point.x - hit.frame.minX, y: event.point.y - hit.frame.minY)
            track.button = row.snapshot(at: event.time).buttons.first { $0.strip.contains(local) }?.action.id
        }
        tracks.append(track)
        return routes
    }

    mutating func moved(_ event: TouchEvent) -> [SwipeListRoute] {
        guard let index = trackIndex(slot: event.slot) else { return [] }
        let track = tracks[index]
        track.velocity.add(event.point, time: event.time)
        track.point = event.point
        let kind = track.arbiter.move(to: event.point, time: event.time)
        var routes: [SwipeListRoute] = []
        if case .pending = track.role {
            switch kind {
            case .undecided:
                break
            case .longPress:
                track.role = .ignored
                effects.append(.haptic(.longPress), row: track.hit?.id ?? "")
                routes.append(.longPress(rowID: track.hit?.id, point: track.arbiter.start))
            case .vertical:
                track.role = .scroll
                hideAll(time: event.time)
                routes.append(.scrollBegan(slot: event.slot))
            case .horizontal, .edgeSwipe:
                track.role = beginSwipe(track, event: event)
            }
        }
        switch track.role {
        case .scroll:
            routes.append(.scrollMoved(slot: event.slot, translation: event.point - track.arbiter.start))
        case .swipe(let row):
            if let hit = track.hit {
                row.drag(translation: event.point.x - track.recognisedAt.x, fingerX: event.point.x - hit.frame.minX, time: event.time)
            }
        case .pending, .ignored:
            break
        }
        return routes
    }

    /// Starts a row swipe if the single-drag guard allows it.
    mutating func beginSwipe(_ track: Track, event: TouchEvent) -> Role {
        guard let hit = track.hit, !isTracking else { return .ignored }
        let row = controller(for: hit, time: event.time)
        let v = track.velocity.velocity.x
        let direction = v != 0 ? v : event.point.x - track.arbiter.start.x
        guard row.beginDrag(direction: direction, fingerX: event.point.x - hit.frame.minX, time: event.time) else {
            return .ignored
        }
        hideAll(except: hit.id, time: event.time)
        rows[hit.id] = row
        track.recognisedAt = event.point
        return .swipe(row)
    }

    mutating func ended(_ event: TouchEvent) -> [SwipeListRoute] {
        guard let index = trackIndex(slot: event.slot) else { return [] }
        let track = tracks[index]
        track.velocity.add(event.point, time: event.time)
        track.point = event.point
        // Whether the finger lifts over the button it pressed (before the track is gone).
        let pressed = track.hit.flatMap { rows[$0.id] }.flatMap { pressedButton(track, in: $0.snapshot(at: event.time)) }
        tracks.remove(at: index)
        switch track.role {
        case .swipe(let row):
            row.endDrag(velocityX: track.velocity.velocity.x, time: event.time)
        case .scroll:
            return [.scrollEnded(slot: event.slot, velocity: track.velocity.velocity)]
        case .ignored:
            break
        case .pending:
            guard track.arbiter.isTap, !track.swallowTap else { break }
            if let id = track.hit?.id, rows[id]?.isOpen == true {
                // A finger lifted off the button it came down on does nothing: the row stays open.
                if let button = pressed {
                    rows[id]!.tapButton(id: button, time: event.time)
                } else if track.button == nil {
                    rows[id]!.hide(animated: true, time: event.time)
                }
                return []
            }
            return [.tap(rowID: track.hit?.id, point: event.point)]
        }
        return []
    }

    mutating func cancelled(_ event: TouchEvent) -> [SwipeListRoute] {
        guard let index = trackIndex(slot: event.slot) else { return [] }
        let track = tracks.remove(at: index)
        switch track.role {
        case .swipe(let row):
            row.cancelDrag(time: event.time)
        case .scroll:
            return [.scrollCancelled(slot: event.slot)]
        case .pending, .ignored:
            break
        }
        return []
    }
}
