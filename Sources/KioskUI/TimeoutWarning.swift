// The time-out warning (issue 25, EN 301 549 5.1.3.x / WCAG 2.2.1 "timing adjustable"): some
// seconds before the idle reset takes the screen back to its start, a card in the middle of the
// screen asks whether someone is still there. The app decides when it shows and goes (at the
// warning time; at any touch or key, or at the reset), so the scene only draws it while it is
// set: no animation, one frame to show and one to take it away. Touches pass through it (the touch
// that answers it does what it would have done anyway).
import Canvas
import SwipeCore

/// The warning card's text.
public struct TimeoutWarning: Hashable, Sendable {
    /// "Still there?"
    public var title: String
    /// "Touch the screen for more time"
    public var message: String

    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }

    /// The card's width on `screen`: the screen less a margin, 560 points at most.
    func width(screen: Size, theme: Theme) -> Double {
        min(screen.width - theme.px(48), theme.px(560))
    }

    func render(_ painter: Painter, screen: Size, theme: Theme, text: TextCache) {
        let px = theme.px, padding = px(24), gap = px(8)
        let width = width(screen: screen, theme: theme), box = max(1, width - 2 * padding)
        let title = text.layout(self.title, font: theme.navTitle, maxWidth: box, maxLines: 2, alignment: .center)
        let message = text.layout(self.message, font: theme.title, maxWidth: box, maxLines: 3, alignment: .center)
        let height = min(screen.height, title.height + gap + message.height + 2 * padding)
        let card = Rect(x: ((screen.width - width) / 2).rounded(), y: ((screen.height - height) / 2).rounded(),
                        width: width, height: height)
        let p = theme.palette
        painter.fillRoundedRect(card, radius: px(14), color: p.toast)
        painter.draw(title, at: Point(x: card.x + padding, y: card.y + padding), boxWidth: box, color: p.toastText)
        painter.draw(message, at: Point(x: card.x + padding, y: card.y + padding + title.height + gap), boxWidth: box,
                     color: p.toastText)
    }
}

extension KioskScene {
    /// Shows the time-out warning (until `hideTimeoutWarning`).
    public func show(_ warning: TimeoutWarning) {
        guard overlays.timeoutWarning != warning else { return }
        overlays.timeoutWarning = warning
        needsRender = true
    }

    /// Takes the time-out warning away (input came, or the reset happened).
    public func hideTimeoutWarning() {
        guard overlays.timeoutWarning != nil else { return }
        overlays.timeoutWarning = nil
        needsRender = true
    }
}
