// What the running app does for its control socket's requests (README "Control socket"): the
// socket itself (KioskHardware's ControlSocket) only parses lines; here they become the app's
// operations. Everything answers at once on the loop except the screenshot, whose PNG is encoded
// by a worker (ScreenshotEncoder) from a copy of the frame.
import Canvas
import Foundation
import KioskHardware
import KioskUI
import SwipeCore

extension AppScreen {
    /// Answers `socket`'s requests; `version` and `kiosk` (the name `identify` shows) go into `status`.
    public func serve(_ socket: ControlSocket, version: String, kiosk: String) {
        socket.onRequest = { [unowned self] request, respond in
            switch request {
            case .status: respond(status(version: version, kiosk: kiosk))
            case .screenshot: screenshot(respond)
            case .screenOff, .screenOn:
                session.setScreen(on: request == .screenOn)
                respond(.ok([]))
            case .reload:
                respond(reloadConfiguration().map { .error($0) } ?? .ok([]))
            case .identify:
                app.scene.show(IdentifyBanner(text: "kiosk \(kiosk)", shownAt: lastTime))
                respond(.ok([]))
            }
        }
    }

    private func status(version: String, kiosk: String) -> ControlReply {
        let now = session.loop.now
        let page = app.scene.top.map { ControlStatus.Page(id: $0.id, title: $0.title) }
        let frames = session.frameTimeMilliseconds
        let status = ControlStatus(
            version: version, kiosk: kiosk, page: page,
            items: app.pages.filter { $0.key != KioskApplication.listsPageID }.mapValues { $0.data.count },
            screen: session.isScreenOn ? "on" : "off",
            uptimeSeconds: (now - startedAt).inSeconds,
            lastTouchAgeSeconds: lastInputAt.map { (now - $0).inSeconds },
            touchToFlipP99Ms: session.touchToFlipP99Milliseconds,
            frames: frames?.frames ?? 0, frameP99Ms: frames?.p99, frameMaxMs: frames?.max)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let json = try? encoder.encode(status) else { return .error("status could not be encoded") }
        return .ok(Array(json) + [UInt8(ascii: "\n")])
    }

    /// The PNG of what the panel shows: the last frame drawn, or black while it is dark.
    private func screenshot(_ respond: ControlResponder) {
        do {
            let frame = session.isScreenOn ? surface : try Surface(width: surface.width, height: surface.height, format: .xrgb8888)
            screenshots.request(respond, frame: frame)
        } catch {
            respond(.error("screenshot: \(error)"))
        }
    }
}
