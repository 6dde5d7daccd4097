// Where the control socket lives and how it is created and reached safely: the runtime directory
// systemd makes for `RuntimeDirectory=` ($RUNTIME_DIRECTORY), else $XDG_RUNTIME_DIR/swipe-kiosk,
// or `--control-socket PATH` given instead. The directory must not be world-writable; an existing path is
// only replaced when it is a socket of ours that nobody serves any more (a crashed run's), never
// followed when it is a symlink. The socket is created mode 0660 (umask at bind), so the service
// user's group (the feed) may connect and nobody else.
import Glibc

/// Why the control socket could not be created or reached.
public struct ControlSocketError: Error, CustomStringConvertible, Sendable {
    public enum Reason: Sendable {
        case noRuntimeDirectory
        case pathTooLong
        case worldWritableDirectory
        case notOurStaleSocket
        case alreadyServed
        /// The peer's answer is no reply of the protocol (cut short, or too long).
        case badReply
        case system(SystemError)
    }

    public let path: String
    public let reason: Reason

    public var description: String {
        switch reason {
        case .noRuntimeDirectory:
            return "control socket: neither $RUNTIME_DIRECTORY nor $XDG_RUNTIME_DIR is set; pass --control-socket PATH"
        case .pathTooLong: return "control socket \(path): the path is longer than a Unix socket address allows (107 bytes)"
        case .worldWritableDirectory: return "control socket \(path): its directory is world-writable; refusing to create it there"
        case .notOurStaleSocket: return "control socket \(path): something else is at that path (not a socket of this user); refusing to replace it"
        case .alreadyServed: return "control socket \(path): another swipe-kiosk is serving it"
        case .badReply: return "control socket \(path): the answer is no control reply (cut short, or over \(ControlSocket.maximumReplyBytes) bytes)"
        case .system(let error): return "control socket \(path): \(error)"
        }
    }

    /// True when no app serves the socket (missing, or nobody listening): `ctl` exits 69.
    public var meansNoApp: Bool {
        guard case .system(let error) = reason else { return false }
        return [ENOENT, ECONNREFUSED, ENOTDIR].contains(error.errno)
    }

    /// What a client tells its user (`ctl` on stderr, the feed in a command's response).
    public var clientMessage: String { meansNoApp ? "no swipe-kiosk is running (\(self))" : description }
}

extension ControlSocket {
    /// The socket's file name in the runtime directory.
    public static let fileName = "control.sock"

    /// `$RUNTIME_DIRECTORY/control.sock` (systemd's RuntimeDirectory=, the first one when it
    /// lists several), else `$XDG_RUNTIME_DIR/swipe-kiosk/control.sock` (the directory is
    /// created, mode 0700, when missing).
    public static func defaultPath() throws(ControlSocketError) -> String {
        if let runtime = getenv("RUNTIME_DIRECTORY").map({ String(cString: $0) }), !runtime.isEmpty {
            let first = runtime.split(separator: ":").first.map(String.init) ?? runtime
            return first + "/" + fileName
        }
        guard let xdg = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !xdg.isEmpty else {
            throw ControlSocketError(path: "", reason: .noRuntimeDirectory)
        }
        return xdg + "/swipe-kiosk/" + fileName
    }

    /// The installed service's socket (swipe-kiosk.service's `RuntimeDirectory=swipe-kiosk`).
    public static let servicePath = "/run/swipe-kiosk/" + fileName

    /// Where `ctl` looks without `--socket`: as `run` chooses its own under systemd
    /// ($RUNTIME_DIRECTORY), else the installed service's socket when it is there (an operator's
    /// shell has no $RUNTIME_DIRECTORY), else `run`'s $XDG_RUNTIME_DIR one.
    public static func clientPath() throws(ControlSocketError) -> String {
        if let runtime = getenv("RUNTIME_DIRECTORY"), runtime.pointee != 0 { return try defaultPath() }
        var info = stat()
        if lstat(servicePath, &info) == 0 { return servicePath }
        return try defaultPath()
    }

    /// The runtime directory for `defaultPath`'s XDG case (mkdir 0700; an existing one is kept).
    public static func makeDirectory(for path: String) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        _ = mkdir(String(path[..<slash]), 0o700)
    }

    /// Creates, binds (mode 0660) and listens at `path` after the checks above.
    static func listen(at path: String) throws(ControlSocketError) -> Int32 {
        let fail = { (error: SystemError) in ControlSocketError(path: path, reason: .system(error)) }
        var address = try address(path)
        try checkDirectory(of: path)
        try removeStale(path)
        let fd: Int32
        do throws(SystemError) { fd = try syscall("socket(AF_UNIX)") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0) } } catch { throw fail(error) }
        let previous = umask(0o117)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        let bindErrno = errno
        umask(previous)
        do throws(SystemError) {
            if bound != 0 { throw SystemError(errno: bindErrno, operation: "bind") }
            try syscall("listen") { Glibc.listen(fd, 16) }
        } catch {
            closeDescriptor(fd)
            throw fail(error)
        }
        return fd
    }

    static func address(_ path: String) throws(ControlSocketError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else { throw ControlSocketError(path: path, reason: .pathTooLong) }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return address
    }

    private static func checkDirectory(of path: String) throws(ControlSocketError) {
        let directory = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw ControlSocketError(path: path, reason: .system(SystemError(errno: errno, operation: "stat(\(directory))")))
        }
        if info.st_mode & S_IWOTH != 0 { throw ControlSocketError(path: path, reason: .worldWritableDirectory) }
    }

    /// Unlinks `path` only when it is a socket of this user that refuses connections.
    private static func removeStale(_ path: String) throws(ControlSocketError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }  // nothing there
        guard info.st_mode & S_IFMT == S_IFSOCK, info.st_uid == geteuid() else {
            throw ControlSocketError(path: path, reason: .notOurStaleSocket)
        }
        do throws(ControlSocketError) {
            closeDescriptor(try connect(to: path, timeoutSeconds: 1))
        } catch {
            guard error.meansNoApp else { throw error }
            unlink(path)
            return
        }
        throw ControlSocketError(path: path, reason: .alreadyServed)
    }
}

extension ControlSocket {
    /// This machine's host name: the name `identify` shows and `status` reports.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
