// Why an input file could not be read or an output file could not be written, as one typed
// error shared by every command: the path travels with the reason, so the configuration, touch
// scripts, recordings, fonts and the CLI's output files all say the same thing the same way.
import Glibc

/// A 1-based line and column in a text file (columns count Unicode scalars, as toml++ and
/// libyaml count them): where a diagnostic points.
public struct TextPosition: Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = TextPosition(line: 1, column: 1)
}

/// What a path is when it is not a regular file.
public enum FileKind: String, Hashable, Sendable {
    case directory = "a directory"
    case fifo = "a FIFO"
    case characterDevice = "a character device"
    case blockDevice = "a block device"
    case socket = "a socket"
    case other = "not a regular file"

    /// What the existing `path` is (following symbolic links) when it is not a regular file;
    /// nil for a regular file or when nothing is there (the caller then creates it or fails
    /// opening it with its own error).
    public static func of(path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// The kind of a `stat` mode, nil for a regular file.
    init?(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }
}

/// A file that could not be read or written, and why.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The path is the empty string (an empty option value or configuration key).
        case emptyPath
        /// A system call failed (`operation` is e.g. "open", "read", "rename").
        case system(operation: String, errno: Int32)
        /// The path is a directory, FIFO, device or socket where a regular file is needed.
        case notRegular(FileKind)
        /// The file is larger than `limit` bytes, the most its kind may have.
        case tooLarge(limit: Int)
        /// A symbolic link whose target does not exist (outputs are written through links only
        /// to existing regular files).
        case danglingLink
        /// A byte sequence that is not UTF-8, in a text file; `offset` counts bytes from the start.
        case invalidUTF8(byte: UInt8, at: TextPosition, offset: Int)
        /// A NUL byte in a text file (often a tail zero-filled by a power cut).
        case nulByte(at: TextPosition, offset: Int)
        /// A secret (a password file) that other users may read or write: its permission bits.
        case notPrivate(mode: UInt32)

        public var description: String {
            switch self {
            case .emptyPath: return "the file path is empty"
            case let .system(operation, errno): return "cannot \(operation): \(String(cString: strerror(errno)))"
            case .notRegular(.directory): return "is a directory"
            case .notRegular(.other): return "is not a regular file"
            case .notRegular(let kind): return "is \(kind.rawValue), not a regular file"
            case .tooLarge(let limit): return "is larger than \(FileError.size(limit)), the most this file may have"
            case .danglingLink: return "is a symbolic link to a file that does not exist"
            case let .invalidUTF8(byte, _, offset):
                return "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset)); the file must be UTF-8 text"
            case let .nulByte(_, offset):
                return "NUL byte at offset \(offset): the file is truncated or corrupted (text files have no NUL bytes)"
            case .notPrivate(let mode):
                return "may be read by others (mode \(String(mode, radix: 8))); chmod 600 it and give it to the user who reads it"
            }
        }

        /// Where in the text the problem is, for the text problems.
        public var position: TextPosition? {
            switch self {
            case .invalidUTF8(_, let at, _), .nulByte(let at, _): return at
            default: return nil
            }
        }
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// `path:line:column: reason` for text problems, `path: reason` otherwise (the reason alone
    /// for an empty path).
    public var description: String {
        if path.isEmpty { return "\(reason)" }
        if let at = reason.position { return "\(path):\(at.line):\(at.column): \(reason)" }
        return "\(path): \(reason)"
    }

    /// `1 MiB`, `16 MiB` or a byte count.
    static func size(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
