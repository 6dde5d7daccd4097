// Other programs change the kiosk's items by writing its SQLite database. Polling for that every
// half second wakes an idle kiosk twice a second; inotify lets it sleep until a write happens.
// The watch is on the database's directory, filtered to the database and its -wal and -journal
// files, so writes through the WAL, a new journal and a database replaced by rename are all
// seen. Where inotify is unavailable (some network file systems, a full watch table) the caller
// falls back to polling.
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
