// The row-swipe state machine (docs/BEHAVIOUR.md "Rows" §1.2–1.7, §9.1): one per visible row. It is
// fed drag translations, releases and programmatic calls with their timestamps, and answers
// with a snapshot for any instant plus effects. Release is decided by velocity projection
// instead of SwipeCellKit's velocity sign (docs/BEHAVIOUR.md "Where we differ").

/// Drives one swipeable row.
public final class SwipeRowController {
    /// Where the row is heading when it is not under the finger.
    enum Phase: Equatable {
        case idle
        case tracking
        case settlingOpen
        case settlingCenter
        case filling(FillOptions, handlerCalled: Bool)
        case filled(FillOptions)
        case removing(ScalarAnimation)
        case removed
    }

    /// The built actions view of one side (SwipeCellKit creates it when a swipe starts). A class:
    /// every drag event reads it, and copying this large value out of the controller per event
    /// (with a retain per array) was the core's biggest cost.
    final class SideState {
        let side: SwipeSide
        let actions: [SwipeAction]
        let options: SwipeOptions
        var metrics: SwipeButtonMetrics
        let layout: SwipeTransitionLayout
        let expansionAnimation: ScaleAndAlphaExpansion?
        var transitions: [ButtonTransitionState]
        var visible: [Double]
        var fades: [ScalarAnimation]

        init(side: SwipeSide, actions: [SwipeAction], options: SwipeOptions, metrics: SwipeButtonMetrics,
             layout: SwipeTransitionLayout) {
            self.side = side
            self.actions = actions
            self.options = options
            self.metrics = metrics
            self.layout = layout
            // SwipeCellKit applies ScaleAndAlphaExpansion when the expandable action has a clear
            // background: circular buttons paint only their circle, so their strip is clear too.
            let clear = options.buttonStyle == .circular || actions.first?.resolvedBackground.isClear == true
            expansionAnimation = options.expansionAnimation ?? (options.expansionStyle != nil && clear ? .default : nil)
            // Internal order: index 0 is the innermost button, i.e. the last configured action.
            transitions = actions.reversed().map { ButtonTransitionState(kind: $0.transition) }
            visible = Array(repeating: 0, count: actions.count)
            fades = Array(
                repeating: ScalarAnimation(from: 0, to: 0, start: 0, timing: .curve(.linear, duration: .zero)),
                count: actions.count)
        }
    }

    /// The current finger gesture; a class so each move updates it in place.
    final class Drag {
        var origin: Double
        var translation: Double = 0
        var fingerX: Double
        var scrollRatio: Double = 1
        var base: Double
        /// Snap-to-target correction added to `base`, animating to 0.
        var correction: ScalarAnimation?

        init(origin: Double, fingerX: Double, base: Double) {
            self.origin = origin
            self.fingerX = fingerX
            self.base = base
        }
    }

    public let configuration: SwipeRowConfiguration
    public internal(set) var width: Double
    public internal(set) var height: Double
    /// The visible part of the row in row coordinates, for tall-row centring (nil: all). Set
    /// while the row scrolls: the open actions' content follows the middle of the visible part.
    public var visibleRect: Rect? {
        didSet {
            guard visibleRect != oldValue, let active else { return }
            active.metrics = SwipeButtonMetrics(
                actions: active.actions, options: active.options, rowWidth: width, rowHeight: height, measurer: measurer,
                visibleRect: visibleRect)
        }
    }
    let measurer: SwipeActionMeasuring

    var phase: Phase = .idle
    var active: SideState?
    var drag: Drag?
    var offsetAnimation: ScalarAnimation?
    var restingOffset = 0.0
    var expanded = false
    var expansion = ScalarAnimation(from: 0, to: 0, start: 0, timing: .curve(.linear, duration: .zero))
    var actionsFade: ScalarAnimation?
    /// Where effects go, tagged with `rowID` (a group's shared queue once the group adopts the row).
    private(set) var effectQueue = SwipeEffectQueue()
    private(set) var rowID = ""

