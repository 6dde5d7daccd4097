// A short message at the bottom of the screen with an optional button ("Undo" after a delete).
// It disappears by itself after its lifetime; the app decides what its button does.
import Canvas
import SwipeCore

/// One toast.
public struct ToastView: Hashable, Sendable {
    public var id: String
    public var message: String
    public var actionTitle: String?
    public var shownAt: Instant
    public var lifetime: Duration

    public init(id: String, message: String, actionTitle: String? = nil, shownAt: Instant, lifetime: Duration = .seconds(5)) {
        self.id = id
        self.message = message
        self.actionTitle = actionTitle
        self.shownAt = shownAt
        self.lifetime = lifetime
    }

    public var expires: Instant { shownAt + lifetime }

    /// When the toast next changes by itself: every frame while it fades in or out, in between
    /// the start of its fade-out (a toast lasting the undo window may stay for minutes); nil
    /// once it has expired.
    func nextDeadline(after time: Instant) -> Instant? {
        guard time < expires else { return nil }
        let fadeOut = expires - Self.fade
        return time < shownAt + Self.fade || time >= fadeOut ? time : fadeOut
    }

    /// Height in points.
    static let height = 48.0
    static let fade = Duration.milliseconds(200)

    /// The toast's frame on `screen` at the theme's scale; `slot` 1 is the place above slot 0
    /// (a message shown while an Undo toast is up).
    func frame(screen: Size, theme: Theme, slot: Int = 0) -> Rect {
        let px = theme.px, width = min(screen.width - px(32), px(560)), height = px(Self.height)
        let bottom = screen.height - px(24) - Double(slot) * (height + px(8))
        return Rect(x: (screen.width - width) / 2, y: bottom - height, width: width, height: height)
    }

    /// The button's frame (the trailing 30 % of the toast; a toast with a button is in slot 0).
    func buttonFrame(screen: Size, theme: Theme) -> Rect? {
        guard actionTitle != nil else { return nil }
        let f = frame(screen: screen, theme: theme)
        return Rect(x: f.maxX - f.width * 0.3, y: f.minY, width: f.width * 0.3, height: f.height)
    }

    func render(_ painter: Painter, screen: Size, theme: Theme, text: TextCache, time: Instant, slot: Int) {
        let age = time - shownAt
        let alpha = min(1, min(age, expires - time).inSeconds / Self.fade.inSeconds)
        guard alpha > 0 else { return }
        let f = frame(screen: screen, theme: theme, slot: slot), px = theme.px
        painter.withSavedState {
            painter.alpha = alpha
            let r = Rect(x: f.minX, y: f.minY, width: f.width, height: f.height)
            painter.fillRoundedRect(r, radius: px(10), color: theme.palette.toast)
            let label = text.layout(message, font: theme.actionTitle, maxWidth: f.width * 0.65)
            painter.draw(label, at: Point(x: r.x + px(16), y: r.y + (r.height - label.height) / 2), color: theme.palette.toastText)
            if let title = actionTitle, let b = buttonFrame(screen: screen, theme: theme) {
                let button = text.layout(title, font: theme.title, maxWidth: b.width - px(16), alignment: .center)
                painter.draw(button, at: Point(x: b.minX + px(8), y: b.minY + (b.height - button.height) / 2),
                             boxWidth: b.width - px(16), color: theme.palette.accent.withAlpha(1))
            }
        }
    }
}
