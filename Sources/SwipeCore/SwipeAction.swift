// What a swipe button is: the data an integrator configures per action (SwipeCellKit's
// SwipeAction / MGU's contextual action), with the seed libraries' default colours.

/// An sRGB colour with straight alpha, `0xRRGGBBAA`. The core only carries it to the renderer.
public struct SwipeColor: Hashable, Sendable {
    public var rgba: UInt32

    public init(rgba: UInt32) { self.rgba = rgba }

    /// From `0xRRGGBB`, opaque.
    public init(rgb: UInt32) { self.rgba = (rgb << 8) | 0xFF }

    public var alpha: UInt8 { UInt8(rgba & 0xFF) }
    public var isClear: Bool { alpha == 0 }

    public static let clear = SwipeColor(rgba: 0)
    public static let white = SwipeColor(rgb: 0xFFFFFF)
    /// iOS systemRed: the destructive default.
    public static let systemRed = SwipeColor(rgb: 0xFF3B30)
    /// iOS systemGray3: the default action background.
    public static let systemGray3 = SwipeColor(rgb: 0xC7C7CC)
    /// iOS systemGray5: the actions view background, visible in gaps.
    public static let systemGray5 = SwipeColor(rgb: 0xE5E5EA)
}

/// Whether an action destroys data (it gets red and the destructive expansion defaults).
public enum SwipeActionStyle: String, Hashable, Sendable, CaseIterable {
    case `default`
    case destructive
}

/// One button behind a row.
public struct SwipeAction: Hashable, Sendable {
    public var id: String
    public var title: String?
    /// An icon name the renderer resolves (e.g. from the icon font); nil for none.
    public var icon: String?
    public var style: SwipeActionStyle
    /// Nil means the style's default (systemRed or systemGray3).
    public var backgroundColor: SwipeColor?
    public var textColor: SwipeColor
    /// Close the row after the handler runs (SwipeCellKit default false).
    public var hidesWhenSelected: Bool
    /// The per-button reveal animation.
    public var transition: ButtonTransitionKind

    public init(
        id: String, title: String? = nil, icon: String? = nil, style: SwipeActionStyle = .default,
        backgroundColor: SwipeColor? = nil, textColor: SwipeColor = .white, hidesWhenSelected: Bool = false,
        transition: ButtonTransitionKind = .none
    ) {
        self.id = id
        self.title = title
        self.icon = icon
        self.style = style
        self.backgroundColor = backgroundColor
        self.textColor = textColor
        self.hidesWhenSelected = hidesWhenSelected
        self.transition = transition
    }

    /// The colour painted behind the button.
    public var resolvedBackground: SwipeColor {
        backgroundColor ?? (style == .destructive ? .systemRed : .systemGray3)
    }
}