    /// Animation used for show/hide/snap (0.7 s, critically damped).
    public static let showHideDuration = Duration.milliseconds(700)
    public static let fillDuration = Duration.milliseconds(300)
    public static let collapseDuration = Duration.milliseconds(300)
    public static let expansionDuration = Duration.milliseconds(600)
    /// Release speeds beyond a real finger's (glitches, extreme coordinates) are clamped to this.
    public static let maximumReleaseVelocity = 20_000.0

    public init(
        configuration: SwipeRowConfiguration, width: Double, height: Double,
        measurer: SwipeActionMeasuring = FixedPitchMeasurer()
    ) {
        self.configuration = configuration
        self.width = max(0, width.isFinite ? width : 0)
        self.height = max(0, height.isFinite ? height : 0)
        self.measurer = measurer
    }

    // MARK: Queries

    /// The displacement of the row content at `time`.
    public func offset(at time: Instant) -> Double {
        if let drag {
            return drag.base + (drag.correction?.value(at: time) ?? 0)
        }
        return offsetAnimation?.value(at: time) ?? restingOffset
    }

    /// The state name at the current phase.
    public var state: SwipeRowState {
        switch phase {
        case .idle: return .idle
        case .tracking: return expanded ? .expanded : .dragging
        case .settlingOpen: return .open
        case .settlingCenter: return .closing
        case .filling, .filled: return .filling
        case .removing: return .removing
        case .removed: return .removed
        }
    }

    /// The side whose actions are built, if any.
    public var side: SwipeSide? { active?.side }

    /// True while a finger drives the row.
    public var isTracking: Bool { phase == .tracking }

    /// True when the row shows its actions or is heading there (not closing or idle).
    public var isOpen: Bool { phase == .settlingOpen }

    /// True when nothing will change without input.
    public func isAtRest(at time: Instant) -> Bool {
        switch phase {
        case .idle, .removed, .filled: return !hasRunningAnimations(at: time)
        case .settlingOpen: return !hasRunningAnimations(at: time)
        default: return false
        }
    }

    /// Takes the effects emitted since the last call (a row in a group reports through the group).
    public func takeEffects() -> [SwipeEffect] {
        effectQueue.take().map(\.effect)
    }

    /// Sends this row's effects to `queue`, tagged with `id`.
    func report(to queue: SwipeEffectQueue, as id: String) {
        effectQueue = queue
        rowID = id
    }

    func emit(_ effect: SwipeEffect) {
        effectQueue.append(effect, row: rowID)
    }

    // MARK: Dragging

    /// A horizontal pan began. `direction` is the release-style velocity (or, when zero, the
    /// translation) that picks the side for a row at rest. Returns false when that side has no
    /// actions or the row cannot be swiped now (filling, removing): the gesture is ignored.
    @discardableResult
    public func beginDrag(direction: Double, fingerX: Double, time: Instant) -> Bool {
        switch phase {
        case .filling, .filled, .removing, .removed: return false
        default: break
        }
        let u = offset(at: time)
        let side: SwipeSide
        if let active, u != 0 {
            side = active.side
        } else {
            side = direction > 0 ? .left : .right
        }
        if active?.side != side {
            guard build(side: side) else { return false }
        }
        offsetAnimation = nil
        drag = Drag(origin: u, fingerX: fingerX, base: u)
        phase = .tracking
        return true
    }

