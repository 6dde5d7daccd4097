// The epoll, timerfd, signalfd and eventfd wrappers the event loop is built from: thin,
// namespaced, typed (swift-nio's Linux.swift is the model). Nothing here knows about the loop.
import CLinuxKernel
import Glibc
import SwipeCore

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
    /// A non-blocking, close-on-exec timer descriptor on the loop's clock (``SwipeCore/Instant/clock``).
    public static func create() throws(SystemError) -> Int32 {
        try syscall("timerfd_create") { timerfd_create(Instant.clock, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) }
    }

    /// Arms the timer to fire once at `deadline`, or disarms it when `deadline` is nil.
    /// A deadline in the past fires at once. The corresponding C call is `timerfd_settime(TFD_TIMER_ABSTIME)`.
    public static func arm(_ fd: Int32, at deadline: Instant?) throws(SystemError) {
        var spec = itimerspec()
        if let deadline {
            // An all-zero it_value disarms, so a deadline at 0 ns is nudged to 1 ns.
            spec.it_value = Instant(nanoseconds: max(deadline.nanoseconds, 1)).timespecValue
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
