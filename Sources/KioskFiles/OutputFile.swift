// Writing an output file (screenshots, state dumps) without ever replacing something that is
// not a regular file: a symbolic link is followed and its target replaced, a new path is
// created, and a directory, FIFO, device node or socket is refused (as root, renaming a PNG over
// /dev/full once turned the device into a file). The bytes go to a temporary file beside the
// target and are renamed over it, so a reader sees the old file or the new one, never half.
import Glibc

/// Safe replacement of regular files.
public enum OutputFile {
    /// Writes `bytes` to `path`, creating missing parent directories.
    /// - Throws: `FileError`: `.notRegular` (a directory, FIFO, device or socket), `.danglingLink`,
    ///   or `.system` with the failing operation and errno.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        guard !path.isEmpty else { throw FileError(path: path, reason: .emptyPath) }
        // Refused before any parent directory is made: a path ending in "/", "." or ".." names a directory,
        // and one the kernel cannot take would leave the directories made for it behind.
        let last = path.split(separator: "/").last
        if path.hasSuffix("/") || last == "." || last == ".." { throw FileError(path: path, reason: .notRegular(.directory)) }
        guard path.utf8.count < Int(PATH_MAX) else {
            throw FileError(path: path, reason: .system(operation: "create", errno: ENAMETOOLONG))
        }
        let target = try resolve(path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists, let kind = FileKind(mode: info.st_mode) { throw FileError(path: path, reason: .notRegular(kind)) }
        let directory = parent(of: target)
        try makeDirectories(directory, for: path)
        // Beside the target, so the rename is atomic; a name near NAME_MAX (255 bytes) leaves no
        // room for the prefix and suffix, so such a target gets a fixed temporary name.
        let name = target.split(separator: "/").last.map(String.init) ?? "out"
        let temporary = "\(directory)/.\(name.utf8.count > 200 ? "swipe-kiosk" : name).\(getpid()).tmp"
        func fail(_ operation: String) -> FileError {
            let error = FileError(path: path, reason: .system(operation: operation, errno: errno))
            unlink(temporary)
            return error
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, exists ? info.st_mode & 0o7777 : 0o666)
        guard fd >= 0 else { throw FileError(path: path, reason: .system(operation: "create \(temporary)", errno: errno)) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let error = fail("write")
                close(fd)
                throw error
            }
            written += n
        }
        if exists { fchmod(fd, info.st_mode & 0o7777) }
        guard close(fd) == 0 else { throw fail("write") }
        guard rename(temporary, target) == 0 else { throw fail("rename") }
    }

    /// The path with every symbolic link of its last component followed (at most 40, as the kernel).
    static func resolve(_ path: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw FileError(path: path, reason: .system(operation: "readlink", errno: errno)) }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : parent(of: current) + "/" + link
            if stat(current, &info) != 0, errno == ENOENT { throw FileError(path: path, reason: .danglingLink) }
        }
        throw FileError(path: path, reason: .system(operation: "follow the symbolic links", errno: ELOOP))
    }

    /// The directory part of `path` ("." for a bare name, "/" for a root entry).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `mkdir -p directory`; errors name `path`, the file being written.
    static func makeDirectories(_ directory: String, for path: String) throws(FileError) {
        var info = stat()
        if stat(directory, &info) == 0 { return }
        let above = parent(of: directory)
        if above != directory { try makeDirectories(above, for: path) }
        guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
            throw FileError(path: path, reason: .system(operation: "create the directory \(directory)", errno: errno))
        }
    }
}
