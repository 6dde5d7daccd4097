// The picture and the event log behind `swipe-kiosk touch-test`: a crosshair grid and a dot where
// each touch or click lands, drawn with plain memory fills of the shadow buffer, a test pattern
// as modetest draws one (independent of the Canvas renderer and the UI, so it lives with the
// session it diagnoses), into a `KioskSession`, which drives the real output, input, loop,
// haptics, display power and systemd notification. One line per event on stdout lets scripts
// (the VM tests) follow it.
import KioskFiles
import SwipeCore

public final class TouchTestScene: SessionClient {
    private static let background: UInt32 = 0x0020_2020
    private static let grid: UInt32 = 0x0060_6060
    private static let palette: [UInt32] = [0x00_ff00, 0xff_0000, 0x00_80ff, 0xff_00ff, 0x00_ffff, 0xff_8000]
    private static let pointerColor: UInt32 = 0xff_ff00
    private static let dotRadius = 12

    private let session: KioskSession
    private var damage: [PixelRect] = []

    public init(session: KioskSession) {
        self.session = session
        drawGrid()
        session.onFirstFrame = { [unowned session] in
            StandardStreams.writeLine("READY \(session.shadow.size.width)x\(session.shadow.size.height) rotation=\(session.display.rotation)")
        }
    }

    /// Runs until SIGTERM/SIGINT; the session restores the console's CRTC.
    public func run() throws {
        session.client = self
        try session.run()
        StandardStreams.writeLine("EXIT restored")
    }

    // MARK: SessionClient

    public func tick(now: Instant) {}

    public var wantsFrame: Bool { !damage.isEmpty }

    public func draw(into shadow: PixelBuffer, now: Instant) -> [PixelRect] {
        defer { damage.removeAll() }
        return damage
    }

    public func nextDeadline(now: Instant) -> Instant? { nil }

    public func nextTimer(now: Instant) -> Instant? { nil }

    public var readyStatus: String {
        "touch-test on \(session.display.summary)"
    }

    public func handle(signal: LoopSignal) {
        if case .terminate(let number) = signal { StandardStreams.writeLine("SIGNAL \(number) stopping") }
    }

    public func handle(_ event: InputEvent) {
        switch event {
        case .deviceAdded(let info):
            StandardStreams.writeLine("DEVICE added name=\"\(info.name.shown(atMost: 200))\" sysname=\(info.sysname) caps=\(info.capabilities)")
        case .deviceRemoved(let info):
            StandardStreams.writeLine("DEVICE removed name=\"\(info.name.shown(atMost: 200))\" sysname=\(info.sysname)")
        case .key(let key):
            StandardStreams.writeLine("KEY \(key.pressed ? "down" : "up") code=\(key.key.code) name=\(key.key.name)")
        case .switchChanged(let change):
            StandardStreams.writeLine("SWITCH \(change.description)")
        case .frame:
            break
        case .touch(let sample):
            StandardStreams.writeLine("TOUCH \(sample)")
            if sample.phase == .began || sample.phase == .moved { drawDot(at: sample.point, slot: sample.slot) }
            if sample.phase == .began { session.haptics.fire(.action) }
        }
    }

    // MARK: Drawing (plain fills into the shadow buffer)

    private func drawGrid() {
        let shadow = session.shadow, size = shadow.size
        shadow.fill(PixelRect(size: size), color: Self.background)
        let step = 80
        for x in Swift.stride(from: step, to: size.width, by: step) {
            shadow.fill(PixelRect(x: x, y: 0, width: 1, height: size.height), color: Self.grid)
        }
        for y in Swift.stride(from: step, to: size.height, by: step) {
            shadow.fill(PixelRect(x: 0, y: y, width: size.width, height: 1), color: Self.grid)
        }
        let cx = size.width / 2, cy = size.height / 2
        shadow.fill(PixelRect(x: cx - 20, y: cy, width: 41, height: 1), color: 0xff_ffff)
        shadow.fill(PixelRect(x: cx, y: cy - 20, width: 1, height: 41), color: 0xff_ffff)
        damage.append(PixelRect(size: size))
    }

    private func drawDot(at point: Point, slot: Int) {
        let shadow = session.shadow
        let color = slot == TouchTracker.pointerSlot ? Self.pointerColor : Self.palette[slot % Self.palette.count]
        let cx = Int(point.x), cy = Int(point.y), r = Self.dotRadius
        for dy in -r...r {
            let half = Int(Double(r * r - dy * dy).squareRoot())
            shadow.fill(PixelRect(x: cx - half, y: cy + dy, width: 2 * half + 1, height: 1), color: color)
        }
        damage.append(PixelRect(x: cx - r, y: cy - r, width: 2 * r + 1, height: 2 * r + 1).clamped(to: shadow.size))
    }
}
