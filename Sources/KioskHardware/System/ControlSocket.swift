// The running app's control socket (README "Control socket"): a Unix stream socket in the
// service's runtime directory, mode 0660, served from the app's one epoll loop. Hostile clients
// cannot hurt the loop: every descriptor is non-blocking, a request line is at most 4 KB, at
// most `maximumClients` are served at once (more are turned away), and a client that neither
// sends its request nor reads its reply within `clientTimeoutMilliseconds` is dropped. The app
// only sees parsed ``ControlRequest``s. Creating the socket safely is ControlSocket+Path.
import Glibc

/// The listening socket and its clients, all in one inner epoll the loop watches.
public final class ControlSocket {
    /// Clients served at once; one more is told `error busy` (best effort) and closed.
    public static let maximumClients = 16
    /// How long a client has to send its line and read its reply.
    public static let clientTimeoutMilliseconds: Int64 = 5_000

    /// The socket's path.
    public let path: String
    /// Answers a request on the loop, at once or later (a screenshot encoded off the loop) by
    /// calling the ``ControlResponder``. Set before the first client connects.
    public var onRequest: ((ControlRequest, ControlResponder) -> Void)?

    private let loop: EventLoop
    private let listenFD: Int32
    /// Watches the listening socket and the clients; the loop watches it.
    private let epollFD: Int32
    private var clients: [Int32: Client] = [:]
    /// Numbers connections, so a late answer never goes to a later client on the same descriptor.
    private var nextConnection: UInt64 = 0

    /// One connection: what it sent so far, then the reply still to write.
    private struct Client {
        let connection: UInt64
        var request: [UInt8] = []
        /// The request line is complete (nothing more is read); its reply may still be being made.
        var answered = false
        var reply: [UInt8]?
        var sent = 0
        var timeout: TimerID
    }

    /// Creates the socket at `path` (see ControlSocket+Path for the checks) and serves it on `loop`.
    public init(path: String, loop: EventLoop) throws(ControlSocketError) {
        self.path = path
        self.loop = loop
        listenFD = try Self.listen(at: path)
        do {
            epollFD = try Epoll.create()
            try Epoll.add(epoll: epollFD, fd: listenFD, events: .readable, token: UInt64(UInt32(bitPattern: listenFD)))
            try loop.register(fd: epollFD) { [unowned self] in dispatch() }
        } catch {
            closeDescriptor(listenFD)
            unlink(path)
            throw ControlSocketError(path: path, reason: .system(error))
        }
    }

    deinit {
        for fd in clients.keys { closeDescriptor(fd) }
        loop.unregister(fd: epollFD)
        closeDescriptor(epollFD)
        closeDescriptor(listenFD)
        unlink(path)
    }

    /// Clients connected now (tests).
    public var clientCount: Int { clients.count }

    /// Everything that is ready: new connections, request bytes, room for reply bytes.
    private func dispatch() {
        guard let ready = try? Epoll.wait(epoll: epollFD, timeoutMilliseconds: 0) else { return }
        for (token, events) in ready {
            let fd = Int32(truncatingIfNeeded: token)
            if fd == listenFD { acceptAll(); continue }
            guard let client = clients[fd] else { continue }
            if client.reply != nil {
                writeReply(fd)
            } else if !client.answered {
                readRequest(fd, hungUp: !events.isDisjoint(with: [.hangup, .error]))
            } else if !events.isDisjoint(with: [.hangup, .error]) {
                drop(fd)  // left while its answer is being made
            }
        }
    }

    private func acceptAll() {
        while true {
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { return }  // EAGAIN: all taken; anything else: the client is gone
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            guard clients.count < Self.maximumClients else {
                let busy = ControlReply.error("busy").bytes
                _ = Glibc.send(fd, busy, busy.count, Int32(MSG_NOSIGNAL))
                closeDescriptor(fd)
                continue
            }
            do {
                try Epoll.add(epoll: epollFD, fd: fd, events: .readable, token: UInt64(UInt32(bitPattern: fd)))
            } catch {
                closeDescriptor(fd)
                continue
            }
            let timeout = loop.schedule(afterMilliseconds: Self.clientTimeoutMilliseconds) { [unowned self] in drop(fd) }
            nextConnection += 1
            clients[fd] = Client(connection: nextConnection, timeout: timeout)
        }
    }

    /// Reads what is there; a full line (or the client's end of sending) is a request.
    private func readRequest(_ fd: Int32, hungUp: Bool) {
        var chunk = [UInt8](repeating: 0, count: 1024)
        while let client = clients[fd], !client.answered {
            let count = read(fd, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            guard count > 0 else {
                // The client shut its side: what it sent is its request; nothing at all, or an error: gone.
                if count == 0, !client.request.isEmpty { answer(fd, line: client.request) } else { drop(fd) }
                return
            }
            clients[fd]?.request += chunk[..<count]
            let request = clients[fd]!.request
            if let newline = request.firstIndex(of: UInt8(ascii: "\n")) {
                answer(fd, line: Array(request[..<newline]))
            } else if request.count >= ControlRequest.maximumLineBytes {
                reply(fd, .error("request line over \(ControlRequest.maximumLineBytes) bytes"))
            }
        }
        if hungUp, clients[fd]?.answered == false { drop(fd) }
    }

    /// Stops reading and hands the request over (an unknown one is answered here).
    private func answer(_ fd: Int32, line: [UInt8]) {
        guard let client = clients[fd] else { return }
        clients[fd]?.answered = true
        clients[fd]?.request = []
        try? Epoll.modify(epoll: epollFD, fd: fd, events: [], token: UInt64(UInt32(bitPattern: fd)))
        let text = String(decoding: line, as: UTF8.self)
        guard let request = ControlRequest(line: text) else {
            let known = ControlRequest.allCases.map(\.rawValue).joined(separator: ", ")
            return reply(fd, .error("unknown request (known: \(known))"))
        }
        guard let onRequest else { return reply(fd, .error("not ready")) }
        onRequest(request, ControlResponder { [weak self] reply in
            guard let self, clients[fd]?.connection == client.connection else { return }  // gone meanwhile
            self.reply(fd, reply)
        })
    }

    /// Writes `reply` as the client takes it, then closes.
    private func reply(_ fd: Int32, _ reply: ControlReply) {
        clients[fd]?.answered = true
        clients[fd]?.request = []
        clients[fd]?.reply = reply.bytes
        try? Epoll.modify(epoll: epollFD, fd: fd, events: .writable, token: UInt64(UInt32(bitPattern: fd)))
        writeReply(fd)
    }

    private func writeReply(_ fd: Int32) {
        guard let client = clients[fd], let bytes = client.reply else { return }
        var sent = client.sent
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
            guard count > 0 else { return drop(fd) }  // EPIPE, ECONNRESET: the client went away
            sent += count
        }
        clients[fd]?.sent = sent
        if sent == bytes.count { drop(fd) }
    }

    /// Closes a client (done, gone, or out of time).
    private func drop(_ fd: Int32) {
        guard let client = clients.removeValue(forKey: fd) else { return }
        loop.cancel(client.timeout)
        try? Epoll.remove(epoll: epollFD, fd: fd)
        closeDescriptor(fd)
    }
}

/// Answers one request, once, on the loop (later is fine: the client waits, bounded by its timeout).
public struct ControlResponder {
    private let send: (ControlReply) -> Void

    init(_ send: @escaping (ControlReply) -> Void) { self.send = send }

    public func callAsFunction(_ reply: ControlReply) { send(reply) }
}
