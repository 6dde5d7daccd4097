// The CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`), which the benches report beside
// wall time: on a machine shared with other processes it tells the UI loop's own work from the
// time the others took its core. Reading a clock is a system call (through the vDSO): it is here.
import Glibc

/// The calling thread's CPU clock.
public enum ThreadCPUClock {
    /// Nanoseconds of CPU time the calling thread has used so far.
    public static func nanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
