// The root of the UI: a navigation stack of pages under a navigation bar, the interactive
// swipe-back transition, and the routing of every touch and key to whatever owns it. The app
// drives it with timestamps (tick, input) and asks it to draw; effects flow back as UIEffect.
import Canvas
import SwipeCore

/// A page on the navigation stack.
public enum ScenePage {
    case list(ListPage)
    case detail(DetailPage)

    public var id: String {
        switch self {
        case .list(let p): return p.id
        case .detail(let p): return p.id
        }
    }

    public var title: String {
        switch self {
        case .list(let p): return p.title
        case .detail(let p): return p.item.title
        }
    }
}

/// Who receives a touch slot's events.
enum TouchOwner {
    case page
    case back
    case trailingButton
    /// Began in the swipe-back zone; undecided until it moves.
    case edge(GestureArbiter, began: TouchEvent)
    case pop
    case ignored
}

/// The whole screen.
public final class KioskScene {
    public let size: Size
    public let theme: Theme
    public let text: TextCache
    public let direction: LayoutDirection
    public var navigationStyle: NavigationTransitionStyle
    /// The icon of the trailing bar button (nil: none).
    public var trailingButtonIcon: String?
    /// An edge swipe pops the page interactively (`[navigation] swipe_back`); when false a
    /// touch in the edge zone is an ordinary touch of the page, and the back button still pops.
    public var swipeBack = true
    public internal(set) var stack: [ScenePage] = []
    var transition: (kind: SceneState.Transition.Kind, state: InteractiveTransition, lower: ScenePage, upper: ScenePage)?
    var owners: [Int: TouchOwner] = [:]
    var effects: [UIEffect] = []
    var events: [SceneEvent] = []
    let bar: NavigationBar
    /// The running transition's page layers and the backdrop under the sheet (SceneLayers).
    let composited = SceneLayers()
    /// What a frame drawn by moving the list draws after the move (KioskScene+ScrollMove), kept
    /// between frames so that drawing one allocates nothing.
    var moveRedraw: [PixelRect] = []
    /// What the scroll indicator covers in the frame last drawn by moving the list, to take it
    /// off before the next move (KioskScene+ScrollMove).
    var underIndicator = SaveUnder()
    /// How many frames took the indicator off by putting back what it covered (tests: a fling
    /// does not draw the rows under it again each frame).
    public internal(set) var indicatorRestores = 0
    /// How many moved frames left a pinned section header's pixels where they were (tests: the
    /// header is not drawn again each frame of a scroll under it).
    public internal(set) var pinnedHeadersKept = 0
    /// How many times a page or a sheet's backdrop was drawn into a layer (bench and tests: a
    /// transition over unchanging pages draws each page once).
    public var layerDraws: Int { composited.draws }
    /// Back was asked while a push animated: pop once it has finished.
    var popWhenPushed = false
    /// The swipe-back finger: where it started, and its velocity.
    var popDrag = PopDrag()
    /// The modal sheet, if one is up.
    public internal(set) var sheet: SheetView?
    /// The toasts, the `identify` banner, the time-out warning and the visual pulse (SceneOverlays).
    let overlays = SceneOverlays()
    /// Whether the last tick had animations running (so the next one draws their end).
    var wasAnimating = false
    /// Set whenever something visible changed; the app renders then clears it.
    public var needsRender = true

    public init(size: Size, theme: Theme, text: TextCache, direction: LayoutDirection,
                navigationStyle: NavigationTransitionStyle = .push) {
        self.size = size
        self.theme = theme
        self.text = text
        self.direction = direction
        self.navigationStyle = navigationStyle
        bar = NavigationBar(theme: theme, text: text, icons: RowRenderer(theme: theme, text: text))
    }

    /// The area below the navigation bar, where pages live.
    public var contentFrame: Rect {
        let top = theme.metrics.navBarHeight
        return Rect(x: 0, y: top, width: size.width, height: size.height - top)
    }

    public var top: ScenePage? { stack.last }

    /// Sets the root page (no animation).
    public func setRoot(_ page: ScenePage) {
        stack = [page]
        transition = nil
        needsRender = true
    }

