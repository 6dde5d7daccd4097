// The rows of one list as a group: routes touches to row swipes, taps, long presses or list
// scrolling, and enforces the list-wide rules of docs/BEHAVIOUR.md "Touches" §1.4 and §11.7: one row
// dragging at a time, one row open, a touch elsewhere or a scroll closes it. Controllers exist
// only for rows that are not at rest, so a list of 100,000 items costs nothing here.

/// The row under a touch, as the UI's hit test found it (screen coordinates).
public struct RowHit: Hashable, Sendable {
    public var id: String
    public var frame: Rect

    public init(id: String, frame: Rect) {
        self.id = id
        self.frame = frame
    }
}

/// What the UI should do with a touch the group did not keep for a row swipe.
public enum SwipeListRoute: Hashable, Sendable {
    case scrollBegan(slot: Int)
    /// `translation` is the finger travel since the touch began.
    case scrollMoved(slot: Int, translation: Point)
    case scrollEnded(slot: Int, velocity: Point)
    case scrollCancelled(slot: Int)
    /// A tap on a row's content (nil: outside any row).
    case tap(rowID: String?, point: Point)
    case longPress(rowID: String?, point: Point)
}

/// Touch routing and row controllers of a list.
public struct SwipeRowGroup {
    /// What a touch drives; a swipe holds its row's controller so moves need no look-up.
    enum Role { case pending, swipe(SwipeRowController), scroll, ignored }

    /// One finger's state; a class so events mutate it in place instead of moving it through the list.
    final class Track {
        let slot: Int
        var arbiter: GestureArbiter
        var velocity = VelocityTracker()
        var hit: RowHit?
        var role: Role = .pending
        /// The touch began by closing another row: it must not become a tap.
        var swallowTap = false
        /// The action button under the touch-down, if any.
        var button: String?
        var recognisedAt: Point
        /// Where the finger is now.
        var point: Point

        init(slot: Int, arbiter: GestureArbiter, hit: RowHit?, recognisedAt: Point) {
            self.slot = slot
            self.arbiter = arbiter
            self.hit = hit
            self.recognisedAt = recognisedAt
            point = recognisedAt
        }
    }

    public var thresholds: GestureThresholds
    public var direction: LayoutDirection
    let configuration: (String) -> SwipeRowConfiguration
    let measurer: SwipeActionMeasuring
    public internal(set) var rows: [String: SwipeRowController] = [:]
    /// The fingers down, in the order they touched (a handful: a linear search beats hashing).
    var tracks: [Track] = []
    /// The effects of every row and of the group itself.
    let effects = SwipeEffectQueue()

    public init(
        thresholds: GestureThresholds = GestureThresholds(), direction: LayoutDirection = .leftToRight,
        measurer: SwipeActionMeasuring = FixedPitchMeasurer(),
        configuration: @escaping (String) -> SwipeRowConfiguration
    ) {
        self.thresholds = thresholds
        self.direction = direction
        self.measurer = measurer
        self.configuration = configuration
    }

    /// The row's snapshot at `time` (idle when it has no controller), its pressed button marked.
    public func snapshot(row id: String, at time: Instant) -> SwipeRowSnapshot {
        guard let row = rows[id] else { return .idle }
        var snapshot = row.snapshot(at: time)
        if let pressed = tracks.lazy.filter({ $0.hit?.id == id }).compactMap({ self.pressedButton($0, in: snapshot) }).first {
            for k in snapshot.buttons.indices where snapshot.buttons[k].action.id == pressed { snapshot.buttons[k].isPressed = true }
        }
        return snapshot
    }

    /// The button `track`'s finger holds down in `snapshot` of its row: it came down on that
    /// button of the open row, is still a possible tap, and is over the button now (a finger
    /// that slides off releases it, as a UIButton's highlight goes on touch-drag-exit).
    func pressedButton(_ track: Track, in snapshot: SwipeRowSnapshot) -> String? {
        guard let button = track.button, let hit = track.hit, case .pending = track.role, !track.swallowTap,
              rows[hit.id]?.isOpen == true else { return nil }
        let local = Point(x: track.point.x - hit.frame.minX, y: track.point.y - hit.frame.minY)
        return snapshot.buttons.contains { $0.action.id == button && $0.strip.contains(local) } ? button : nil
    }

