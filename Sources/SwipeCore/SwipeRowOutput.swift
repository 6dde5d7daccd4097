// What a row controller tells the outside world: its visible state each frame (a snapshot
// the UI draws and the state dump prints) and the one-off effects the app must carry out.

/// The row's state as the state dump names it (docs/ARCHITECTURE.md "State dump").
public enum SwipeRowState: String, Hashable, Sendable {
    case idle, dragging, open, expanded, filling, removing, closing, removed
}

/// Something the app must do because of the row (in order of emission).
public enum SwipeEffect: Hashable, Sendable {
    case haptic(HapticEvent)
    /// Run an action's handler.
    case invokeAction(id: String, side: SwipeSide)
    /// Commit the deletion of the row's item now; the collapse animation starts after this.
    /// `side` says whose action it is: the same id may be configured on both sides.
    case delete(actionID: String, side: SwipeSide)
    /// The collapse finished: drop the row from the list.
    case removed
}

/// One button as it should be drawn, in row coordinates (origin = the row's top-left).
public struct SwipeButtonSnapshot: Hashable, Sendable {
    public var action: SwipeAction
    /// The visible coloured strip.
    public var strip: Rect
    /// The `m`-wide button the content is laid out in (may extend under neighbours).
    public var button: Rect
    public var imageRect: Rect?
    public var titleRect: Rect?
    public var percentVisible: Double
    public var appearance: ButtonAppearance
    /// The expandable (outermost) action while the row is expanded.
    public var isExpanded: Bool
    /// A finger is down on this button of an open row and still over it: drawn darkened by
    /// `highlightedBackgroundColor` (black at 10 %, §1.3), and it acts when that finger lifts.
    public var isPressed = false
}

/// The row at one instant.
public struct SwipeRowSnapshot: Hashable, Sendable {
    public var state: SwipeRowState
    public var side: SwipeSide?
    /// Horizontal displacement of the row content (negative: moved left).
    public var offset: Double
    /// 1 normally; falls to 0 while a deleted row collapses.
    public var heightFraction: Double
    /// Opacity of the actions (fades when a delete runs after the fill).
    public var actionsAlpha: Double
    /// The actions view background (visible in gaps).
    public var background: SwipeColor
    public var buttonStyle: ButtonStyle
    public var buttons: [SwipeButtonSnapshot]

    public static let idle = SwipeRowSnapshot(
        state: .idle, side: nil, offset: 0, heightFraction: 1, actionsAlpha: 1, background: .systemGray5,
        buttonStyle: .background, buttons: [])
}

/// The actions and options of both edges of a row.
public struct SwipeRowConfiguration: Hashable, Sendable {
    public var leading: [SwipeAction]
    public var trailing: [SwipeAction]
    public var leadingOptions: SwipeOptions
    public var trailingOptions: SwipeOptions
    public var direction: LayoutDirection

    public init(
        leading: [SwipeAction] = [], trailing: [SwipeAction] = [], leadingOptions: SwipeOptions = SwipeOptions(),
        trailingOptions: SwipeOptions = SwipeOptions(), direction: LayoutDirection = .leftToRight
    ) {
        self.leading = leading
        self.trailing = trailing
        self.leadingOptions = leadingOptions
        self.trailingOptions = trailingOptions
        self.direction = direction
    }

    /// Actions shown on a physical side (first = outermost = expandable).
    public func actions(for side: SwipeSide) -> [SwipeAction] {
        direction.edge(for: side) == .leading ? leading : trailing
    }

    public func options(for side: SwipeSide) -> SwipeOptions {
        direction.edge(for: side) == .leading ? leadingOptions : trailingOptions
    }
}
