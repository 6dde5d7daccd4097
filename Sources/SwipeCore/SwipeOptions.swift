// Per-side options of a swipeable row: the SwipeOptions of SwipeCellKit plus MGU's display
// modes and button styles, as plain values with the seed defaults (docs/BEHAVIOUR.md "Rows" §1.3, §2.8).

/// Physical side of the row where actions appear. `right` is revealed by dragging left.
public enum SwipeSide: String, Hashable, Sendable {
    case left
    case right

    /// SwipeCellKit's orientation sign `s`: −1 left, +1 right.
    public var sign: Double { self == .left ? -1 : 1 }

    public var opposite: SwipeSide { self == .left ? .right : .left }
}

/// Logical edge of the row: leading is the left side in left-to-right layouts.
public enum SwipeEdge: String, Hashable, Sendable {
    case leading
    case trailing
}

/// Reading direction of the list.
public enum LayoutDirection: String, Hashable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The physical side that shows the actions of `edge` (MGU §2.2).
    public func side(for edge: SwipeEdge) -> SwipeSide {
        switch (edge, self) {
        case (.leading, .leftToRight), (.trailing, .rightToLeft): return .left
        case (.trailing, .leftToRight), (.leading, .rightToLeft): return .right
        }
    }

    /// The logical edge shown on a physical side.
    public func edge(for side: SwipeSide) -> SwipeEdge {
        self.side(for: .leading) == side ? .leading : .trailing
    }
}

/// How buttons are exposed as the row slides (§1.9).
public enum SwipeTransitionStyle: String, Hashable, Sendable, CaseIterable {
    case border
    case drag
    case reveal
}

/// What a button shows.
public enum ButtonDisplayMode: String, Hashable, Sendable, CaseIterable {
    case imageAndTitle = "image-title"
    case imageOnly = "image"
    case titleOnly = "title"
}

/// How a button is painted: a full-height coloured strip, or a coloured circle on a clear strip.
public enum ButtonStyle: String, Hashable, Sendable, CaseIterable {
    case background
    case circular
}

/// Vertical placement of a button's image and title (§1.8).
public enum ButtonVerticalAlignment: String, Hashable, Sendable {
    case centerFirstBaseline
    case center
}

/// Options for one side of a row.
public struct SwipeOptions: Hashable, Sendable {
    public var transitionStyle: SwipeTransitionStyle = .border
    public var expansionStyle: SwipeExpansionStyle? = nil
    /// The actions view's background (systemGray5 by default).
    public var backgroundColor: SwipeColor = .systemGray5
    /// Nil means (W − 30)/n; 0 means unlimited.
    public var maximumButtonWidth: Double? = nil
    /// Nil means min(maximum, 74).
    public var minimumButtonWidth: Double? = nil
    public var buttonPadding: Double = 8
    public var buttonSpacing: Double = 8
    public var verticalAlignment: ButtonVerticalAlignment = .centerFirstBaseline
    public var displayMode: ButtonDisplayMode = .imageAndTitle
    public var buttonStyle: ButtonStyle = .background
    /// Diameter of the circle behind the icon in the circular style (MGU example: 50).
    public var circleDiameter: Double = 50
    /// Safe-area inset on this side (notches); kiosks usually have none.
    public var safeAreaMargin: Double = 0
    /// Scale/alpha animation of the other buttons on expansion; nil applies
    /// `ScaleAndAlphaExpansion.default` automatically when the expandable action is clear.
    public var expansionAnimation: ScaleAndAlphaExpansion? = nil
    /// Pixels per point of the built-in lengths the nil widths stand for (the 30 pt margin and
    /// the 74 pt minimum); `scaled(by:)` sets it together with the lengths above.
    public var lengthScale: Double = 1

    public init() {}
}
