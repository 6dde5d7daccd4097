// The one runtime of `run`, `touch-test`, `replay`, `screenshot` and `bench` (NIO's
// Core/Posix/Embedded split): loop, input routing (the first touch after blanking only wakes the
// display; VT switches pause drawing and input), damage and present, flip-paced frames, display
// power and the systemd notify protocol. Only the display and input implementations differ:
// DRM/KMS + libinput on the device, `VirtualDisplay` + `ScriptedInput` on virtual time.
import Logging
import SwipeCore

/// What a session's owner provides: time, input handling and drawing into the shadow buffer.
public protocol SessionClient: AnyObject {
    /// Advances the client's animations (first step of each loop iteration).
    func tick(now: Instant)
    /// An input event that was not swallowed by a display wake-up.
    func handle(_ event: InputEvent)
    /// True when the client has something new to show (it is then drawn once per refresh).
    var wantsFrame: Bool { get }
    /// Draws into `shadow` and returns what changed (empty: nothing to present).
    func draw(into shadow: PixelBuffer, now: Instant) -> [PixelRect]
    /// When the client next needs a tick by itself (`now` or earlier: at the next frame).
    func nextDeadline(now: Instant) -> Instant?
    /// When the client must be ticked even though no frame is drawn (the panel is blanked or
    /// another VT is shown): its timers, not its animations. Never later than ``nextDeadline(now:)``
    /// would be without animations.
    func nextTimer(now: Instant) -> Instant?
    /// The `STATUS=` line sent with READY=1.
    var readyStatus: String { get }
    /// Every signal; after `.terminate` the session stops the loop and restores the display.
    func handle(signal: LoopSignal)
}

/// Output, input, loop, haptics, power and service notification for one client.
public final class KioskSession: EventLoopClient {
    /// A page flip still pending after this long means the display path is wedged.
    static let flipStallNanoseconds: Int64 = 3_000_000_000

    public let loop: EventLoop
    public let display: Display
    public let input: InputSource
    public let haptics: HapticEngine
    public let logger: Logger
    /// The frame the client draws into (logical size, upright, readable).
    public let shadow: PixelBuffer
    /// systemd notification; nil on virtual time.
    let service: ServiceNotifier?
    /// The VT the app runs on; nil when stdin is no VT (then VT switching is unavailable).
    let vt: VirtualTerminal?
    public weak var client: SessionClient?
    /// Called once the first frame is on screen (after READY=1).
    public var onFirstFrame: (() -> Void)?
    /// Called with each flip's completion time (latency and frame statistics).
    public var onPageFlip: ((Instant) -> Void)?
    /// Called after each drawn frame with its cost on the loop thread (tick, draw and present,
    /// in nanoseconds of real time) and what it presented (`bench`).
    public var onFrameDrawn: ((_ nanoseconds: Int64, _ damage: [PixelRect]) -> Void)?
    /// Real time at the start of the current iteration's tick: a frame's time runs from there
    /// to its present (``frameTimes``, ``onFrameDrawn``).
    private var tickStartedAt = Instant.zero
    private let shadowMemory: PixelMemory
    var power: DisplayPowerController
    private var pending: [PixelRect] = []
    var flipQueuedAt: Instant?
    /// A draw that changed nothing waits this long before the next one (one refresh period).
    private var nextDrawAt: Instant?
    private let periodNanoseconds: Int64
    private var announced = false
    /// Touch-to-flip latency (KioskSession+Latency).
    var latency = TouchLatencyMeter()
    /// Every presented frame's time on the loop, tick to present, after the first frame's flip
    /// (``frameTimeMilliseconds``).
    var frameTimes = LatencyHistogram()
    var latencyReportTimer: TimerID?
    /// DRM uevents of the card (a monitor off and on); set up by the device session.
    var hotplug: DRMHotplugMonitor?
    /// The headphone jack's switch (libinput does not report it); set up by the device session.
    var jack: HeadphoneJack?
    var resumeTimer: TimerID?
    /// The fingers on the panel, delivered or swallowed.
    var fingers = FingersOnPanel()

    /// Wires `display` and `input` to `loop`; `service` and `vt` only on the device.
    public init(loop: EventLoop, display: Display, input: InputSource, haptics: HapticEngine,
                service: ServiceNotifier?, vt: VirtualTerminal?, blankAfterSeconds: Int, logger: Logger) throws(SystemError) {
        self.loop = loop
        self.display = display
        self.input = input
        self.haptics = haptics
        self.service = service
        self.vt = vt
        self.logger = logger
        power = DisplayPowerController(idleMilliseconds: Int64(blankAfterSeconds) * 1000)
        periodNanoseconds = Int64((1e9 / display.refreshRate).rounded())
        let size = display.logicalSize
        shadowMemory = try PixelMemory(size, purpose: "the shadow buffer")
        shadow = shadowMemory.buffer
        loop.client = self
        if let fd = display.eventDescriptor { try loop.register(fd: fd) { [unowned self] in self.display.handleEvents() } }
        try loop.register(fd: input.eventDescriptor) { [unowned self] in self.input.dispatch() }
        display.onPageFlip = { [unowned self] in flipped(at: $0) }
        service?.startWatchdog(on: loop, logger: logger) { [unowned self] in
            flipQueuedAt.map { loop.now.nanoseconds - $0.nanoseconds < Self.flipStallNanoseconds } ?? true
        }
        input.onEvent = { [unowned self] in route($0) }
    }


