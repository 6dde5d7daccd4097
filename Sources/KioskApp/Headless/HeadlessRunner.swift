// The headless backend (DESIGN.md "Touch script"): the app runs on a virtual 60 Hz clock with
// no devices; script events at time T are delivered before the frame at T; `screenshot` and
// `state` capture the frame at their time. No wall clock is read, so the same script always
// gives the same pixels.
import Canvas
import KioskUI
import SwipeCore
import KioskFiles

/// Drives a `KioskApplication` from a touch script into an in-memory framebuffer.
final class HeadlessRunner {
    let app: KioskApplication
    let surface: Surface
    let painter: Painter
    static let frameInterval = 1000.0 / 60

    init(app: KioskApplication, width: Int, height: Int) throws {
        self.app = app
        surface = try Surface(width: width, height: height, format: .xrgb8888)
        painter = Painter(target: surface)
    }

    /// Draws the whole frame at `timeMs`.
    func render(atMs timeMs: Double) {
        painter.reset()
        app.render(painter, time: timeMs / 1000)
    }

    /// Plays `script`; captures go under `outputDirectory`. Returns the time it ended at (ms).
    @discardableResult
    func play(_ script: TouchScript, outputDirectory: String) throws -> Double {
        let endMs = script.steps.first(where: { $0.action == .end })?.timeMs
            ?? ((script.steps.last?.timeMs ?? 0) + 500)
        var next = 0
        var frame = 0
        while true {
            let frameMs = Double(frame) * Self.frameInterval
            // Captures between two frames get a frame of their own, at their exact time.
            let stepMs = next < script.steps.count ? script.steps[next].timeMs : .infinity
            let nowMs = min(frameMs, stepMs, endMs)
            while next < script.steps.count, script.steps[next].timeMs <= nowMs {
                try perform(script.steps[next], outputDirectory: outputDirectory)
                next += 1
            }
            app.tick(time: nowMs / 1000)
            if nowMs >= endMs { return endMs }
            if nowMs == frameMs { frame += 1 }
        }
    }

    func perform(_ step: ScriptStep, outputDirectory: String) throws {
        let time = step.timeMs / 1000
        switch step.action {
        case .touch(let slot, let phase, let x, let y):
            app.handle(TouchEvent(slot: slot, phase: phase.touchPhase, point: lastPoint(slot: slot, x: x, y: y), time: time))
        case .key(let name, _):
            if let key = KeyInput(linuxName: name) { app.handle(key: key, time: time) }
        case .screenshot(let path):
            app.tick(time: time)
            render(atMs: step.timeMs)
            try write(PNG.encode(surface), to: outputDirectory + "/" + path)
        case .state(let path):
            app.tick(time: time)
            try write(Array(StateDump(app: app, timeMs: step.timeMs, width: surface.width, height: surface.height).json().utf8),
                      to: outputDirectory + "/" + path)
        case .end:
            break
        }
    }

    /// Touch-up and cancel carry no coordinates: they reuse the slot's last point.
    private var points: [Int: SwipeCore.Point] = [:]
    func lastPoint(slot: Int, x: Double, y: Double) -> SwipeCore.Point {
        if x.isFinite, y.isFinite {
            let p = SwipeCore.Point(x: x, y: y)
            points[slot] = p
            return p
        }
        return points[slot] ?? .zero
    }

    /// Writes an output file through `OutputFile` (never over a directory, FIFO or device).
    func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try OutputFile.write(bytes, to: path)
    }
}

extension ScriptTouchPhase {
    var touchPhase: TouchPhase {
        switch self {
        case .down: return .began
        case .move: return .moved
        case .up: return .ended
        case .cancel: return .cancelled
        }
    }
}

extension KeyInput {
    /// The UI key for a Linux key name (scripts and libinput use the same names).
    init?(linuxName: String) {
        switch linuxName {
        case "UP": self = .up
        case "DOWN": self = .down
        case "LEFT": self = .left
        case "RIGHT": self = .right
        case "ENTER": self = .enter
        case "ESC", "BACK": self = .escape
        case "BACKSPACE": self = .backspace
        case "DELETE": self = .delete
        default: return nil
        }
    }
}
