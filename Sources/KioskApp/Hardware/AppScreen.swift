// The app as a session client, on the device and on virtual time alike: input events go to the app
// as they came (SwipeCore's touch and key events, on the clock the kernel, or the script, stamped
// them with; the app's time is the loop's), frames
// are drawn by the Canvas renderer into the session's shadow buffer with damage tracking, and
// haptic events go to the session's backend (and into the app's record of them).
import Canvas
import KioskConfig
import KioskHardware
import KioskSpeech
import KioskUI
import Logging
import SwipeCore

/// A `SessionClient` showing a `KioskApplication`.
public final class AppScreen: SessionClient {
    var app: KioskApplication
    let session: KioskSession
    let surface: Surface
    let painter: Painter
    /// When the screen started (`status`'s uptime).
    let startedAt: Instant
    /// The latest tick's time (the visual haptic pulse and the identify banner start then).
    var lastTime = Instant.zero
    /// Re-reads the configuration on SIGHUP; nil keeps the running one.
    public var reload: (() -> KioskApplication?)?
    /// The database's inotify watch (AppScreen+DatabaseWatch); nil while polling.
    var databaseWatcher: FileChangeWatcher?
    /// Where the app's speech plays (`run`: ALSA); nil: nothing is synthesised. Kept across a reload.
    public var audio: AudioOutput? {
        didSet { app.speech.output = audio }
    }
    /// When the last touch or key reached the app (`status`); nil before the first.
    var lastInputAt: Instant?
    /// `ctl screenshot`'s PNGs, encoded off the loop (AppScreen+Control).
    let screenshots = ScreenshotEncoder()
    /// The screen schedule (AppScreen+Schedule): its clock, when to look at it next, and what it
    /// last asked for (nil: nothing yet).
    var scheduleClock: ScheduleClock?
    var scheduleCheckAt: Instant?
    var scheduleWantsOn: Bool?

    /// `runsCommands`: command actions start processes (`run`, `replay --run-commands`); without
    /// it they are recorded as skipped.
    public init(app: KioskApplication, session: KioskSession, runsCommands: Bool) throws {
        self.app = app
        self.session = session
        startedAt = session.loop.now
        let size = session.shadow.size
        surface = try Surface(wrapping: session.shadow.base, width: size.width, height: size.height,
                              stride: session.shadow.stride, format: .xrgb8888)
        painter = Painter(target: surface)
        if runsCommands { app.commands.processes = CommandProcesses(loop: session.loop) }
        connectHaptics()
    }

    /// Plays the app's speech on the ALSA device `device` (its writer thread starts now; the
    /// device opens with the first sound). `report` hears of a device that fails.
    public func playSpeech(onALSADevice device: String, report: @escaping @Sendable (String) -> Void) throws {
        audio = try ALSAAudioOutput(device: device, sampleRate: SpeechSynthesizer.sampleRate, report: report)
    }

    func connectHaptics() {
        app.onHaptic = { [unowned self] event in
            session.haptics.fire(event)
        }
        session.haptics.onVisualPulse = { [unowned self] _, pattern in
            app.scene.pulse(at: lastTime, duration: .milliseconds(pattern.durationMilliseconds), strength: pattern.strength)
        }
    }

    public func tick(now: Instant) {
        lastTime = now
        app.panelIsDark = !session.isScreenOn
        app.tick(time: lastTime)
        screenshots.collect()
        applySchedule(now: now)
    }

    public func handle(_ event: InputEvent) {
        switch event {
        case .touch(let touch):
            lastInputAt = touch.time
            app.handle(touch)
        case .key(let key):
            lastInputAt = key.time
            guard key.pressed else { break }
            if let command = app.keypadCommand(for: key.key) {
                app.handle(keypad: command, time: key.time)
            } else if let input = KeyInput(key.key) {
                app.handle(key: input, time: key.time)
            } else if key.key.isKeypad {
                app.handleKeypadKeyWithoutCommand(time: key.time)
            } else {
                // Any other key of a keyboard starts on-demand speech all the same.
                app.handleUnmappedKey(time: key.time)
            }
        case .switchChanged(let change):
            session.logger.info("input: \(change.description)")
            app.headphonesChanged(plugged: change.on, time: change.time)
        case .deviceAdded(let info):
            session.logger.info("input device added: name=\"\(info.name)\" sysname=\(info.sysname) caps=\(info.capabilities)")
        case .deviceRemoved(let info):
            session.logger.info("input device removed: name=\"\(info.name)\" sysname=\(info.sysname)")
        case .frame:
            break
        }
    }

