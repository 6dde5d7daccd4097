// The epoll, timerfd, signalfd and eventfd wrappers the event loop is built from: thin,
// namespaced, typed (swift-nio's Linux.swift is the model). Nothing here knows about the loop.
import CLinuxKernel
import Glibc

/// A point on the loop's clock, `CLOCK_BOOTTIME`, in nanoseconds. The loop's only notion of time.
public struct LoopInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since boot.
    public var nanoseconds: Int64

    /// Creates an instant from nanoseconds.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The loop's clock. Not `CLOCK_MONOTONIC`, which stops while the system is suspended: a
    /// kiosk suspended overnight must wake with its idle time run out (idle reset, blanking, the
    /// undo window's purge), not carry on where it stopped. The timerfd counts on it too.
    public static let clock = CLOCK_BOOTTIME

    /// The current time on ``clock``. The corresponding C call is `clock_gettime(CLOCK_BOOTTIME)`.
    public static func now() -> LoopInstant { reading(clock) }

    /// A kernel timestamp on `CLOCK_MONOTONIC` (libinput events, DRM page flips) on the loop's
    /// clock: moved by the time the system has spent suspended, as it stands now (events are read
    /// as they come, so one stamped before a suspend and read after it is the only one off).
    public init(monotonicNanoseconds: Int64) {
        let suspended = Self.reading(CLOCK_BOOTTIME).nanoseconds - Self.reading(CLOCK_MONOTONIC).nanoseconds
        self.init(nanoseconds: monotonicNanoseconds + max(0, suspended))
    }

    private static func reading(_ clock: clockid_t) -> LoopInstant {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return LoopInstant(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }

    /// This instant moved by `milliseconds`.
    public func adding(milliseconds: Int64) -> LoopInstant {
        LoopInstant(nanoseconds: nanoseconds + milliseconds * 1_000_000)
    }

    /// This instant moved by `nanoseconds`.
    public func advanced(byNanoseconds nanoseconds: Int64) -> LoopInstant {
        LoopInstant(nanoseconds: self.nanoseconds + nanoseconds)
    }

    /// Milliseconds since `other` (negative when `other` is later).
    public func milliseconds(since other: LoopInstant) -> Int64 { (nanoseconds - other.nanoseconds) / 1_000_000 }

    public static func < (a: LoopInstant, b: LoopInstant) -> Bool { a.nanoseconds < b.nanoseconds }
    public var description: String { "\(nanoseconds / 1_000_000)ms" }

    var timespecValue: timespec {
        timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }
}

/// `epoll(7)`: one instance watches every descriptor the loop owns.
public enum Epoll {
    /// Readiness flags. The corresponding C constants are `EPOLLIN`, `EPOLLERR`, `EPOLLHUP`.
    public struct Events: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Readable. The corresponding C constant is `EPOLLIN`.
        public static let readable = Events(rawValue: EPOLLIN.rawValue)
        /// Writable. The corresponding C constant is `EPOLLOUT`.
        public static let writable = Events(rawValue: EPOLLOUT.rawValue)
        /// Error condition. The corresponding C constant is `EPOLLERR`.
        public static let error = Events(rawValue: EPOLLERR.rawValue)
        /// Hang-up. The corresponding C constant is `EPOLLHUP`.
        public static let hangup = Events(rawValue: EPOLLHUP.rawValue)
    }

    /// Creates a close-on-exec epoll instance. The corresponding C function is `epoll_create1`.
    public static func create() throws(SystemError) -> Int32 {
        try syscall("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    /// Watches `fd` for `events`, tagging readiness reports with `token`.
    public static func add(epoll: Int32, fd: Int32, events: Events, token: UInt64) throws(SystemError) {
        var event = epoll_event()
        event.events = events.rawValue
        event.data.u64 = token
        try syscall("epoll_ctl(ADD, fd \(fd))") { epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) }
    }

    /// Watches `fd` for other `events`. The corresponding C call is `epoll_ctl(EPOLL_CTL_MOD)`.
    public static func modify(epoll: Int32, fd: Int32, events: Events, token: UInt64) throws(SystemError) {
        var event = epoll_event()
        event.events = events.rawValue
        event.data.u64 = token
        try syscall("epoll_ctl(MOD, fd \(fd))") { epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event) }
    }

    /// Stops watching `fd`. The corresponding C call is `epoll_ctl(EPOLL_CTL_DEL)`.
    public static func remove(epoll: Int32, fd: Int32) throws(SystemError) {
        var event = epoll_event()
        try syscall("epoll_ctl(DEL, fd \(fd))") { epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &event) }
    }

    /// Waits for readiness. `timeoutMilliseconds` -1 blocks, 0 polls. Returns (token, events) pairs.
    public static func wait(epoll: Int32, timeoutMilliseconds: Int32, maxEvents: Int = 32)
        throws(SystemError) -> [(token: UInt64, events: Events)]
    {
        var buffer = [epoll_event](repeating: epoll_event(), count: maxEvents)
        // `&buffer`, not a buffer pointer's optional baseAddress: glibc's aarch64 epoll_event is
        // not packed, so there the parameter imports as a non-optional pointer.
        let count = try syscall("epoll_wait") { epoll_wait(epoll, &buffer, Int32(maxEvents), timeoutMilliseconds) }
        return (0..<Int(count)).map { (buffer[$0].data.u64, Events(rawValue: buffer[$0].events)) }
    }
}

