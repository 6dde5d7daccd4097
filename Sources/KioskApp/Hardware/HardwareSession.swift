// The hardware side of anything that owns the screen (the app's `run`, `touch-test`): DRM
// output, libinput, the epoll loop, haptics, display power (the first touch after blanking only
// wakes the screen), VT switching (leaving the app's VT stops rendering, drops DRM master and
// suspends input; coming back takes them again and redraws in full) and the systemd notify
// protocol (READY=1 after the first flip, a watchdog that only pings while frames get through,
// STOPPING=1), and display hotplug (a monitor back on gets its mode again and a full redraw).
// Clients draw into its shadow buffer.
import Glibc
import KioskHardware
import Logging

/// What a session's owner provides: time, input handling and drawing into the shadow buffer.
protocol HardwareSessionClient: AnyObject {
    /// Advances the client's animations (first step of each loop iteration).
    func tick(now: LoopInstant)
    /// An input event that was not swallowed by a display wake-up.
    func handle(_ event: InputEvent)
    /// True when the client has something new to show.
    var wantsFrame: Bool { get }
    /// Draws into `shadow` and returns what changed (empty: nothing to present).
    func draw(into shadow: PixelBuffer, now: LoopInstant) -> [DamageRect]
    /// When the client next needs a tick by itself.
    func nextDeadline(now: LoopInstant) -> LoopInstant?
    /// The `STATUS=` line sent with READY=1.
    var readyStatus: String { get }
    /// Every signal; after `.terminate` the session stops the loop and restores the display.
    func handle(signal: LoopSignal)
}

/// Output, input, loop, haptics, power and service notification for one client.
final class HardwareSession: EventLoopClient {
    /// A page flip still pending after this long means the display path is wedged.
    static let flipStallNanoseconds: Int64 = 3_000_000_000

    let loop: EventLoop
    let output: DRMOutput
    let input: InputSource
    let haptics: HapticEngine
    let service: ServiceNotifier
    let logger: Logger
    let shadow: PixelBuffer
    /// The VT the app runs on; nil when stdin is no VT (then VT switching is unavailable).
    let vt: VirtualTerminal?
    /// DRM uevents of the card (monitor off and on); nil when udev's monitor is unavailable.
    let hotplug: DRMHotplugMonitor?
    weak var client: HardwareSessionClient?
    /// Called once the first frame is on screen (after READY=1).
    var onFirstFrame: (() -> Void)?
    private let shadowMemory: UnsafeMutableRawPointer
    private var power: DisplayPowerController
    private var pending: [DamageRect] = []
    private var flipQueuedAt: LoopInstant?
    private var announced = false
    private var resumeTimer: TimerID?
    private var swallowedSlots: Set<Int> = []
    /// Touch-to-flip latency (HardwareSession+Latency).
    var latency = TouchLatencyMeter()
    var latencyReportTimer: TimerID?

    init(display: DisplayConfiguration, input backend: InputBackend, calibration: CalibrationMatrix,
         haptics: HapticConfiguration, blankAfterSeconds: Int, logger: Logger) throws {
        loop = try EventLoop()
        service = try ServiceNotifier()
        self.logger = logger
        output = try DRMOutput(configuration: display, logger: logger)
        input = try InputSource(
            backend: backend,
            screen: ScreenMapping(physicalSize: output.physicalSize, rotation: output.rotation, calibration: calibration),
            logger: logger)
        vt = VirtualTerminal.takeOver(logger: logger)
        self.haptics = HapticEngine(configuration: haptics, loop: loop, logger: logger)
        do { hotplug = try DRMHotplugMonitor(cardFD: output.card.fd) } catch {
            logger.warning("display: no hotplug events (\(error)): a monitor switched off and on stays dark")
            hotplug = nil
        }
        power = DisplayPowerController(idleMilliseconds: Int64(blankAfterSeconds) * 1000)
        let size = output.logicalSize
        shadowMemory = .allocate(byteCount: size.width * size.height * 4, alignment: 64)
        shadowMemory.initializeMemory(as: UInt8.self, repeating: 0, count: size.width * size.height * 4)
        shadow = PixelBuffer(base: shadowMemory, size: size, stride: size.width * 4)
        loop.client = self
        try loop.register(fd: output.card.fd) { [unowned self] in output.handleEvents() }
        try loop.register(fd: input.fd) { [unowned self] in input.dispatch() }
        if let hotplug {
            try loop.register(fd: hotplug.fd) { [unowned self] in
                if hotplug.receive(), output.reprobe() { invalidate() }
            }
        }
        output.onPageFlip = { [unowned self] time in
            flipCompleted(at: time)
            firstFlip(at: time)
        }
        service.startWatchdog(on: loop, logger: logger) { [unowned self] in
            flipQueuedAt.map { loop.now.nanoseconds - $0.nanoseconds < Self.flipStallNanoseconds } ?? true
        }
        input.onEvent = { [unowned self] in route($0) }
    }

    deinit { shadowMemory.deallocate() }

    /// Runs until SIGTERM/SIGINT, then restores the console's CRTC and the VT's text mode.
    func run() throws {
        input.dispatch()  // devices present at start are queued before the fd ever becomes readable
        if let vt, !vt.isForeground { waitForeground(vt) }
        pending.append(DamageRect(size: shadow.size))
        try loop.run()
        output.restore()
        vt?.restore()
    }

    /// Asks for the whole screen to be presented again.
    func invalidate() { pending.append(DamageRect(size: shadow.size)) }

