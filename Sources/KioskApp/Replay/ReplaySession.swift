// `replay`, `screenshot` and `bench` run the device's runtime (KioskSession, its loop, routing,
// damage tracking and present) with a virtual display and scripted input on virtual time: an
// event at T is delivered before the frame at T; a `screenshot` or `state` at T captures the
// frame at T as the damage-tracked renderer left it. Idle time is skipped, so the length of a
// script costs nothing but the frames that change.
import Canvas
import Foundation
import KioskFiles
import KioskHardware
import KioskReplay
import KioskSpeech
import Logging
import SwipeCore
import enum SwipeCore.TouchPhase

/// The app on a virtual panel, playing a touch script.
public final class ReplaySession {
    public let app: KioskApplication
    public let session: KioskSession
    let screen: AppScreen
    let display: VirtualDisplay
    /// What speech would have played (`--audio-out`).
    let audio = VirtualAudioOutput(sampleRate: SpeechSynthesizer.sampleRate)
    /// The logical screen (what the app renders at; the state dump's `screen`).
    let width: Int
    let height: Int
    private var failure: Error?

    /// The app on a `width`×`height` screen (logical) refreshed at `refreshRate` Hz, mounted at
    /// `rotation`, receiving the touch and key steps of `steps`. Command actions start processes
    /// only with `runCommands` (`replay --run-commands`); otherwise they are logged as skipped.
    public init(app: KioskApplication, width: Int, height: Int, refreshRate: Double = 60, rotation: DisplayRotation = .none,
         steps: [ScriptStep] = [], runCommands: Bool = false) throws {
        self.app = app
        self.width = width
        self.height = height
        let logical = PixelSize(width: width, height: height)
        let physical = rotation.swapsAxes ? PixelSize(width: height, height: width) : logical
        let configuration = app.configuration
        session = try KioskSession.virtual(
            physicalSize: physical, refreshRate: refreshRate, rotation: rotation,
            calibration: configuration.input.calibrationMatrix,
            pointerAsTouch: configuration.input.pointerAsTouch, haptics: configuration.haptics.hardware,
            events: Self.inputEvents(steps), blankAfterSeconds: Int(configuration.idle.blankAfter),
            logger: Self.logger)
        display = session.display as! VirtualDisplay
        screen = try AppScreen(app: app, session: session, runsCommands: runCommands)
        session.client = screen
        screen.audio = audio
        app.speech.deterministic = true
    }

    /// Warnings and errors only: a replay's output is its captures.
    static let logger: Logger = {
        var logger = Logger(label: "swipe-kiosk.replay")
        logger.logLevel = .warning
        return logger
    }()

    /// The instant of a script time (ms from the start).
    public static func instant(ms: Double) -> Instant { Instant(nanoseconds: Int64((ms * 1_000_000).rounded())) }

    /// The script's touches and keys as timed input events.
    static func inputEvents(_ steps: [ScriptStep]) -> [ScriptedInput.Event] {
        var events: [ScriptedInput.Event] = []
        for step in steps {
            let time = instant(ms: step.timeMs)
            switch step.action {
            case .touch(let slot, let phase, let x, let y):
                switch phase {
                case .began, .moved:
                    guard x.isFinite, y.isFinite else { continue }
                    events.append(.init(time: time, kind: .touch(slot: slot, phase: phase, physical: Point(x: x, y: y))))
                case .ended, .cancelled:
                    events.append(.init(time: time, kind: .end(slot: slot, phase: phase)))
                }
            case .key(let code, let pressed):
                events.append(.init(time: time, kind: .key(code: UInt32(code), pressed: pressed)))
            case .pointer(let x, let y):
                guard x.isFinite, y.isFinite else { continue }
                events.append(.init(time: time, kind: .pointer(physical: Point(x: x, y: y))))
            case .pointerMotion(let dx, let dy):
                guard dx.isFinite, dy.isFinite else { continue }
                events.append(.init(time: time, kind: .pointerMotion(dx: dx, dy: dy)))
            case .button(let pressed):
                events.append(.init(time: time, kind: .button(pressed: pressed)))
            case .switchChanged(let kind, let on):
                events.append(.init(time: time, kind: .switchChanged(kind, on: on)))
            case .screenshot, .state, .screen, .end:
                break
            }
        }
        return events
    }

