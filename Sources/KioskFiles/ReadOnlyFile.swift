// A regular file held open for reading at offsets, for a reader that needs parts of a file for
// as long as it lives (FreeType reads a font's glyphs when they are first drawn). Holding the
// descriptor, not the path, keeps the very file that was checked: a font renamed over or
// deleted while the app runs is still read whole. Reading with pread, not mapping, turns a
// file truncated in place into a short read the reader reports, where a mapping would take
// SIGBUS; and only the parts read take memory (issue 26: the shipped fonts were 2 MB of heap).
import Glibc

/// An open regular file of at most a given size, read at offsets.
public final class ReadOnlyFile: @unchecked Sendable {
    /// The path it was opened at (for messages; the file may have moved since).
    public let path: String
    /// Its size when opened.
    public let size: Int
    private let descriptor: Int32

    /// Opens the regular file at `path` if it has at most `limit` bytes. The same checks as
    /// `InputFile.bytes`: never a FIFO, a device or a directory; a FIFO cannot block the open.
    /// - Throws: `FileError` naming the path: `.system` (errno), `.notRegular`, `.tooLarge`, `.notPrivate`.
    public init(_ path: String, limit: Int, privateToOwner: Bool = false) throws(FileError) {
        func fail(_ reason: FileError.Reason) -> FileError { FileError(path: path, reason: reason) }
        guard !path.isEmpty else { throw fail(.emptyPath) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw fail(.system(operation: "open", errno: errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw fail(.system(operation: "stat", errno: code))
        }
        var problem: FileError.Reason?
        if let kind = FileKind(mode: info.st_mode) {
            problem = .notRegular(kind)
        } else if privateToOwner && info.st_mode & 0o077 != 0 {
            problem = .notPrivate(mode: UInt32(info.st_mode & 0o777))
        } else if Int(info.st_size) > limit {
            problem = .tooLarge(limit: limit)
        }
        if let problem {
            close(fd)
            throw fail(problem)
        }
        self.path = path
        size = Int(info.st_size)
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Reads up to `buffer.count` bytes at `offset`; fewer only at the end of the file (also when
    /// it was truncated since it was opened).
    /// - Throws: `FileError` with `.system("read", errno)`.
    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        guard offset >= 0, offset <= Int(Int64.max) - buffer.count else {
            throw FileError(path: path, reason: .system(operation: "read", errno: EINVAL))
        }
        var count = 0
        while count < buffer.count {
            let n = pread(descriptor, buffer.baseAddress! + count, buffer.count - count, off_t(offset + count))
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: .system(operation: "read", errno: errno))
            }
            if n == 0 { break }
            count += n
        }
        return count
    }
}
