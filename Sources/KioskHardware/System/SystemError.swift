// Every syscall, libdrm and libinput call in KioskHardware goes through the helpers in this
// file, so EINTR is retried in one place and a failure always becomes a typed error that names
// the operation and keeps errno (docs/ARCHITECTURE.md "Rules").
// errno is read immediately after the call, with no Swift code in between that could clobber it.
import Glibc

/// A failed system call: the operation that failed and the `errno` it reported.
public struct SystemError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The `errno` value (for example `EACCES`).
    public let errno: Int32
    /// What was attempted, for example `"epoll_ctl(ADD)"` or `"drmModeSetCrtc"`.
    public let operation: String

    /// Creates an error for `operation` that failed with `errno`.
    public init(errno: Int32, operation: String) {
        self.errno = errno
        self.operation = operation
    }

    /// `operation: strerror(errno) (errno N)`.
    public var description: String {
        "\(operation): \(reason) (errno \(errno))"
    }

    /// strerror(errno), e.g. "No such file or directory".
    public var reason: String { String(cString: strerror(errno)) }

    /// True for the errnos that mean "someone else holds the device" or "not allowed".
    public var isPermissionOrBusy: Bool { errno == EACCES || errno == EPERM || errno == EBUSY }
}

/// The outcome of a non-blocking call: it either did its work or would have blocked.
public enum IOResult<Value> {
    /// The call completed with this value.
    case processed(Value)
    /// The call returned `EAGAIN`/`EWOULDBLOCK`; try again when the fd is readable.
    case wouldBlock
}

/// Runs `body` (a C call returning a negative value on failure and setting `errno`), retrying on
/// `EINTR` and throwing ``SystemError`` for any other failure.
///
/// - Parameters:
///   - operation: the name used in the error message.
///   - body: the call; its return value is returned on success.
@inline(never)
@discardableResult
func syscall<T: FixedWidthInteger>(_ operation: @autoclosure () -> String, _ body: () -> T) throws(SystemError) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = Glibc.errno
        if code == EINTR { continue }
        throw SystemError(errno: code, operation: operation())
    }
}

/// Like ``syscall(_:_:)`` but reports `EAGAIN` as ``IOResult/wouldBlock`` instead of throwing.
@inline(never)
func nonBlockingSyscall<T: FixedWidthInteger>(
    _ operation: @autoclosure () -> String, _ body: () -> T
) throws(SystemError) -> IOResult<T> {
    while true {
        let result = body()
        if result >= 0 { return .processed(result) }
        let code = Glibc.errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
        throw SystemError(errno: code, operation: operation())
    }
}

/// For libdrm calls that return `-errno` (or a negative value with `errno` set) instead of `-1`.
@inline(never)
func drmCall(_ operation: @autoclosure () -> String, _ body: () -> Int32) throws(SystemError) {
    while true {
        let result = body()
        if result >= 0 { return }
        let code = result == -1 ? Glibc.errno : -result
        if code == EINTR { continue }
        throw SystemError(errno: code, operation: operation())
    }
}

/// Closes `fd`, ignoring `EINTR`: on Linux the descriptor is released even when close is
/// interrupted, so retrying could close a descriptor another thread just opened.
func closeDescriptor(_ fd: Int32) {
    _ = Glibc.close(fd)
}
