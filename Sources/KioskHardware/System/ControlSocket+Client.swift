// The client side of the control socket, for `swipe-kiosk ctl` (and any tool of ours that wants
// the running app's status or screen): connect with a timeout, send one request line, read the
// reply up to the server's close, bounded so a wrong peer cannot make it read forever: in size,
// and in time as a whole (a peer that trickles one byte every few seconds would reset a
// per-read timeout for ever and hold `ctl` or the feed's command thread).
import Glibc
import SwipeCore

extension ControlSocket {
    /// The most a reply may hold: a PNG of the largest screen, uncompressed, and then some.
    public static let maximumReplyBytes = 64 << 20

    /// Sends `request` to the app serving `path` and returns its reply; the whole exchange takes
    /// at most `timeoutSeconds` (then `ETIMEDOUT`).
    /// - Throws: ``ControlSocketError`` (``ControlSocketError/meansNoApp`` when nobody serves it).
    public static func send(_ request: ControlRequest, to path: String, timeoutSeconds: Int = 10) throws(ControlSocketError) -> ControlReply {
        let deadline = Instant.now() + .seconds(timeoutSeconds)
        let fd = try connect(to: path, timeoutSeconds: timeoutSeconds)
        defer { closeDescriptor(fd) }
        let fail = { (error: SystemError) in ControlSocketError(path: path, reason: .system(error)) }
        let line = Array(request.line.utf8)
        var sent = 0
        while sent < line.count {
            do throws(SystemError) {
                sent += try syscall("send") { line[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
            } catch {
                throw fail(error)
            }
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while received.count <= maximumReplyBytes {
            let count: Int
            do throws(SystemError) {
                try waitReadable(fd, until: deadline)
                count = try syscall("recv") { recv(fd, &chunk, chunk.count, 0) }
            } catch {
                throw fail(error)
            }
            if count == 0 { break }
            received += chunk[..<count]
        }
        guard let reply = ControlReply(bytes: received) else {
            throw ControlSocketError(path: path, reason: .badReply)
        }
        return reply
    }

    /// Waits until `fd` has something to read (or its peer closed), at most until `deadline`.
    private static func waitReadable(_ fd: Int32, until deadline: Instant) throws(SystemError) {
        while true {
            let left = (deadline.nanoseconds - Instant.now().nanoseconds) / 1_000_000
            guard left > 0 else { throw SystemError(errno: ETIMEDOUT, operation: "recv (the whole reply)") }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if try syscall("poll", { poll(&entry, 1, Int32(min(left, 60_000))) }) > 0 { return }
        }
    }

    /// Connects to the socket at `path` (a blocking descriptor whose reads and writes give up
    /// after `timeoutSeconds`), for `ctl`.
    static func connect(to path: String, timeoutSeconds: Int) throws(ControlSocketError) -> Int32 {
        var address = try address(path)
        do throws(SystemError) {
            let fd = try syscall("socket(AF_UNIX)") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
            var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            do {
                try syscall("connect") {
                    withUnsafePointer(to: &address) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
                    }
                }
            } catch {
                closeDescriptor(fd)
                throw error
            }
            return fd
        } catch {
            throw ControlSocketError(path: path, reason: .system(error))
        }
    }
}
