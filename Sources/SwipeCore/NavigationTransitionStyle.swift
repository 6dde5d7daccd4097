// The navigation transitions as pure functions of progress (docs/BEHAVIOUR.md "Navigation" §3): what the
// outgoing and incoming pages look like at any point, so an interactive pop simply plays a
// push backwards. Progress 0 shows the lower page, 1 the upper (pushed) page.

/// How a page is placed during a transition.
public struct PageLayer: Hashable, Sendable {
    public var translation: Point = .zero
    public var scale: Double = 1
    public var alpha: Double = 1
    /// Black overlay opacity on top of the page.
    public var dim: Double = 0

    public init(translation: Point = .zero, scale: Double = 1, alpha: Double = 1, dim: Double = 0) {
        self.translation = translation
        self.scale = scale
        self.alpha = alpha
        self.dim = dim
    }
}

/// The selectable navigation transitions.
public enum NavigationTransitionStyle: String, Hashable, Sendable, CaseIterable {
    /// iOS: the upper page slides in from the trailing edge, the lower moves 30 % and dims.
    case push
    /// The upper page fades in on top.
    case fade
    /// Cover vertical: the upper page slides up from the bottom.
    case pull
    /// The upper page grows from 85 % while fading in; the lower grows slightly and fades.
    case zoom

    /// Dim of the lower page when fully covered in the push style.
    public static let pushDim = 0.15

    /// Layers of the lower and upper page at `progress` for a screen of `size`;
    /// `mirrored` slides from the left for right-to-left layouts.
    public func layers(progress: Double, size: Size, mirrored: Bool = false) -> (lower: PageLayer, upper: PageLayer) {
        let p = min(1, max(0, progress.isFinite ? progress : 0))
        let sign = mirrored ? -1.0 : 1.0
        switch self {
        case .push:
            return (PageLayer(translation: Point(x: -0.3 * size.width * p * sign, y: 0), dim: Self.pushDim * p),
                    PageLayer(translation: Point(x: size.width * (1 - p) * sign, y: 0)))
        case .fade:
            return (PageLayer(), PageLayer(alpha: p))
        case .pull:
            return (PageLayer(dim: Self.pushDim * p), PageLayer(translation: Point(x: 0, y: size.height * (1 - p))))
        case .zoom:
            return (PageLayer(scale: 1 + 0.1 * p, alpha: 1 - p), PageLayer(scale: 0.85 + 0.15 * p, alpha: p))
        }
    }
}