    /// Runs until SIGTERM/SIGINT, then restores the console's CRTC and the VT's text mode.
    public func run() throws(SystemError) {
        input.dispatch()  // devices present at start are queued before the fd ever becomes readable
        jack?.reportState()
        if let vt, !vt.isForeground { waitForeground(vt) }
        invalidate()
        try loop.run()
        display.restore()
        vt?.restore()
    }

    /// Virtual time: runs until `end` (replay, screenshot, bench), drawing the first frame in full.
    public func run(until end: Instant) throws(SystemError) {
        if !announced, pending.isEmpty { invalidate() }
        try loop.run(until: end)
    }

    /// Asks for the whole screen to be presented again.
    public func invalidate() { pending.append(PixelRect(size: shadow.size)) }

    /// Draws the frame of `now` into the shadow buffer, as a render would, and returns the
    /// buffer (replay's `screenshot` and `state` capture exactly what the device would show).
    public func drawNow() -> PixelBuffer {
        let now = loop.now
        client?.tick(now: now)
        if let client { pending += client.draw(into: shadow, now: now) }
        return shadow
    }

    private func flipped(at time: Instant) {
        flipQueuedAt = nil
        flipCompleted(at: time)
        onPageFlip?(time)
        guard !announced else { return }
        announced = true
        notify { () throws(SystemError) in try service?.ready(status: client?.readyStatus ?? "running") ?? false }
        logStartUp(firstFlip: time)
        onFirstFrame?()
    }

    /// Runs one ServiceNotifier call; a failed notification is logged, never fatal.
    public func notify(_ message: () throws(SystemError) -> Bool) {
        do throws(SystemError) { _ = try message() } catch { logger.warning("service: \(error)") }
    }

    // MARK: EventLoopClient

    public func tick(now: Instant) {
        tickStartedAt = Instant.now()
        if !display.isPaused, !fingers.anyDown, power.shouldBlank(now: now) {
            display.setPower(on: false)
            logger.info("display blanked after idle time")
        }
        client?.tick(now: now)
    }

    public var needsRender: Bool {
        guard !display.isFlipPending, !display.isPaused, !display.isBlanked else { return false }
        if !pending.isEmpty { return true }
        guard client?.wantsFrame == true else { return false }
        return nextDrawAt.map { loop.now >= $0 } ?? true
    }

    public func render(now: Instant) {
        if let client { pending += client.draw(into: shadow, now: now) }
        guard !pending.isEmpty else {
            nextDrawAt = now + .nanoseconds(periodNanoseconds)
            return latency.nothingToShow()
        }
        nextDrawAt = nil
        do {
            let damage = pending
            if try display.present(from: shadow, damage: damage) {
                latency.frameQueued()
                pending.removeAll()
                flipQueuedAt = flipQueuedAt ?? now
                let frameTime = Instant.now().nanoseconds - tickStartedAt.nanoseconds
                // The first frame (fonts, the database's first read) is start-up: logged apart.
                if announced { frameTimes.record(nanoseconds: frameTime) }
                onFrameDrawn?(frameTime, damage)
            }
        } catch {
            logger.error("display: \(error)")
            loop.stop()
        }
        if display.isPaused, resumeTimer == nil { scheduleResume() }
    }

    public func nextDeadline(now: Instant) -> Instant? {
        if !display.isFlipPending, pending.isEmpty, client?.wantsFrame != true { latency.nothingToShow() }
        // A dark panel draws nothing, but the client's timers (idle reset, purge, retries) still run.
        guard !display.isBlanked, !display.isPaused else { return client?.nextTimer(now: now) }
        var wanted = client?.nextDeadline(now: now)
        // A frame is wanted: it is drawn when the pending flip completes (its event wakes the
        // loop) or, after a frame that changed nothing, one refresh period later.
        if let frame = wanted, frame <= now {
            if display.isFlipPending { wanted = nil } else if let nextDrawAt { wanted = max(frame, nextDrawAt) }
        }
        return Instant.earliest(fingers.anyDown ? nil : power.deadline, wanted)
    }

    public func handle(signal: LoopSignal) {
        switch signal {
        case .vtRelease:
            if let vt { release(vt) }
        case .vtAcquire:
            if let vt { acquire(vt) }
        case .terminate(let number):
            client?.handle(signal: signal)
            logger.info("signal \(number): stopping")
            logLatency(final: true)
            notify { () throws(SystemError) in try service?.stopping() ?? false }
            loop.stop()
        case .reload, .screenshot:
            client?.handle(signal: signal)
        }
    }
}
