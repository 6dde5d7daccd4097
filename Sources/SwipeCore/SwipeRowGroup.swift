// The rows of one list as a group: routes touches to row swipes, taps, long presses or list
// scrolling, and enforces the list-wide rules of swipe-behaviour.md §1.4 and §11.7: one row
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
    enum Role { case pending, swipe(String), scroll, ignored }

    struct Track {
        var arbiter: GestureArbiter
        var velocity = VelocityTracker()
        var hit: RowHit?
        var role: Role = .pending
        /// The touch began by closing another row: it must not become a tap.
        var swallowTap = false
        /// The action button under the touch-down, if any.
        var button: String?
        var recognisedAt: Point
    }

    public var thresholds: GestureThresholds
    public var direction: LayoutDirection
    let configuration: (String) -> SwipeRowConfiguration
    let measurer: SwipeActionMeasuring
    public internal(set) var rows: [String: SwipeRowController] = [:]
    var tracks: [Int: Track] = [:]
    var effects: [(row: String, effect: SwipeEffect)] = []

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

    /// The row's snapshot at `time` (idle when it has no controller).
    public func snapshot(row id: String, at time: Double) -> SwipeRowSnapshot {
        rows[id]?.snapshot(at: time) ?? .idle
    }

    /// Ids of rows that are open or heading open.
    public var openRows: [String] { rows.filter { $0.value.isOpen }.map(\.key) }

    /// True when a finger drags some row.
    public var isTracking: Bool { rows.values.contains { $0.isTracking } }

    /// Takes the effects emitted since the last call, tagged with their row.
    public mutating func takeEffects() -> [(row: String, effect: SwipeEffect)] {
        collectEffects()
        guard !effects.isEmpty else { return [] }
        let taken = effects
        effects = []
        return taken
    }

    mutating func collectEffects() {
        var found: [(row: String, effect: SwipeEffect)] = []
        forEachRow { id, row in
            for effect in row.takeEffects() { found.append((id, effect)) }
        }
        if !found.isEmpty { effects += found }
    }

    /// Mutates one controller in place (a `rows[id]?.…` call may copy it out and back).
    mutating func withRow(_ id: String, _ body: (inout SwipeRowController) -> Void) {
        guard let index = rows.index(forKey: id) else { return }
        body(&rows.values[index])
    }

    /// Mutates every controller in place: walking indices keeps no second reference to the
    /// dictionary's storage, so nothing is copied on write.
    mutating func forEachRow(_ body: (String, inout SwipeRowController) -> Void) {
        var index = rows.startIndex
        while index != rows.endIndex {
            let id = rows.keys[index]
            body(id, &rows.values[index])
            index = rows.index(after: index)
        }
    }

    mutating func controller(for hit: RowHit, time: Double) -> SwipeRowController {
        if var existing = rows[hit.id] {
            existing.resize(width: hit.frame.width, height: hit.frame.height, time: time)
            return existing
        }
        return SwipeRowController(
            configuration: configuration(hit.id), width: hit.frame.width, height: hit.frame.height, measurer: measurer)
    }

    // MARK: Programmatic

    /// Closes every open row except `except`.
    public mutating func hideAll(except: String? = nil, animated: Bool = true, time: Double) {
        forEachRow { id, row in if id != except { row.hide(animated: animated, time: time) } }
    }

    /// Opens `hit`'s row on `side`, closing the others.
    @discardableResult
    public mutating func show(_ hit: RowHit, side: SwipeSide, animated: Bool = true, time: Double) -> Bool {
        var row = controller(for: hit, time: time)
        guard row.show(side: side, animated: animated, time: time) else { return false }
        hideAll(except: hit.id, time: time)
        rows[hit.id] = row
        return true
    }

    /// Fulfils a manual fill of a row (delete or reset).
    public mutating func fulfill(row id: String, with fulfillment: ExpansionFulfillment, time: Double) {
        rows[id]?.fulfill(fulfillment, time: time)
    }

    /// Advances all rows; drops controllers that came to rest closed or were removed.
    /// Returns long presses recognised by time.
    public mutating func tick(time: Double) -> [SwipeListRoute] {
        var routes: [SwipeListRoute] = []
        for slot in Array(tracks.keys) {
            guard case .pending = tracks[slot]!.role else { continue }
            if tracks[slot]!.arbiter.checkLongPress(time: time) == .longPress {
                tracks[slot]!.role = .ignored
                effects.append((tracks[slot]!.hit?.id ?? "", .haptic(.longPress)))
                routes.append(.longPress(rowID: tracks[slot]!.hit?.id, point: tracks[slot]!.arbiter.start))
            }
        }
        var finished: [String] = []
        forEachRow { id, row in
            row.tick(time: time)
            if row.state == .removed || (row.state == .idle && row.isAtRest(at: time)) { finished.append(id) }
        }
        collectEffects()
        for id in finished { rows[id] = nil }
        return routes
    }

    /// The earliest time something changes without input (animations, long-press timers).
    public func nextDeadline(after time: Double) -> Double? {
        var best: Double?
        for row in rows.values {
            if let d = row.nextDeadline(after: time) { best = min(best ?? d, d) }
        }
        for track in tracks.values {
            if case .pending = track.role, track.arbiter.longPressDeadline > time {
                best = min(best ?? track.arbiter.longPressDeadline, track.arbiter.longPressDeadline)
            }
        }
        return best
    }
}
