// The single epoll loop (docs/ARCHITECTURE.md, "One frame, file by file"). Every source of work is a
// descriptor: libinput, DRM (page-flip events), a timerfd for the next deadline, a signalfd for
// TERM/INT/HUP/USR1 and the VT's release/acquire signals, an eventfd for wake-ups and a pidfd per
// child process (ChildProcess.swift: `reap`).
// Nothing here sleeps or blocks except epoll_wait itself, whose deadline is the earliest of the
// timers and the client's frame clock.
import Glibc
import SwipeCore

/// A signal the loop received through its signalfd, in the app's terms.
public enum LoopSignal: Equatable, Sendable {
    /// SIGTERM or SIGINT: restore the display and exit.
    case terminate(signal: Int32)
    /// SIGHUP: reload the configuration.
    case reload
    /// SIGUSR1: write a screenshot.
    case screenshot
    /// ``VirtualTerminal/releaseSignal``: another VT wants the screen.
    case vtRelease
    /// ``VirtualTerminal/acquireSignal``: the app's VT is shown again.
    case vtAcquire

    init?(signal: Int32) {
        switch signal {
        case SIGTERM, SIGINT: self = .terminate(signal: signal)
        case SIGHUP: self = .reload
        case SIGUSR1: self = .screenshot
        case VirtualTerminal.releaseSignal: self = .vtRelease
        case VirtualTerminal.acquireSignal: self = .vtAcquire
        default: return nil
        }
    }
}

/// What the app plugs into the loop: its frame clock, its renderer and its signal handling.
public protocol EventLoopClient: AnyObject {
    /// Advances animations to `now`. First step of every iteration.
    func tick(now: Instant)
    /// True when the scene changed and a frame should be rendered (third step).
    var needsRender: Bool { get }
    /// Renders and presents a frame (only called when ``needsRender`` is true).
    func render(now: Instant)
    /// When the client next needs to run (animation frame, idle blank), or nil to wait for events.
    func nextDeadline(now: Instant) -> Instant?
    /// A signal arrived.
    func handle(signal: LoopSignal)
}

/// One thread, one epoll: tick animations → queued work and due timers → render if dirty →
/// wait until the next deadline or descriptor.
public final class EventLoop {
    /// The app side; held weakly so the app owns the loop, not the other way round.
    public weak var client: EventLoopClient?
    private let clock: () -> Instant
    /// Set for a virtual-time loop: waiting advances this clock instead of sleeping.
    private let virtualClock: VirtualClock?
    private let epollFD: Int32
    private let timerFD: Int32
    private let wakeFD: Int32
    private let signalFD: Int32
    private var handlers: [Int32: () -> Void] = [:]
    private var timers = TimerQueue()
    private var queued: [() -> Void] = []
    private var stopped = false
    /// Children being reaped (ChildProcess.swift: `reap`); a virtual loop waits for them in real time.
    var childrenRunning = 0

    private static let timerToken = UInt64(UInt32.max) + 1
    private static let wakeToken = UInt64(UInt32.max) + 2
    private static let signalToken = UInt64(UInt32.max) + 3