    /// Plays `script` to its end (its `end` step, or 500 ms after its last step); captures go
    /// under `outputDirectory`. Returns the end time (ms).
    @discardableResult
    public func play(_ script: TouchScript, outputDirectory: String) throws -> Double {
        let endMs = script.steps.first(where: { $0.action == .end })?.timeMs ?? ((script.steps.last?.timeMs ?? 0) + 500)
        // `[display] on_hours`: a script's time 0 is the headless store epoch, in UTC (`screenshot` shows the app, schedule or not).
        screen.followSchedule(on: .virtual(epochMilliseconds: AppOptions.headlessEpoch))
        for step in script.steps {
            switch step.action {
            case .screenshot(let path):
                capture(at: step.timeMs) { [unowned self] in try writeScreenshot(to: outputDirectory + "/" + path) }
            case .state(let path):
                capture(at: step.timeMs) { [unowned self] in try writeState(to: outputDirectory + "/" + path, timeMs: step.timeMs) }
            case .screen(let on):
                capture(at: step.timeMs) { [unowned self] in session.setScreen(on: on) }
            case .touch, .key, .pointer, .pointerMotion, .button, .switchChanged, .end:
                break
            }
        }
        try run(untilMs: endMs)
        // The replay is over as a stopped app is: what still runs is logged as stopped.
        screen.app.stopCommands()
        return endMs
    }

    /// Goes on with the touches and keys of `steps` (after those given so far).
    func enqueue(_ steps: [ScriptStep]) {
        (session.input as? ScriptedInput)?.append(Self.inputEvents(steps))
    }

    /// Runs the loop until `ms`.
    public func run(untilMs ms: Double) throws {
        try session.run(until: Self.instant(ms: ms))
        if let failure { throw failure }
    }

    /// The frame at the current time, drawn by the session as it would be presented.
    func drawNow() -> Surface {
        _ = session.drawNow()
        return screen.surface
    }

    /// What the panel shows (physical size, rotated), as last presented.
    public func scanout() throws -> Surface {
        try Surface(wrapping: display.scanout.base, width: display.physicalSize.width, height: display.physicalSize.height,
                    stride: display.scanout.stride, format: .xrgb8888)
    }

    public func writeScreenshot(to path: String) throws {
        try OutputFile.write(PNG.encode(drawNow()), to: path)
    }

    public func writeState(to path: String, timeMs: Double) throws {
        _ = session.drawNow()
        app.speech.settle()
        var dump = StateDump(app: app, timeMs: timeMs, width: width, height: height, rotation: display.rotation.degrees)
        dump.display = StateDump.DisplayStatus(
            refreshRate: display.refreshRate, frames: display.presentedFrames, blanked: display.isBlanked)
        try OutputFile.write(Array(dump.json().utf8), to: path)
    }

    /// Writes what speech would have played as a WAV file (16-bit mono PCM).
    public func writeAudio(to path: String) throws {
        app.speech.settle()
        let recording = SpeechRecording(app.speech, output: audio)
        if recording.leftOut > 0 || audio.overflowed {
            printError("swipe-kiosk: \(path): speech after \(Int(SpeechRecording.durationLimit)) s of replay "
                       + "or beyond \(VirtualAudioOutput.sampleLimit / SpeechSynthesizer.sampleRate) s of speech is left out")
        }
        try OutputFile.write(recording.wav, to: path)
    }

    /// Runs `work` at `ms`, after the input due then has been delivered (the loop's next
    /// iteration at that time); a failure stops the replay.
    private func capture(at ms: Double, _ work: @escaping () throws -> Void) {
        let loop = session.loop
        loop.schedule(at: Self.instant(ms: ms)) { [unowned self] in
            loop.execute { [unowned self] in
                do { try work() } catch {
                    failure = failure ?? error
                    loop.stop()
                }
            }
        }
    }
}