    private func firstFlip(at time: LoopInstant) {
        flipQueuedAt = nil
        guard !announced else { return }
        announced = true
        notify { () throws(SystemError) in try service.ready(status: client?.readyStatus ?? "running") }
        logStartUp(firstFlip: time)
        onFirstFrame?()
    }

    /// Runs one ServiceNotifier call; a failed notification is logged, never fatal.
    func notify(_ message: () throws(SystemError) -> Bool) {
        do throws(SystemError) { _ = try message() } catch { logger.warning("service: \(error)") }
    }

    // MARK: EventLoopClient

    func tick(now: LoopInstant) {
        if !output.isPaused, power.shouldBlank(now: now) {
            output.setPower(on: false)
            logger.info("display blanked after idle time")
        }
        client?.tick(now: now)
    }

    var needsRender: Bool {
        (!pending.isEmpty || client?.wantsFrame == true) && !output.isFlipPending && !output.isPaused && !output.isBlanked
    }

    func render(now: LoopInstant) {
        if let client { pending += client.draw(into: shadow, now: now) }
        guard !pending.isEmpty else { return latency.nothingToShow() }
        do {
            if try output.present(from: shadow, damage: pending) {
                latency.frameQueued()
                pending.removeAll()
                flipQueuedAt = flipQueuedAt ?? now
            }
        } catch {
            logger.error("display: \(error)")
            loop.stop()
        }
        if output.isPaused, resumeTimer == nil { scheduleResume() }
    }

    func nextDeadline(now: LoopInstant) -> LoopInstant? {
        if !output.isFlipPending, pending.isEmpty, client?.wantsFrame != true { latency.nothingToShow() }
        guard !output.isBlanked, !output.isPaused else { return nil }
        return [power.deadline, client?.nextDeadline(now: now)].compactMap { $0 }.min()
    }

    func handle(signal: LoopSignal) {
        switch signal {
        case .vtRelease:
            if let vt { release(vt) }
        case .vtAcquire:
            if let vt { acquire(vt) }
        case .terminate(let number):
            client?.handle(signal: signal)
            logger.info("signal \(number): stopping")
            logLatency(final: true)
            notify { () throws(SystemError) in try service.stopping() }
            loop.stop()
        case .reload, .screenshot, .childExited:
            client?.handle(signal: signal)
        }
    }

    // MARK: Input

    /// The first touch or key press after blanking only wakes the display; a touch's slot is
    /// then swallowed until it lifts. Ctrl+Alt+Fn switches VTs and never reaches the client.
    private func route(_ event: InputEvent) {
        switch event {
        case .touch(let sample):
            if sample.phase != .cancel, wake(by: "a touch") {
                // A finger the client already saw go down (before the blank) ends for it here.
                if sample.phase != .down { client?.handle(.touch(TouchSample(
                    slot: sample.slot, phase: .cancel, location: sample.location, time: sample.time))) }
                if sample.phase != .up { swallowedSlots.insert(sample.slot) }
                return
            }
            if swallowedSlots.contains(sample.slot) {
                if sample.phase == .up || sample.phase == .cancel { swallowedSlots.remove(sample.slot) }
                return
            }
        case .key(let key):
            if vt?.handle(key) == true || (key.pressed && wake(by: "a key")) { return }
        case .deviceAdded, .deviceRemoved, .frame:
            break
        }
        noteDelivered(event)
        client?.handle(event)
    }

    /// Records user activity; when the display was blanked it is switched on again.
    /// - Returns: true when the event woke the display (and is not delivered).
    private func wake(by what: String) -> Bool {
        guard power.noteActivity(now: loop.now) else { return false }
        output.setPower(on: true)
        logger.info("display woken by \(what) (not delivered)")
        invalidate()
        return true
    }

    // MARK: VT switching and DRM master

    /// Another VT wants the screen: stop drawing, give up DRM master and input (touches in
    /// progress are cancelled for the client), then let the kernel switch.
    private func release(_ vt: VirtualTerminal) {
        if let resumeTimer { loop.cancel(resumeTimer) }
        resumeTimer = nil
        output.suspend(restoringConsole: false)
        flipQueuedAt = nil
        input.setSuspended(true)
        vt.acknowledgeRelease()
    }

    /// The app's VT is shown again: master, mode and input back, the panel on (this counts as
    /// activity), and every pixel presented again.
    private func acquire(_ vt: VirtualTerminal) {
        vt.acknowledgeAcquire()
        if !output.resume() {
            logger.notice("display: DRM master is held by another program; retrying every second")
            scheduleResume()
        }
        input.setSuspended(false)
        if power.noteActivity(now: loop.now) { output.setPower(on: true) }
        invalidate()
    }

    /// Started while another VT is shown: hand the display back at once and wait for the
    /// acquire signal. READY=1 now, so systemd does not time the start out meanwhile.
    private func waitForeground(_ vt: VirtualTerminal) {
        output.suspend(restoringConsole: true)
        input.setSuspended(true)
        logger.notice("vt: tty\(vt.number) is not on screen: waiting until it is shown")
        notify { () throws(SystemError) in try service.ready(status: "waiting for tty\(vt.number) to be shown") }
    }

    /// Polls for DRM master taken by another program (not by a VT switch: that is announced).
    private func scheduleResume() {
        resumeTimer = loop.schedule(afterMilliseconds: 1000) { [unowned self] in
            resumeTimer = nil
            guard output.resume() else { return scheduleResume() }
            logger.info("display: DRM master regained, redrawing")
            invalidate()
        }
    }
}
