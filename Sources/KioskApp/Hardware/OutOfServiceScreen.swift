// `swipe-kiosk out-of-service` on the device: the session (DRM, VT in graphics mode with
// Ctrl+Alt+Fn ignored, systemd notification) showing OutOfServicePage and nothing else. systemd
// starts it through swipe-kiosk.service's OnFailure= once the kiosk hit its start limit, in
// place of the getty that used to come back on tty1 (issue 28). It reads no database and no
// configuration: only the bundled fonts and the display. Input devices are opened by the
// session, but no key and no touch does anything; operators use SSH and the journal.
import Canvas
import KioskHardware
import KioskUI
import SwipeCore

public final class OutOfServiceScreen: SessionClient {
    private let session: KioskSession
    private var pending = true

    /// Draws the page into the session's frame once; it is presented on the first refresh and
    /// again after every VT switch or display wake (the session keeps the frame).
    public init(session: KioskSession) throws {
        self.session = session
        let shadow = session.shadow
        let surface = try Surface(wrapping: shadow.base, width: shadow.size.width, height: shadow.size.height,
                                  stride: shadow.stride, format: .xrgb8888)
        try Self.render(into: surface)
    }

    /// Renders the page into `surface` with the bundled fonts and the default colours.
    public static func render(into surface: Surface) throws {
        let fonts = try FontLocator.fonts(regular: nil, bold: nil, icons: nil)
        let theme = try Theme(fonts: fonts, metrics: OutOfServicePage.metrics(width: surface.width, height: surface.height),
                              library: FontLibrary())
        OutOfServicePage(theme: theme).render(Painter(target: surface), width: surface.width, height: surface.height)
    }

    /// Runs until SIGTERM/SIGINT.
    public func run() throws {
        session.client = self
        try session.run()
    }

    // MARK: SessionClient

    public func tick(now: Instant) {}

    public func handle(_ event: InputEvent) {}

    public var wantsFrame: Bool { pending }

    public func draw(into shadow: PixelBuffer, now: Instant) -> [PixelRect] {
        guard pending else { return [] }
        pending = false
        return [PixelRect(size: shadow.size)]
    }

    public func nextDeadline(now: Instant) -> Instant? { nil }

    public func nextTimer(now: Instant) -> Instant? { nil }

    public var readyStatus: String { "out of service on \(session.display.summary)" }

    public func handle(signal: LoopSignal) {}
}
