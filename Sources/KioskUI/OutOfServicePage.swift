// The picture the panel shows when the app keeps failing (issue 28: never a login prompt to the
// public). `swipe-kiosk out-of-service` draws it once after systemd gave up on the kiosk unit;
// it needs only the display and the bundled fonts, so nothing that broke the app (a database,
// the list configuration, an item that crashes the renderer) can break this screen too. The
// page is fixed text, centred, on the theme's default background: no item data, no input.
import Canvas
import SwipeCore

/// A full-screen "Out of service" notice.
public struct OutOfServicePage {
    /// The headline, large and centred.
    public static let title = "Out of service"
    /// The line under it.
    public static let message = "This kiosk is temporarily unavailable."

    private let theme: Theme

    /// `theme` supplies fonts and colours; build it with metrics scaled for the screen
    /// (``metrics(width:height:)``) so the notice reads from a distance.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// Default metrics grown with the screen: a 1280×800 panel draws the headline at twice the
    /// list title's size, a small 480×272 one at the list's own sizes.
    public static func metrics(width: Int, height: Int) -> Metrics {
        let factor = max(1, Double(min(width, height)) / 400)
        return Metrics().scaled(by: factor)
    }

    /// Draws the whole page into `painter`'s target of `width` × `height` pixels.
    public func render(_ painter: Painter, width: Int, height: Int) {
        let w = Double(width), h = Double(height)
        let margin = theme.px(24)
        let text = TextCache(capacity: 2)
        painter.fill(Rect(x: 0, y: 0, width: w, height: h), color: theme.palette.background)
        let box = max(1, w - 2 * margin)
        let title = text.layout(Self.title, font: theme.navTitle, maxWidth: box, maxLines: 2, alignment: .center)
        let message = text.layout(Self.message, font: theme.body, maxWidth: box, maxLines: 3, alignment: .center)
        let gap = theme.px(12)
        let top = ((h - title.height - gap - message.height) / 2).rounded()
        painter.draw(title, at: Point(x: margin, y: top), boxWidth: box, color: theme.palette.title)
        painter.draw(message, at: Point(x: margin, y: top + title.height + gap), boxWidth: box, color: theme.palette.subtitle)
    }
}
