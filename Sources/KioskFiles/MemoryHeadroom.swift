// Why this exists: a block whose size comes from outside (a panel's resolution, a picture, a
// screenshot's PNG) may fit and leave the process almost no address space. The failure then only
// moves: Swift ends the process ("Fatal error: failed to allocate") at the next small
// allocation, a glyph or a string. So a large block is had only with room left beside it, and
// its caller reports a refusal as the error it already reports when the block does not fit. The
// look and the allocation are one step for all threads (the speech thread starts espeak-ng while
// the main thread makes the screen's buffers): two blocks each seeing the same room left would
// together leave none.
import Glibc

/// The room a large allocation must leave for everything else.
public enum MemoryHeadroom {
    /// Address space that must stay free beside a large block. Sweeping `ulimit -v` by 1 MB, the
    /// demo's 4096x2400 screenshot trapped only within 8 MB above where its buffers fit; 32 MB
    /// leaves room for content heavier than the demo's.
    public static let bytes = 32 << 20
    /// Blocks from this size up are checked; below it, the check would cost more than it guards.
    public static let largeBlockBytes = 1 << 20

    /// Makes a block of `count` bytes with `allocate` (nil: it could not) when the block and
    /// `bytes` more fit; nil, without calling `allocate`, when they do not. No other thread's
    /// large block is made in between.
    public static func allocate<Block>(_ count: Int, _ allocate: () throws -> Block?) rethrows -> Block? {
        // A small block neither waits for the lock (espeak-ng's start holds it a while) nor looks.
        guard count >= largeBlockBytes else { return try allocate() }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard allows(count) else { return nil }
        return try allocate()
    }

    /// One lock for every large block's look and allocation, made once and kept.
    private nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// Whether a block of `count` bytes fits now: small, or it and `bytes` more fit the address
    /// space (`allocate` looks and allocates in one step). Probed with a mapping no page of which
    /// can be touched: it counts against `ulimit -v` (RLIMIT_AS) but takes no memory, and it is
    /// unmapped at once.
    public static func allows(_ count: Int) -> Bool {
        guard count >= largeBlockBytes else { return true }
        let (total, overflow) = count.addingReportingOverflow(bytes)
        guard !overflow else { return false }
        let probe = mmap(nil, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let probe, probe != MAP_FAILED else { return false }
        munmap(probe, total)
        return true
    }
}
