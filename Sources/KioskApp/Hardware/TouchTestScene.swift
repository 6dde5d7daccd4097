// The picture and the event handling behind `swipe-kiosk touch-test`. It draws with plain memory
// fills into its own shadow buffer (independent of the Canvas renderer) and drives the whole
// KioskHardware path: output, input, event loop, haptics and display power.
import Glibc
import KioskHardware
import Logging

final class TouchTestScene: EventLoopClient {
    private static let background: UInt32 = 0x0020_2020
    private static let grid: UInt32 = 0x0060_6060
    private static let palette: [UInt32] = [0x00_ff00, 0xff_0000, 0x00_80ff, 0xff_00ff, 0x00_ffff, 0xff_8000]
    private static let pointerColor: UInt32 = 0xff_ff00
    private static let dotRadius = 12

    private let loop: EventLoop
    private let output: DRMOutput
    private let input: InputSource
    private let haptics: HapticEngine
    private var power: DisplayPowerController
    private let shadowMemory: UnsafeMutableRawPointer
    private let shadow: PixelBuffer
    private var damage: [DamageRect] = []
    private var announced = false
    private var resumeTimer: TimerID?

    init(display: DisplayConfiguration, calibration: CalibrationMatrix, haptics: HapticConfiguration,
         blankAfterSeconds: Int, logger: Logger) throws {
        loop = try EventLoop()
        output = try DRMOutput(configuration: display, logger: logger)
        input = try InputSource(
            backend: .udev(seat: "seat0"),
            screen: ScreenMapping(physicalSize: output.physicalSize, rotation: output.rotation, calibration: calibration),
            logger: logger)
        self.haptics = HapticEngine(configuration: haptics, loop: loop, logger: logger)
        power = DisplayPowerController(idleMilliseconds: Int64(blankAfterSeconds) * 1000)
        let size = output.logicalSize
        shadowMemory = .allocate(byteCount: size.width * size.height * 4, alignment: 64)
        shadow = PixelBuffer(base: shadowMemory, size: size, stride: size.width * 4)
        drawGrid()
        loop.client = self
        try loop.register(fd: output.card.fd) { [unowned self] in output.handleEvents() }
        try loop.register(fd: input.fd) { [unowned self] in input.dispatch() }
        output.onPageFlip = { [unowned self] _ in
            guard !announced else { return }
            announced = true
            printLine("READY \(shadow.size.width)x\(shadow.size.height) rotation=\(output.rotation)")
        }
        input.onEvent = { [unowned self] in handle($0) }
        input.dispatch()  // devices present at start are queued before the fd ever becomes readable
    }

    deinit { shadowMemory.deallocate() }

    func run() throws {
        try loop.run()
        output.restore()
        printLine("EXIT restored")
    }

    // MARK: EventLoopClient

    func tick(now: LoopInstant) {
        if power.shouldBlank(now: now) {
            output.setPower(on: false)
            printLine("POWER off")
        }
    }

    var needsRender: Bool { !damage.isEmpty && !output.isFlipPending && !output.isPaused && !output.isBlanked }

    func render(now: LoopInstant) {
        do {
            if try output.present(from: shadow, damage: damage) { damage.removeAll() }
        } catch {
            printLine("ERROR \(error)")
            loop.stop()
        }
        if output.isPaused, resumeTimer == nil { scheduleResume() }
    }

    func nextDeadline(now: LoopInstant) -> LoopInstant? { output.isBlanked ? nil : power.deadline }

    func handle(signal: LoopSignal) {
        switch signal {
        case .terminate(let number):
            printLine("SIGNAL \(number) stopping")
            loop.stop()
        case .reload, .screenshot, .childExited:
            break
        }
    }

    // MARK: Events

    private func handle(_ event: InputEvent) {
        switch event {
        case .deviceAdded(let info):
            printLine("DEVICE added name=\"\(info.name)\" sysname=\(info.sysname) caps=\(info.capabilities)")
        case .deviceRemoved(let info):
            printLine("DEVICE removed name=\"\(info.name)\" sysname=\(info.sysname)")
        case .key(let key):
            printLine("KEY \(key.pressed ? "down" : "up") code=\(key.code) name=\(key.name)")
            _ = power.noteActivity(now: loop.now)
        case .frame:
            break
        case .touch(let sample):
            if sample.phase == .down, power.noteActivity(now: loop.now) {
                output.setPower(on: true)
                printLine("POWER on (touch swallowed)")
                swallowedSlots.insert(sample.slot)
                damage.append(DamageRect(size: shadow.size))
                return
            }
            _ = power.noteActivity(now: loop.now)
            if swallowedSlots.contains(sample.slot) {
                if sample.phase == .up || sample.phase == .cancel { swallowedSlots.remove(sample.slot) }
                return
            }
            printLine("TOUCH \(sample)")
            if sample.phase == .down || sample.phase == .move { drawDot(at: sample.location, slot: sample.slot) }
            if sample.phase == .down { haptics.fire(.action) }
        }
    }

    private var swallowedSlots: Set<Int> = []

    private func scheduleResume() {
        resumeTimer = loop.schedule(afterMilliseconds: 1000) { [unowned self] in
            resumeTimer = nil
            if output.resume() { damage.append(DamageRect(size: shadow.size)) } else { scheduleResume() }
        }
    }

    // MARK: Drawing (plain fills into the shadow buffer)

    private func drawGrid() {
        let size = shadow.size
        shadow.fill(DamageRect(size: size), color: Self.background)
        let step = 80
        for x in Swift.stride(from: step, to: size.width, by: step) {
            shadow.fill(DamageRect(x: x, y: 0, width: 1, height: size.height), color: Self.grid)
        }
        for y in Swift.stride(from: step, to: size.height, by: step) {
            shadow.fill(DamageRect(x: 0, y: y, width: size.width, height: 1), color: Self.grid)
        }
        let cx = size.width / 2, cy = size.height / 2
        shadow.fill(DamageRect(x: cx - 20, y: cy, width: 41, height: 1), color: 0xff_ffff)
        shadow.fill(DamageRect(x: cx, y: cy - 20, width: 1, height: 41), color: 0xff_ffff)
        damage.append(DamageRect(size: size))
    }

    private func drawDot(at point: Point, slot: Int) {
        let color = slot == InputSource.pointerSlot ? Self.pointerColor : Self.palette[slot % Self.palette.count]
        let cx = Int(point.x), cy = Int(point.y), r = Self.dotRadius
        for dy in -r...r {
            let half = Int(Double(r * r - dy * dy).squareRoot())
            shadow.fill(DamageRect(x: cx - half, y: cy + dy, width: 2 * half + 1, height: 1), color: color)
        }
        damage.append(DamageRect(x: cx - r, y: cy - r, width: 2 * r + 1, height: 2 * r + 1).clamped(to: shadow.size))
    }
}
