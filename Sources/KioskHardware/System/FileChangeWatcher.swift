// Other programs change the kiosk's items by writing its SQLite database. Polling for that every
// half second wakes an idle kiosk twice a second; inotify lets it sleep until a write happens.
// The watch is on the database's directory, filtered to the database and its -wal and -journal
// files, so writes through the WAL, a new journal and a database replaced by rename are all
// seen. Where inotify is unavailable (some network file systems, a full watch table) the caller
// falls back to polling.
// A write is not a commit: in WAL mode SQLite writes the transaction's frames (the events seen
// here) and only then publishes the commit in the -shm index, through shared memory, which makes
// no event. A reader woken by the last frame can look before the commit is visible, see nothing
// new, and then never be woken again (the feed's outbox missed the kiosk's action this way in the
// VM, where a writer may be descheduled between the two steps). So ``watch(on:_:)`` looks again
// after each burst of writes, 25 ms, 250 ms and 2.5 s after the last one: three cheap checks per
// write, none while the file is quiet.
import CLinuxKernel
import Glibc

/// An inotify watch on one file and its SQLite companions, for the epoll loop.
public final class FileChangeWatcher {
    /// Register with the loop; call ``drain()`` when readable.
    public let fd: Int32
    private let names: Set<String>
    private static let bufferSize = 4096
    private let buffer: UnsafeMutableRawPointer

    /// Watches `path`'s directory for changes to `path`, `path-wal` and `path-journal`.
    public init(path: String) throws(SystemError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        names = [base, base + "-wal", base + "-journal"]
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "inotify_init1") }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let error = SystemError(errno: errno, operation: "inotify_add_watch(\(directory))")
            close(fd)
            throw error
        }
        self.fd = fd
        buffer = .allocate(byteCount: Self.bufferSize, alignment: 8)
    }

    /// How long after the last write the file is looked at again (ms): a commit becomes visible
    /// only after its last write (see the file's comment).
    public static let recheckMilliseconds: [Int64] = [25, 250, 2500]
    private var rechecks: [TimerID] = []

    /// Registers with `loop`: `changed` runs when a write to the file is seen and again
    /// ``recheckMilliseconds`` after the last write of a burst.
    public func watch(on loop: EventLoop, _ changed: @escaping () -> Void) throws(SystemError) {
        try loop.register(fd: fd) { [weak self, unowned loop] in
            guard let self, self.drain() else { return }
            changed()
            self.rechecks.forEach(loop.cancel)
            self.rechecks = Self.recheckMilliseconds.map { loop.schedule(afterMilliseconds: $0, changed) }
        }
    }

    deinit {
        close(fd)
        buffer.deallocate()
    }

    /// Reads every queued event. Never blocks.
    /// - Returns: true when one concerns the watched file or its companions.
    public func drain() -> Bool {
        var changed = false
        while true {
            let length = read(fd, buffer, Self.bufferSize)
            guard length > 0 else { return changed }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= length {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                if event.len > 0 {
                    let name = String(cString: nameStart.assumingMemoryBound(to: CChar.self))
                    if names.contains(name) { changed = true }
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
}