    public var wantsFrame: Bool { app.scene.needsRender || app.scene.isAnimating(at: lastTime) }

    /// The last frame drawn, for damage tracking (nil: draw everything next time).
    var lastFrame: FrameSignature?

    public func draw(into shadow: PixelBuffer, now: Instant) -> [PixelRect] {
        painter.reset()
        guard let drawn = app.scene.renderDamage(painter, time: now, previous: &lastFrame) else {
            return [PixelRect(size: shadow.size)]
        }
        return drawn.isEmpty ? [] : [PixelRect(x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height)]
    }

    /// The app's next deadline on the loop's clock; `now` itself when it wants the next frame.
    public func nextDeadline(now: Instant) -> Instant? {
        Instant.earliest(app.nextDeadline(after: now).map { max($0, now) }, screenshotPoll(now: now), scheduleCheckAt)
    }

    /// The app's timers on the loop's clock (they run while the panel is dark).
    public func nextTimer(now: Instant) -> Instant? {
        app.panelIsDark = !session.isScreenOn  // switched off or on since the tick (a control request)
        return Instant.earliest(app.nextTimer(after: now).map { max($0, now) }, screenshotPoll(now: now), scheduleCheckAt)
    }

    /// While a screenshot is being encoded, the next look for it.
    private func screenshotPoll(now: Instant) -> Instant? {
        screenshots.isEncoding ? now + .nanoseconds(ScreenshotEncoder.pollNanoseconds) : nil
    }

    public var readyStatus: String {
        let items = app.currentListID.flatMap { app.pages[$0]?.data.count } ?? 0
        return "\(session.display.summary), \(items) items"
    }

    /// SIGHUP and `ctl reload`: the configuration read again (``reload``) replaces the running
    /// app, keeping its running commands, and the screen schedule is looked at again at once.
    /// While a person's change is still being saved (a busy database: retries) the running app
    /// stays, so the change is neither lost nor left unreported. - Returns: why it was not
    /// reloaded (logged), or nil.
    func reloadConfiguration() -> String? {
        if !app.writes.isEmpty {
            let reason = "configuration reload postponed: \(app.writes.count) change(s) are still being saved; try again"
            session.logger.warning("\(reason)")
            return reason
        }
        guard let fresh = reload?() else {
            return "configuration reload failed: keeping the running one (the journal says why; check it with check-config)"
        }
        fresh.commands = app.commands  // with the commands running and their caps
        app = fresh
        app.storePoll.watched = databaseWatcher != nil
        app.speech.output = audio
        if scheduleClock != nil { scheduleCheckAt = session.loop.now }
        lastFrame = nil
        connectHaptics()
        session.invalidate()
        session.logger.info("configuration reloaded")
        return nil
    }

    public func handle(signal: LoopSignal) {
        switch signal {
        case .reload:
            _ = reloadConfiguration()
        case .screenshot:
            let path = "/tmp/swipe-kiosk-screenshot.png"
            do {
                try PNG.write(surface, to: path)
                session.logger.info("screenshot written to \(path)")
            } catch {
                session.logger.error("screenshot: \(error)")
            }
        case .terminate:
            app.stopCommands()
        case .vtRelease, .vtAcquire:
            break
        }
    }
}

extension KeyInput {
    /// What `key` means to the UI, nil for keys the UI ignores.
    init?(_ key: Key) {
        switch key {
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        // The keypad's keys (KPENTER too) are `[accessibility] keypad`'s: KioskApplication+Keypad.
        case .enter: self = .enter
        case .escape, .back: self = .escape
        case .backspace: self = .backspace
        case .delete: self = .delete
        default: return nil
        }
    }
}