    /// Creates the loop and blocks `signals` so they are delivered through its signalfd.
    /// - Parameters:
    ///   - clock: the time source; tests pass a virtual clock.
    ///   - signals: signals turned into ``LoopSignal``s.
    public init(
        clock: @escaping () -> Instant = Instant.now,
        signals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGUSR1,
                            VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal]
    ) throws(SystemError) {
        self.clock = clock
        virtualClock = nil
        epollFD = try Epoll.create()
        timerFD = try TimerFD.create()
        wakeFD = try EventFD.create()
        signalFD = try SignalFD.create(signals: signals)
        try Epoll.add(epoll: epollFD, fd: timerFD, events: .readable, token: Self.timerToken)
        try Epoll.add(epoll: epollFD, fd: wakeFD, events: .readable, token: Self.wakeToken)
        try Epoll.add(epoll: epollFD, fd: signalFD, events: .readable, token: Self.signalToken)
    }

    /// A loop on virtual time (replay, screenshot, bench; NIO's `EmbeddedEventLoop`): it never
    /// sleeps; where the real loop would wait for its next deadline, it moves `clock` there.
    /// Descriptors (an input source's eventfd) are still polled. No signals are taken over.
    /// Only while a child process it reaps runs does it wait, in real time, up to that deadline.
    public init(virtualClock: VirtualClock) throws(SystemError) {
        clock = { virtualClock.now }
        self.virtualClock = virtualClock
        epollFD = try Epoll.create()
        timerFD = try TimerFD.create()
        wakeFD = try EventFD.create()
        signalFD = try SignalFD.create(signals: [])
        try Epoll.add(epoll: epollFD, fd: wakeFD, events: .readable, token: Self.wakeToken)
    }

    deinit {
        for fd in [signalFD, wakeFD, timerFD, epollFD] { closeDescriptor(fd) }
    }

    /// The loop's current time.
    public var now: Instant { clock() }

    /// Calls `handler` whenever `fd` is readable (libinput, DRM, …). The caller keeps owning `fd`.
    public func register(fd: Int32, _ handler: @escaping () -> Void) throws(SystemError) {
        try Epoll.add(epoll: epollFD, fd: fd, events: .readable, token: UInt64(UInt32(bitPattern: fd)))
        handlers[fd] = handler
    }

    /// Stops watching `fd` (call before closing it).
    public func unregister(fd: Int32) {
        guard handlers.removeValue(forKey: fd) != nil else { return }
        try? Epoll.remove(epoll: epollFD, fd: fd)
    }

    /// Runs `work` once at `deadline` (or at the next iteration when it is already past).
    @discardableResult
    public func schedule(at deadline: Instant, _ work: @escaping () -> Void) -> TimerID {
        timers.schedule(at: deadline, work)
    }

    /// Runs `work` once, `milliseconds` from now.
    @discardableResult
    public func schedule(afterMilliseconds milliseconds: Int64, _ work: @escaping () -> Void) -> TimerID {
        schedule(at: now + .milliseconds(milliseconds), work)
    }

    /// Cancels a timer that has not run yet.
    public func cancel(_ id: TimerID) { timers.cancel(id) }

    /// Queues `work` for the "queued work" step of the next iteration.
    public func execute(_ work: @escaping () -> Void) { queued.append(work) }

    /// Makes a blocked `epoll_wait` return (safe from a signal-free second thread).
    public func wake() { try? EventFD.signal(wakeFD) }

    /// Ends ``run()`` after the current iteration.
    public func stop() {
        stopped = true
        wake()
    }

    /// Iterates until ``stop()``.
    public func run() throws(SystemError) {
        stopped = false
        while !stopped { try runOnce() }
    }

    /// Virtual time only: iterates until ``stop()`` or until nothing more is due at `end`, and
    /// leaves the clock at `end`. Idle time is skipped, not stepped through.
    public func run(until end: Instant) throws(SystemError) {
        precondition(virtualClock != nil, "run(until:) needs a virtual clock")
        stopped = false
        virtualLimit = end
        defer { virtualLimit = nil }
        while !stopped {
            try runOnce()
            if clock() >= end, nextWakeUp.map({ $0 > end }) ?? true { break }
        }
    }

    /// The latest instant a virtual wait may move to (the end of ``run(until:)``).
    private var virtualLimit: Instant?

    /// When the loop next has something to do without new input.
    private var nextWakeUp: Instant? {
        if !queued.isEmpty { return clock() }
        return Instant.earliest(timers.nextDeadline, client?.nextDeadline(now: clock()))
    }

    /// One iteration: tick → queued work and due timers → render if dirty → wait and dispatch.
    /// - Parameter block: false polls instead of waiting (tests).
    public func runOnce(block: Bool = true) throws(SystemError) {
        let start = clock()
        client?.tick(now: start)

        let work = queued
        queued.removeAll()
        for item in work { item() }
        for item in timers.popDue(now: clock()) { item() }

        if let client, client.needsRender { client.render(now: clock()) }
        if stopped { return }

        let current = clock()
        let deadline = Instant.earliest(timers.nextDeadline, client?.nextDeadline(now: current))
        let mustPoll = !block || !queued.isEmpty || (deadline.map { $0 <= current } ?? false)
        if let virtualClock {
            // While a child process runs (`replay --run-commands`), virtual time goes no faster
            // than real time: its exit is seen when it happens, not after the script has ended.
            let target = virtualLimit.map { min(deadline ?? $0, $0) }
            var wait: Int32 = 0
            if childrenRunning > 0, !mustPoll, let target {
                wait = Int32(clamping: (target.nanoseconds - current.nanoseconds + 999_999) / 1_000_000)
            }
            let started = Instant.now()
            let ready = try Epoll.wait(epoll: epollFD, timeoutMilliseconds: wait)
            for (token, _) in ready { try dispatch(token: token) }
            if ready.isEmpty, !mustPoll, let target {
                virtualClock.advance(to: target)
            } else if wait > 0, let target {
                virtualClock.advance(to: min(target, current + (Instant.now() - started)))
            }
            return
        }
        try TimerFD.arm(timerFD, at: mustPoll ? nil : deadline.map { realDeadline(for: $0, current: current) })
        let ready = try Epoll.wait(epoll: epollFD, timeoutMilliseconds: mustPoll ? 0 : -1)
        for (token, _) in ready { try dispatch(token: token) }
    }

    /// Translates a deadline of the (possibly virtual) loop clock to the timerfd's clock.
    private func realDeadline(for deadline: Instant, current: Instant) -> Instant {
        Instant.now() + (deadline - current)
    }

    private func dispatch(token: UInt64) throws(SystemError) {
        switch token {
        case Self.timerToken: _ = try TimerFD.drain(timerFD)
        case Self.wakeToken: _ = try EventFD.drain(wakeFD)
        case Self.signalToken:
            for number in try SignalFD.drain(signalFD) {
                guard let signal = LoopSignal(signal: number) else { continue }
                client?.handle(signal: signal)
            }
        default:
            handlers[Int32(truncatingIfNeeded: token)]?()
        }
    }
}