    /// Tells a row not at rest which part of it is on screen (row coordinates; nil: all of it).
    /// - Returns: true when that changed what the row shows.
    @discardableResult
    public func setVisibleRect(row id: String, _ rect: Rect?) -> Bool {
        guard let row = rows[id], row.visibleRect != rect else { return false }
        row.visibleRect = rect
        return true
    }

    /// Ids of rows that are open or heading open.
    public var openRows: [String] { rows.filter { $0.value.isOpen }.map(\.key) }

    /// True when a finger drags some row.
    public var isTracking: Bool { rows.values.contains { $0.isTracking } }

    /// Takes the effects emitted since the last call, tagged with their row.
    public mutating func takeEffects() -> [(row: String, effect: SwipeEffect)] {
        effects.take()
    }

    /// The track of `slot`'s finger, if it is down.
    func trackIndex(slot: Int) -> Int? {
        tracks.firstIndex { $0.slot == slot }
    }

    /// The row's controller, made when it first needs one (resized to the row's current frame).
    func controller(for hit: RowHit, time: Instant) -> SwipeRowController {
        if let existing = rows[hit.id] {
            existing.resize(width: hit.frame.width, height: hit.frame.height, time: time)
            return existing
        }
        let row = SwipeRowController(
            configuration: configuration(hit.id), width: hit.frame.width, height: hit.frame.height, measurer: measurer)
        row.report(to: effects, as: hit.id)
        return row
    }

    // MARK: Programmatic

    /// Closes every open row except `except`.
    public mutating func hideAll(except: String? = nil, animated: Bool = true, time: Instant) {
        for (id, row) in rows where id != except { row.hide(animated: animated, time: time) }
    }

    /// Opens `hit`'s row on `side`, closing the others.
    @discardableResult
    public mutating func show(_ hit: RowHit, side: SwipeSide, animated: Bool = true, time: Instant) -> Bool {
        let row = controller(for: hit, time: time)
        guard row.show(side: side, animated: animated, time: time) else { return false }
        hideAll(except: hit.id, time: time)
        rows[hit.id] = row
        return true
    }

    /// Fulfils a manual fill of a row (delete or reset).
    public mutating func fulfill(row id: String, with fulfillment: ExpansionFulfillment, time: Instant) {
        rows[id]?.fulfill(fulfillment, time: time)
    }

    /// Advances all rows; drops controllers that came to rest closed or were removed.
    /// Returns long presses recognised by time.
    public mutating func tick(time: Instant) -> [SwipeListRoute] {
        var routes: [SwipeListRoute] = []
        for track in tracks {
            guard case .pending = track.role, track.arbiter.checkLongPress(time: time) == .longPress else { continue }
            track.role = .ignored
            effects.append(.haptic(.longPress), row: track.hit?.id ?? "")
            routes.append(.longPress(rowID: track.hit?.id, point: track.arbiter.start))
        }
        var finished: [String] = []
        for (id, row) in rows {
            row.tick(time: time)
            if row.state == .removed || (row.state == .idle && row.isAtRest(at: time)) { finished.append(id) }
        }
        for id in finished { rows[id] = nil }
        return routes
    }

    /// The earliest time something changes without input (animations, long-press timers).
    public func nextDeadline(after time: Instant) -> Instant? {
        var best: Instant?
        for row in rows.values {
            if let d = row.nextDeadline(after: time) { best = min(best ?? d, d) }
        }
        for track in tracks {
            if case .pending = track.role, track.arbiter.longPressDeadline > time {
                best = min(best ?? track.arbiter.longPressDeadline, track.arbiter.longPressDeadline)
            }
        }
        return best
    }
}