    /// The finger moved: `translation` is the x travel since `beginDrag`, `fingerX` its x in row coordinates.
    public func drag(translation: Double, fingerX: Double, time: Instant) {
        guard phase == .tracking, let d = drag, let active else { return }
        let side = active.side, p = active.metrics.openWidth
        // Extreme coordinates (a glitching panel) are clamped so the geometry stays finite.
        let travel = 8 * max(width, 1)
        let t = translation.isFinite ? min(max(translation, -travel), travel) : d.translation
        d.translation = t
        if fingerX.isFinite { d.fingerX = min(max(fingerX, -travel), travel) }
        let s = side.sign
        var r = d.origin + t
        if s * r > 0 {
            d.base = Self.elastic(r, limit: 0, factor: 0.2)
            d.scrollRatio = 0.4
        } else if let style = active.options.expansionStyle {
            let target = style.targetOffset(rowWidth: width, openWidth: p)
            var u = Self.elastic(r, limit: target, factor: style.targetOverscrollElasticity)
            let shown = u + (d.correction?.value(at: time) ?? 0)
            let expand = style.shouldExpand(
                opening: abs(shown), translation: t, fingerX: d.fingerX, side: side, rowWidth: width,
                openWidth: p)
            if expand, !expanded, abs(r) < target {
                // Snap-to-target: the row animates to T and dragging continues from there.
                d.origin = -s * target - t
                r = d.origin + t
                u = -s * target
                d.correction = ScalarAnimation(
                    from: shown - u, to: 0, start: time, timing: .critical(Self.showHideDuration))
            }
            d.base = u
            d.scrollRatio = 1
            setExpanded(expand, feedback: true, time: time)
        } else {
            d.base = Self.elastic(r, limit: p, factor: 0.4)
            d.scrollRatio = abs(r) > p ? 0.4 : 1
        }
        updateTransitions(time: time)
    }

    /// SwipeCellKit's elastic function: linear follow up to `limit`, then `factor` of the rest.
    public static func elastic(_ r: Double, limit: Double, factor: Double) -> Double {
        let magnitude = abs(r)
        guard magnitude > limit else { return r }
        let value = limit + factor * (magnitude - limit)
        return r < 0 ? -value : value
    }

    // MARK: Building and expansion

    /// Builds the actions view for `side`; false when it has no actions.
    func build(side: SwipeSide) -> Bool {
        let actions = configuration.actions(for: side)
        guard !actions.isEmpty else { return false }
        let options = configuration.options(for: side)
        let metrics = SwipeButtonMetrics(
            actions: actions, options: options, rowWidth: width, rowHeight: height, measurer: measurer,
            visibleRect: visibleRect)
        let layout = SwipeTransitionLayout(
            style: options.transitionStyle, buttonWidth: metrics.buttonWidth, count: actions.count,
            elasticOverscroll: options.expansionStyle?.elasticOverscroll ?? false)
        active = SideState(side: side, actions: actions, options: options, metrics: metrics, layout: layout)
        expanded = false
        expansion = ScalarAnimation(from: 0, to: 0, start: 0, timing: .curve(.linear, duration: .zero))
        actionsFade = nil
        return true
    }

    /// Changes the expansion state; emits haptics on flips caused by dragging.
    func setExpanded(_ value: Bool, feedback: Bool, time: Instant) {
        guard value != expanded, let side = active else { return }
        expanded = value
        if feedback { emit(.haptic(value ? .expansionEnter : .expansionExit)) }
        let delegate = side.expansionAnimation
        expansion = ScalarAnimation(
            from: expansion.value(at: time), to: value ? 1 : 0, start: time,
            delay: delegate?.layoutDelay(expanding: value) ?? .zero, timing: .critical(Self.expansionDuration))
        if let delegate {
            side.fades = delegate.animations(expanding: value, current: side.fades.map { $0.value(at: time) }, time: time)
        }
    }

    /// Feeds the per-button transition states with the visible widths at `time`.
    func updateTransitions(time: Instant) {
        guard let side = active else { return }
        let u = offset(at: time)
        let w = max(0, -side.side.sign * u - side.options.safeAreaMargin)
        let m = max(side.layout.buttonWidth, 1e-9)
        for i in 0..<side.layout.count {
            let visible = max(0, side.layout.visibleWidth(of: i, visible: w))
            if side.visible[i] != visible {
                side.transitions[i].update(from: side.visible[i] / m, to: visible / m, time: time)
                side.visible[i] = visible
            }
        }
    }
}
