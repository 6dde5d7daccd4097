// The `identify` banner: an operator standing in a hall of kiosks (or watching a fleet's
// screenshots) asks one of them to show its name. A band across the top of the screen, above
// everything (sheets and toasts included), for its `lifetime`, with no animation: it costs two
// frames, one to show and one to take it away. Touches pass through it.
import Canvas
import SwipeCore

/// One identify banner.
public struct IdentifyBanner: Hashable, Sendable {
    public var text: String
    public var shownAt: Instant
    public var lifetime: Duration

    /// How long a banner stays by default (`identify`).
    public static let defaultLifetime = Duration.seconds(10)

    public init(text: String, shownAt: Instant, lifetime: Duration = defaultLifetime) {
        self.text = text
        self.shownAt = shownAt
        self.lifetime = lifetime
    }

    public var expires: Instant { shownAt + lifetime }

    /// Its frame on `screen`: the width of the screen, a third of the height at most.
    func frame(screen: Size, theme: Theme) -> Rect {
        let height = min(screen.height / 3, theme.px(96))
        return Rect(x: 0, y: 0, width: screen.width, height: height)
    }

    func render(_ painter: Painter, screen: Size, theme: Theme, text: TextCache, time: Instant) {
        guard time >= shownAt, time < expires else { return }
        let f = frame(screen: screen, theme: theme), px = theme.px
        painter.fill(f, color: theme.palette.accent.withAlpha(1))
        let label = text.layout(self.text, font: theme.navTitle, maxWidth: f.width - px(32), alignment: .center)
        painter.draw(label, at: Point(x: f.minX + px(16), y: f.minY + (f.height - label.height) / 2),
                     boxWidth: f.width - px(32), color: theme.palette.onAccent)
    }
}

extension KioskScene {
    /// Shows `banner` (replacing one that is showing).
    public func show(_ banner: IdentifyBanner) {
        overlays.identifyBanner = banner
        needsRender = true
    }
}