/// `timerfd_create(2)` on `CLOCK_MONOTONIC`, armed with absolute deadlines.
public enum TimerFD {
    /// A non-blocking, close-on-exec timer descriptor on the loop's clock (``LoopInstant/clock``).
    public static func create() throws(SystemError) -> Int32 {
        try syscall("timerfd_create") { timerfd_create(LoopInstant.clock, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) }
    }

    /// Arms the timer to fire once at `deadline`, or disarms it when `deadline` is nil.
    /// A deadline in the past fires at once. The corresponding C call is `timerfd_settime(TFD_TIMER_ABSTIME)`.
    public static func arm(_ fd: Int32, at deadline: LoopInstant?) throws(SystemError) {
        var spec = itimerspec()
        if let deadline {
            // An all-zero it_value disarms, so a deadline at 0 ns is nudged to 1 ns.
            spec.it_value = LoopInstant(nanoseconds: max(deadline.nanoseconds, 1)).timespecValue
        }
        try syscall("timerfd_settime") { timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil) }
    }

    /// Reads the expiration count (0 when it has not fired).
    public static func drain(_ fd: Int32) throws(SystemError) -> UInt64 {
        var count: UInt64 = 0
        switch try nonBlockingSyscall("read(timerfd)", { read(fd, &count, 8) }) {
        case .processed: return count
        case .wouldBlock: return 0
        }
    }
}

/// `eventfd(2)`: wakes the loop from another thread or from a callback.
public enum EventFD {
    /// A non-blocking, close-on-exec eventfd with counter 0.
    public static func create() throws(SystemError) -> Int32 {
        try syscall("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
    }

    /// Adds 1 to the counter, making the descriptor readable.
    public static func signal(_ fd: Int32) throws(SystemError) {
        var one: UInt64 = 1
        _ = try nonBlockingSyscall("write(eventfd)") { write(fd, &one, 8) }
    }

    /// Resets the counter; returns what it was.
    public static func drain(_ fd: Int32) throws(SystemError) -> UInt64 {
        var count: UInt64 = 0
        switch try nonBlockingSyscall("read(eventfd)", { read(fd, &count, 8) }) {
        case .processed: return count
        case .wouldBlock: return 0
        }
    }
}

/// `signalfd(2)`: signals arrive as readable data on the loop instead of as async handlers.
public enum SignalFD {
    /// Blocks `signals` for the process (so they queue) and returns a descriptor that reports them.
    public static func create(signals: [Int32]) throws(SystemError) -> Int32 {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        try syscall("sigprocmask(SIG_BLOCK)") { sigprocmask(SIG_BLOCK, &mask, nil) }
        return try syscall("signalfd") { signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }
    }

    /// Reads every pending signal number.
    public static func drain(_ fd: Int32) throws(SystemError) -> [Int32] {
        var signals: [Int32] = []
        var info = signalfd_siginfo()
        while case .processed(let size) = try nonBlockingSyscall("read(signalfd)", {
            read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
        }), size == MemoryLayout<signalfd_siginfo>.size {
            signals.append(Int32(info.ssi_signo))
        }
        return signals
    }
}
