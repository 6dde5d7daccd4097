// Reading the clock the loop runs on, into SwipeCore's `Instant`: the one place that knows which
// clock that is (CLOCK_BOOTTIME) and how the kernel's CLOCK_MONOTONIC timestamps (libinput events,
// DRM page flips) are moved onto it. SwipeCore only compares and subtracts Instants; it never
// reads a clock, so this stays here, next to the timerfd that counts on the same clock.
import Glibc
import SwipeCore

extension Instant {
    /// The loop's clock. Not `CLOCK_MONOTONIC`, which stops while the system is suspended: a
    /// kiosk suspended overnight must wake with its idle time run out (idle reset, blanking, the
    /// undo window's purge), not carry on where it stopped. The timerfd counts on it too.
    public static let clock = CLOCK_BOOTTIME

    /// The current time on ``clock``. The corresponding C call is `clock_gettime(CLOCK_BOOTTIME)`.
    public static func now() -> Instant { reading(clock) }

    /// A kernel timestamp on `CLOCK_MONOTONIC` (libinput events, DRM page flips) on the loop's
    /// clock: moved by the time the system has spent suspended, as it stands now (events are read
    /// as they come, so one stamped before a suspend and read after it is the only one off).
    public init(monotonicNanoseconds: Int64) {
        // Whole milliseconds: the two reads are tens of nanoseconds apart and differ from call to
        // call, and the stamps of one libinput frame must keep their exact differences after a
        // suspend too (which lasts seconds, so the rounding loses nothing that matters).
        let suspended = max(0, Self.reading(CLOCK_BOOTTIME).nanoseconds - Self.reading(CLOCK_MONOTONIC).nanoseconds)
        self.init(nanoseconds: monotonicNanoseconds + (suspended + 500_000) / 1_000_000 * 1_000_000)
    }

    private static func reading(_ clock: clockid_t) -> Instant {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Instant(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }

    var timespecValue: timespec {
        timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }
}