    /// Pushes a page with the configured transition.
    public func push(_ page: ScenePage, time: Instant) {
        guard let lower = stack.last, transition == nil else { return }
        cancelTouches(time: time)
        stack.append(page)
        transition = (.push, .animated(start: time), lower, page)
        needsRender = true
    }

    /// Pops the top page with the configured transition. Asked while a push animates (Back or
    /// Escape right after Enter), the pop comes once the page has arrived, instead of the key
    /// seeming dead.
    public func pop(time: Instant) {
        if transition?.kind == .push {
            popWhenPushed = true
            return
        }
        guard stack.count > 1, transition == nil else { return }
        cancelTouches(time: time)
        let upper = stack.removeLast()
        // Progress runs 0 → 1 for pops too; drawing maps it to push progress 1 − p.
        transition = (.pop, .animated(start: time), stack.last!, upper)
        needsRender = true
    }

    /// Pops to the root page without animation (idle reset).
    public func popToRoot() {
        popWhenPushed = false
        guard stack.count > 1 else { return }
        stack = [stack[0]]
        transition = nil
        needsRender = true
    }

    /// Takes the effects emitted since the last call.
    public func takeEffects() -> [UIEffect] {
        for page in stack { if case .list(let list) = page { effects += list.takeEffects() } }
        defer { effects.removeAll() }
        return effects
    }

    /// Takes the navigation-level events (row taps, long presses, bar buttons) since the last call.
    public func takeEvents() -> [SceneEvent] {
        defer { events.removeAll() }
        return events
    }

    /// Advances every animation to `time`.
    public func tick(time: Instant) {
        for page in stack {
            if case .list(let list) = page { events += list.tick(time: time).map(SceneEvent.init) }
            if case .detail(let detail) = page { detail.tick(time: time) }
        }
        tickOverlays(time: time)
        if let pictures = theme.pictures, case .list(let list)? = top {
            pictures.prefetchThumbnails(list.itemsAhead(at: time).compactMap(\.image), side: RowRenderer.thumbnailSide(theme.metrics))
        }
        if var t = transition {
            if t.state.tick(time: time) { effects.append(.haptic(.navigationCommit)) }
            transition = t
            if t.state.isDone { finishTransition(t, time: time) }
        }
        // The tick that passes an animation's end must still draw its resting frame.
        let animating = isAnimating(at: time)
        if animating || wasAnimating { needsRender = true }
        wasAnimating = animating
    }

    func finishTransition(_ t: (kind: SceneState.Transition.Kind, state: InteractiveTransition, lower: ScenePage, upper: ScenePage),
                          time: Instant) {
        transition = nil
        // A cancelled interactive pop puts the upper page back.
        if t.kind == .pop, t.state.phase == .cancelled { stack.append(t.upper) }
        needsRender = true
        if popWhenPushed {
            popWhenPushed = false
            pop(time: time)
        }
    }

    /// The next time the scene changes by itself.
    public func nextDeadline(after time: Instant) -> Instant? {
        var best: Instant?
        func consider(_ d: Instant?) { if let d { best = min(best ?? d, d) } }
        for page in stack { if case .list(let list) = page { consider(list.nextDeadline(after: time)) } }
        for page in stack { if case .detail(let detail) = page { consider(detail.nextDeadline(after: time)) } }
        if let t = transition { consider(t.state.nextDeadline(after: time) ?? time) }
        if let sheet { consider(sheet.nextDeadline(after: time)) }
        consider(overlays.nextDeadline(after: time))
        return best
    }

    public func isAnimating(at time: Instant) -> Bool { nextDeadline(after: time) != nil }
}

/// Events the app reacts to by changing pages (it knows the data and the actions).
public enum SceneEvent: Hashable, Sendable {
    case open(itemID: String)
    case longPress(itemID: String)
    case trailingButton
    /// The row at position `row` of the sheet with this id was tapped.
    case sheetRow(sheetID: String, row: Int)

    init(_ e: ListPageEvent) {
        switch e {
        case .open(let id): self = .open(itemID: id)
        case .longPress(let id): self = .longPress(itemID: id)
        }
    }
}
