// Reading an input file (configuration, touch script, libinput recording, font) the one safe
// way: only a regular file (never a FIFO that blocks, /dev/zero that never ends or a device),
// never more than a size cap chosen by the caller, and for text the exact place of the first
// byte that is not UTF-8 or is NUL. Opening is non-blocking, so a FIFO without a writer cannot
// hang the open either.
import Glibc

/// Bounded reads of regular files.
public enum InputFile {
    /// The bytes of the regular file at `path`, at most `limit` of them. `privateToOwner` (a
    /// secret such as a password file) also refuses a file its group or others may access,
    /// checked on the file opened, so a file swapped in between cannot slip through.
    /// - Throws: `FileError` naming the path: `.system` (errno), `.notRegular`, `.tooLarge`, `.notPrivate`.
    public static func bytes(_ path: String, limit: Int, privateToOwner: Bool = false) throws(FileError) -> [UInt8] {
        let file = try ReadOnlyFile(path, limit: limit, privateToOwner: privateToOwner)
        let tooLarge = FileError(path: path, reason: .tooLarge(limit: limit))
        // One byte more than the limit is read, so a file that grew since it was opened is still caught.
        // Swift's arrays end the process when memory runs out: a large file is read only into room
        // that leaves the rest of the app its own (MemoryHeadroom).
        let outOfMemory = FileError(path: path, reason: .system(operation: "read it into memory", errno: ENOMEM))
        guard var bytes = MemoryHeadroom.allocate(file.size + 1, { [UInt8](repeating: 0, count: file.size + 1) }) else {
            throw outOfMemory
        }
        var count = 0
        while true {
            if count == bytes.count {
                let more = min(bytes.count, limit + 1 - count)
                guard let grown = MemoryHeadroom.allocate(bytes.count + more, { bytes + [UInt8](repeating: 0, count: more) }) else {
                    throw outOfMemory
                }
                bytes = grown
            }
            guard count < bytes.count else { throw tooLarge }
            var failure: FileError?
            let n = bytes.withUnsafeMutableBytes { all in
                do throws(FileError) {
                    return try file.read(at: count, into: UnsafeMutableRawBufferPointer(rebasing: all[count...]))
                } catch {
                    failure = error
                    return 0
                }
            }
            if let failure { throw failure }
            if n == 0 { break }
            count += n
            if count > limit { throw tooLarge }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The regular file at `path` as UTF-8 text without NUL bytes, at most `limit` bytes.
    /// - Throws: `FileError`, with `.invalidUTF8` or `.nulByte` and the position of the first bad byte.
    public static func text(_ path: String, limit: Int, privateToOwner: Bool = false) throws(FileError) -> String {
        let bytes = try bytes(path, limit: limit, privateToOwner: privateToOwner)
        if let problem = firstTextProblem(in: bytes) { throw FileError(path: path, reason: problem) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first invalid UTF-8 sequence or NUL byte in `bytes`, with its line and column.
    public static func firstTextProblem(in bytes: [UInt8]) -> FileError.Reason? {
        var line = 1, column = 1, offset = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            let start = offset
            let position = TextPosition(line: line, column: column)
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\0" { return .nulByte(at: position, offset: start) }
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return nil
            case .error:
                return .invalidUTF8(byte: bytes[start], at: position, offset: start)
            }
        }
    }
}
