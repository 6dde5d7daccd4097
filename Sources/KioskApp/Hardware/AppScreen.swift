// The app on real hardware: libinput events become the swipe core's touch events (on the
// monotonic clock the kernel stamped them with), frames are drawn by the Canvas renderer
// straight into the session's shadow buffer, and haptic events go to the configured backend.
import Canvas
import KioskHardware
import KioskUI
import Logging
import SwipeCore

/// A `HardwareSessionClient` showing a `KioskApplication`.
final class AppScreen: HardwareSessionClient {
    var app: KioskApplication
    let session: HardwareSession
    let surface: Surface
    let painter: Painter
    let epoch: LoopInstant
    var lastTime = 0.0
    /// Re-reads the configuration on SIGHUP; nil keeps the running one.
    var reload: (() -> KioskApplication?)?
    /// The database's inotify watch (AppScreen+DatabaseWatch); nil while polling.
    var databaseWatcher: FileChangeWatcher?

    init(app: KioskApplication, session: HardwareSession) throws {
        self.app = app
        self.session = session
        epoch = session.loop.now
        let size = session.shadow.size
        surface = try Surface(wrapping: session.shadow.base, width: size.width, height: size.height,
                              stride: session.shadow.stride, format: .xrgb8888)
        painter = Painter(target: surface)
        connectHaptics()
    }

    func connectHaptics() {
        app.onHaptic = { [unowned self] event in
            session.haptics.fire(event)
        }
        session.haptics.onVisualPulse = { [unowned self] _, pattern in
            app.scene.pulse(at: lastTime, duration: Double(pattern.durationMilliseconds) / 1000, strength: pattern.strength)
        }
    }

    func seconds(_ instant: LoopInstant) -> Double { Double(instant.nanoseconds - epoch.nanoseconds) / 1e9 }

    func tick(now: LoopInstant) {
        lastTime = seconds(now)
        app.tick(time: lastTime)
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .touch(let sample):
            let phase: SwipeCore.TouchPhase
            switch sample.phase {
            case .down: phase = .began
            case .move: phase = .moved
            case .up: phase = .ended
            case .cancel: phase = .cancelled
            }
            app.handle(SwipeCore.TouchEvent(
                slot: sample.slot, phase: phase, point: SwipeCore.Point(x: sample.location.x, y: sample.location.y),
                time: seconds(sample.time)))
        case .key(let key):
            if key.pressed, let input = KeyInput(linuxName: key.name) { app.handle(key: input, time: seconds(key.time)) }
        case .deviceAdded(let info):
            session.logger.info("input device added: name=\"\(info.name)\" sysname=\(info.sysname) caps=\(info.capabilities)")
        case .deviceRemoved(let info):
            session.logger.info("input device removed: name=\"\(info.name)\" sysname=\(info.sysname)")
        case .frame:
            break
        }
    }

    var wantsFrame: Bool { app.scene.needsRender || app.scene.isAnimating(at: lastTime) }

    /// The last frame drawn, for damage tracking (nil: draw everything next time).
    var lastFrame: FrameSignature?

    func draw(into shadow: PixelBuffer, now: LoopInstant) -> [DamageRect] {
        painter.reset()
        guard let drawn = app.scene.renderDamage(painter, time: seconds(now), previous: &lastFrame) else {
            return [DamageRect(size: shadow.size)]
        }
        return drawn.isEmpty ? [] : [DamageRect(x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height)]
    }

    func nextDeadline(now: LoopInstant) -> LoopInstant? {
        app.nextDeadline(after: seconds(now)).map { epoch.adding(milliseconds: Int64(($0 * 1000).rounded(.up))) }
    }

    var readyStatus: String {
        let o = session.output
        let items = app.currentListID.flatMap { app.pages[$0]?.data.count } ?? 0
        return "\(o.card.path) \(o.connector.name) \(o.mode) rotation \(o.rotation), \(items) items"
    }

    func handle(signal: LoopSignal) {
        switch signal {
        case .reload:
            guard let fresh = reload?() else { return }
            app = fresh
            app.storeWatched = databaseWatcher != nil
            lastFrame = nil
            connectHaptics()
            session.invalidate()
            session.logger.info("configuration reloaded")
        case .screenshot:
            let path = "/tmp/swipe-kiosk-screenshot.png"
            do {
                try PNG.write(surface, to: path)
                session.logger.info("screenshot written to \(path)")
            } catch {
                session.logger.error("screenshot: \(error)")
            }
        case .terminate, .childExited, .vtRelease, .vtAcquire:
            break
        }
    }
}
