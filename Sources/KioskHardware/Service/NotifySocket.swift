// Why this file exists: sd_notify(3) without libsystemd. The app linked libsystemd for two
// functions, sd_notify and sd_watchdog_enabled, and with it libgcrypt, libgpg-error, liblz4,
// libzstd, liblzma and libcap: about 0.8 MB resident in every process (measured per library in
// /proc/PID/smaps at the bench's peak, BENCHMARKS.md). systemd documents the notification
// protocol as stable and reimplementable (sd_notify(3) NOTES, which give a standalone
// implementation in newer editions; its interface stability chart): one AF_UNIX datagram with
// the state text, sent to the socket `$NOTIFY_SOCKET` names. This is that, with libsystemd's
// rules for the address (252, Debian 12's): an absolute path, or a name in the abstract
// namespace when it starts with `@` (the `@` sent as a NUL byte); anything else, or a name of
// fewer than two bytes, is EINVAL; a name that leaves no room in sun_path for a NUL is
// ENAMETOOLONG (a path) or EINVAL (an abstract name). Two differences: an empty $NOTIFY_SOCKET
// is taken as unset (libsystemd says EINVAL), and the `vsock:` addresses of newer systemd are
// refused with EAFNOSUPPORT. No SCM_CREDENTIALS: libsystemd adds them only for a process whose
// real and effective ids differ (setuid), which this one never is; the kernel gives systemd
// the sender's credentials itself (its socket has SO_PASSCRED). WatchdogEnvironment is the
// other half (sd_watchdog_enabled).
import Glibc
import KioskFiles

/// The service manager's notification socket, named by `$NOTIFY_SOCKET` (sd_notify(3)).
enum NotifySocket {
    /// Sends `state` as one datagram to the socket `$NOTIFY_SOCKET` names, read at each call as
    /// libsystemd does: true when sent, false when the variable is unset or empty (not under a
    /// service manager). Errors name `operation` (and the address, when it is one no socket
    /// can have).
    static func send(_ state: String, operation: String) throws(SystemError) -> Bool {
        guard let variable = getenv("NOTIFY_SOCKET"), variable.pointee != 0 else { return false }
        // The variable's bytes as they are: a path need not be UTF-8 (String would make U+FFFD of it).
        let name = Array(UnsafeRawBufferPointer(start: variable, count: strlen(variable)))
        var (address, length) = try address(name, operation: "\(operation) to \(String(decoding: name, as: UTF8.self).shown(atMost: 200))")
        let fd = try syscall(operation) { socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0) }
        defer { closeDescriptor(fd) }
        // Up to the first NUL, as libsystemd sends its C string: systemd drops a message that holds
        // a NUL (252: "Received notify message with embedded NUL bytes"), READY=1 with it.
        let payload = Array(state.utf8.prefix { $0 != 0 })
        let sent = try syscall(operation) {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { to in
                    sendto(fd, payload, payload.count, Int32(MSG_NOSIGNAL), to, length)
                }
            }
        }
        // A datagram goes whole or not at all; libsystemd checks anyway.
        guard sent == payload.count else { throw SystemError(errno: EIO, operation: operation) }
        return true
    }

    /// The socket address of `name` and its length; the errno libsystemd gives for a name no
    /// socket can have.
    private static func address(_ name: [UInt8], operation: String) throws(SystemError) -> (sockaddr_un, socklen_t) {
        let fail = { (code: Int32) in SystemError(errno: code, operation: operation) }
        guard let first = name.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "@") else {
            let vsock = ["vsock:", "vsock-dgram:", "vsock-seqpacket:", "vsock-stream:"].contains { name.starts(with: $0.utf8) }
            throw fail(vsock ? EAFNOSUPPORT : EINVAL)
        }
        let abstract = first == UInt8(ascii: "@")
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard name.count >= 2 else { throw fail(EINVAL) }
        guard name.count < MemoryLayout.size(ofValue: address.sun_path) else { throw fail(abstract ? EINVAL : ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path.copyBytes(from: name)
            if abstract { path[0] = 0 }
        }
        // A path's length counts its NUL; an abstract name is exactly its bytes (a NUL would be
        // part of the name).
        let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        return (address, socklen_t(offset + name.count + (abstract ? 0 : 1)))
    }
}
