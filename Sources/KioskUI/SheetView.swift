// A modal sheet: a panel rising from the bottom over a dimmed page, holding an optional
// paragraph and a list of tappable rows (action sheet, Styles settings, detail as a sheet).
// Swiping down dismisses it (the core's SheetDismissController); when its rows scroll, the
// drag goes to the rows until they are at their top and then to the sheet (NestedScrollArbiter).
import Canvas
import SwipeCore

/// A tappable row of a sheet.
public struct SheetRow: Hashable, Sendable {
    public var id: String
    public var title: String
    /// A value shown at the trailing edge (Styles: the current choice).
    public var detail: String?
    public var icon: String?
    public var destructive: Bool

    public init(id: String, title: String, detail: String? = nil, icon: String? = nil, destructive: Bool = false) {
        self.id = id
        self.title = title
        self.detail = detail
        self.icon = icon
        self.destructive = destructive
    }
}

/// What a sheet shows.
public struct SheetContent: Hashable, Sendable {
    public var id: String
    public var title: String
    public var body: String?
    public var rows: [SheetRow]

    public init(id: String, title: String, body: String? = nil, rows: [SheetRow]) {
        self.id = id
        self.title = title
        self.body = body
        self.rows = rows
    }
}

/// One presented sheet.
public final class SheetView {
    public private(set) var content: SheetContent
    var dismissal: SheetDismissController
    let screen: Size
    let theme: Theme
    let text: TextCache
    /// Draws the rows' icons, keeping each one laid out (a renderer made per frame laid each out
    /// again: 110,000 instructions a frame at 800x480).
    let icons: RowRenderer
    var scroll: ScrollState
    /// The keyboard-focused row (its position), drawn as the list's focus ring is; nil until an
    /// arrow key (SheetView+Focus).
    public internal(set) var focus: Int?
    var touch: (slot: Int, startedOnPanel: Bool, last: Point, arbiter: GestureArbiter, velocity: VelocityTracker,
                sheetDragging: Bool, listDragging: Bool, listTranslation: Double)?
    // Lengths in points (`theme.px` makes them pixels).
    static let rowHeight = 56.0
    /// Radius of the panel's top corners.
    static let cornerRadius = 12.0
    /// Blur of the panel's shadow (twice its Gaussian's standard deviation).
    static let shadowBlur = 16.0
    static let headerHeight = 56.0
    static let maximumFraction = 0.8

    public init(content: SheetContent, screen: Size, theme: Theme, text: TextCache,
                configuration: SwipeDownConfiguration, time: Instant) {
        self.content = content
        self.screen = screen
        self.theme = theme
        self.text = text
        icons = RowRenderer(theme: theme, text: text)
        let height = min(screen.height * Self.maximumFraction, Self.contentHeight(content, theme: theme, text: text, width: screen.width))
        dismissal = SheetDismissController(height: height, configuration: configuration.scaled(by: theme.metrics.scale), time: time)
        scroll = ScrollState(viewport: height - theme.px(Self.headerHeight), scale: theme.metrics.scale)
        scroll.setContent(height: Self.contentHeight(content, theme: theme, text: text, width: screen.width) - theme.px(Self.headerHeight),
                          viewport: height - theme.px(Self.headerHeight))
    }

    /// Replaces the rows (Styles values change in place).
    public func update(_ newContent: SheetContent) {
        content = newContent
        if let f = focus, f >= newContent.rows.count { focus = newContent.rows.isEmpty ? nil : newContent.rows.count - 1 }
    }

    public var id: String { content.id }
    public var height: Double { dismissal.height }
    public var phase: SheetPhase { dismissal.phase }

    static func bodyHeight(_ content: SheetContent, theme: Theme, text: TextCache, width: Double) -> Double {
        guard let body = content.body, !body.isEmpty else { return 0 }
        return text.layout(body, font: theme.body, maxWidth: width - theme.px(40), maxLines: 0).height + theme.px(24)
    }

    static func contentHeight(_ content: SheetContent, theme: Theme, text: TextCache, width: Double) -> Double {
        headerHeight + bodyHeight(content, theme: theme, text: text, width: width) + Double(content.rows.count) * rowHeight + 16
    }

    /// The panel's frame at `time`.
    public func panel(at time: Instant) -> Rect {
        // Whole pixels, so the panel's shadow and corners come from the shape cache while it moves.
        Rect(x: 0, y: (screen.height - height + dismissal.offset(at: time)).rounded(), width: screen.width, height: height)
    }

    /// Frames of the rows in screen coordinates at `time`.
    func rowFrames(at time: Instant) -> [(SheetRow, Rect)] {
        let p = panel(at: time)
        var y = p.minY + theme.px(Self.headerHeight) + Self.bodyHeight(content, theme: theme, text: text, width: screen.width)
            - scroll.offset(at: time)
        return content.rows.map { row in
            defer { y += theme.px(Self.rowHeight) }
            return (row, Rect(x: 0, y: y, width: screen.width, height: theme.px(Self.rowHeight)))
        }
    }

    /// Programmatic dismissal (Cancel, a chosen row, Escape, a tap on the dimmed page).
    public func dismiss(time: Instant) { dismissal.dismiss(time: time) }

    public func tick(time: Instant) {
        dismissal.tick(time: time)
        scroll.tick(time: time)
    }

    public func takeStatuses() -> [SheetDismissStatus] { dismissal.takeStatuses() }

    public func nextDeadline(after time: Instant) -> Instant? {
        Instant.earliest(dismissal.nextDeadline(after: time), scroll.nextDeadline(after: time))
    }

    public func state(at time: Instant) -> SceneState.Sheet {
        let status: String
        switch dismissal.phase {
        case .presenting: status = "presenting"
        case .presented: status = "presented"
        case .dragging: status = "dragging"
        case .dismissing, .dismissed: status = "dismissing"
        case .restoring: status = "presented"
        }
        let p = panel(at: time)
        return SceneState.Sheet(id: content.id, status: status, offset: dismissal.offset(at: time),
                                frame: [p.minX, p.minY, p.width, p.height], rows: content.rows)
    }
}
