// ServiceNotifier against a real AF_UNIX datagram socket standing in for systemd's
// $NOTIFY_SOCKET, at a path and in the abstract namespace: the exact READY=1/STATUS=/STOPPING=1/
// WATCHDOG=1 datagrams, silence outside systemd, libsystemd's errors for the addresses no socket
// can have (relative, too long for sun_path, vsock), WATCHDOG_USEC/WATCHDOG_PID parsing with
// hostile values, and watchdog pings that exist only while the event loop iterates (virtual
// clock, no timed assertions) and while the app reports healthy.
import Foundation
import Glibc
import Logging
import SwipeCore
import XCTest
@testable import KioskHardware

/// A bound, non-blocking datagram socket that plays the service manager, at `name` as
/// $NOTIFY_SOCKET spells it: a path (relative ones too, which the notifier must refuse), or `@`
/// and a name in the abstract namespace. A name may fill sun_path without a NUL: the kernel
/// takes that, so a notifier that forgot the NUL's room would reach it.
private final class FakeServiceManager {
    let name: String
    private let fd: Int32
    /// The file to remove at the end (nil: abstract, nothing on disk), and its bytes.
    private let file: String?
    private let fileBytes: [UInt8]?

    convenience init(name: String = "/tmp/swipe-kiosk-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock") throws {
        try self.init(bytes: Array(name.utf8))
    }

    /// A socket named by `bytes`, which need not be UTF-8.
    init(bytes: [UInt8]) throws {
        let name = String(decoding: bytes, as: UTF8.self)
        self.name = name
        let abstract = name.hasPrefix("@")
        file = abstract ? nil : name.hasPrefix("/") ? name : FileManager.default.currentDirectoryPath + "/" + name
        fileBytes = abstract ? nil : bytes
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "socket(AF_UNIX)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            if abstract { raw[0] = 0 }
        }
        let length = abstract ? MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count : MemoryLayout<sockaddr_un>.size
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
        }
        guard bound == 0 else { throw SystemError(errno: errno, operation: "bind(\(name))") }
    }

    deinit {
        close(fd)
        if let bytes = fileBytes, bytes.first == UInt8(ascii: "/") {
            _ = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { unlink($0.baseAddress!) }
        } else if let file {
            unlink(file)
        }
    }

    /// Every datagram received so far, oldest first.
    func messages() -> [String] {
        var received: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count >= 0 else { return received }
            received.append(String(decoding: buffer[..<count], as: UTF8.self))
        }
    }
}

final class ServiceNotifierTests: XCTestCase {
    private var manager: FakeServiceManager!
    private var now = Instant(nanoseconds: 0)
    private let logger = Logger(label: "test")

    override func setUpWithError() throws {
        manager = try FakeServiceManager()
        setenv("NOTIFY_SOCKET", manager.name, 1)
    }

    override func tearDown() {
        for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] { unsetenv(name) }
        manager = nil
    }

    private func enableWatchdog(microseconds: Int, pid: pid_t = getpid()) {
        setenv("WATCHDOG_USEC", String(microseconds), 1)
        setenv("WATCHDOG_PID", String(pid), 1)
    }

    func testLifecycleMessagesReachTheSocket() throws {
        let notifier = try ServiceNotifier()
        XCTAssertTrue(try notifier.ready(status: "card0 Virtual-1 1024x768@60\n42 items"))
        XCTAssertTrue(try notifier.status("42 items"))
        XCTAssertTrue(try notifier.watchdogPing())
        XCTAssertTrue(try notifier.stopping())
        XCTAssertEqual(manager.messages(), [
            "READY=1\nSTATUS=card0 Virtual-1 1024x768@60 42 items",
            "STATUS=42 items",
            "WATCHDOG=1",
            "STOPPING=1\nSTATUS=Stopping",
        ])
    }

    func testAStatusWithANulStillReportsReadyAndKeepsTheText() throws {
        // systemd drops a datagram that holds a NUL: READY=1 must not go with a broker's odd text.
        XCTAssertTrue(try ServiceNotifier().ready(status: "feed \u{0}broker"))
        XCTAssertEqual(manager.messages(), ["READY=1\nSTATUS=feed  broker"])
        // What reaches the socket ends at a NUL, as libsystemd's C string did.
        XCTAssertTrue(try NotifySocket.send("WATCHDOG=1\u{0}STATUS=x", operation: "test"))
        XCTAssertEqual(manager.messages(), ["WATCHDOG=1"])
    }

    func testASocketPathThatIsNotUTF8IsReachedByItsBytes() throws {
        let bytes = Array("/tmp/swipe-kiosk-notify-\(getpid())-".utf8) + [0xFF, 0xFE] + Array(".sock".utf8)
        let other = try FakeServiceManager(bytes: bytes)
        _ = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { setenv("NOTIFY_SOCKET", $0.baseAddress!, 1) }
        XCTAssertTrue(try ServiceNotifier().status("bytes"))
        XCTAssertEqual(other.messages(), ["STATUS=bytes"])
    }

    func testSilentWithoutNotifySocket() throws {
        unsetenv("NOTIFY_SOCKET")
        let notifier = try ServiceNotifier()
        XCTAssertFalse(try notifier.ready(status: "x"))
        XCTAssertFalse(try notifier.watchdogPing())
        XCTAssertFalse(try notifier.stopping())
        XCTAssertNil(notifier.watchdogInterval)
        XCTAssertEqual(manager.messages(), [])
    }

    func testUnreachableSocketIsATypedError() throws {
        setenv("NOTIFY_SOCKET", "/nonexistent/notify.sock", 1)
        XCTAssertThrowsError(try ServiceNotifier().status("x")) { error in
            let error = error as! SystemError
            XCTAssertEqual(error.errno, ENOENT)
            XCTAssertEqual(error.operation, "sd_notify(STATUS)")
        }
    }

    func testAnAbstractSocketGetsTheSameMessages() throws {
        let abstract = try FakeServiceManager(name: "@swipe-kiosk-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        setenv("NOTIFY_SOCKET", abstract.name, 1)
        let notifier = try ServiceNotifier()
        XCTAssertTrue(try notifier.ready(status: "42 items"))
        XCTAssertTrue(try notifier.watchdogPing())
        XCTAssertEqual(abstract.messages(), ["READY=1\nSTATUS=42 items", "WATCHDOG=1"])
        XCTAssertEqual(manager.messages(), [])
    }

    func testAnEmptyNotifySocketIsNoServiceManagerEither() throws {
        setenv("NOTIFY_SOCKET", "", 1)
        let notifier = try ServiceNotifier()
        XCTAssertFalse(try notifier.ready(status: "x"))
        XCTAssertFalse(try notifier.stopping())
        XCTAssertEqual(manager.messages(), [])
    }

    /// `status` fails with `code`, naming the address, and nothing reaches `listener`.
    private func assertRefused(
        _ name: String, _ code: Int32, listener: FakeServiceManager? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        setenv("NOTIFY_SOCKET", name, 1)
        XCTAssertThrowsError(try ServiceNotifier().status("x"), name, file: file, line: line) { error in
            XCTAssertEqual((error as? SystemError)?.errno, code, "\(name): \(error)", file: file, line: line)
            XCTAssertEqual((error as? SystemError)?.operation.hasPrefix("sd_notify(STATUS) to \(name.prefix(60))"), true,
                           "\(error)", file: file, line: line)
        }
        XCTAssertEqual(listener?.messages() ?? [], [], "\(name) was reached", file: file, line: line)
    }

    func testARelativePathIsRefusedEvenWithASocketThere() throws {
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertEqual(chdir(NSTemporaryDirectory()), 0)
        defer { chdir(previous) }
        let relative = try FakeServiceManager(name: "swipe-kiosk-notify-\(getpid()).sock")
        assertRefused(relative.name, EINVAL, listener: relative)
        for name in ["/", "@", "./\(relative.name)", "~/notify.sock"] { assertRefused(name, EINVAL) }
    }

    func testVsockAddressesAreRefusedAsUnsupported() {
        for name in ["vsock:2:1234", "vsock-stream:2:1234", "vsock-dgram:2:1234", "vsock-seqpacket:2:1234"] {
            assertRefused(name, EAFNOSUPPORT)
        }
        assertRefused("vsockets", EINVAL)
    }

    /// sun_path has 108 bytes: a name may use 107, leaving room for the NUL libsystemd insists
    /// on (the kernel would take all 108). A path one byte longer is ENAMETOOLONG, an abstract
    /// name EINVAL.
    func testANameFitsSunPathWithRoomForItsNul() throws {
        let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)
        /// `start` padded to `length` bytes.
        func name(_ start: String, _ length: Int) -> String { start + String(repeating: "x", count: length - start.utf8.count) }
        let path = { name("/tmp/swipe-kiosk-notify-\(getpid())-", $0) }
        let abstract = { name("@swipe-kiosk-notify-\(getpid())-", $0) }
        for name in [path(capacity - 1), abstract(capacity - 1)] {
            let fits = try FakeServiceManager(name: name)
            setenv("NOTIFY_SOCKET", name, 1)
            XCTAssertTrue(try ServiceNotifier().status("fits"), name)
            XCTAssertEqual(fits.messages(), ["STATUS=fits"], name)
        }
        let longPath = try FakeServiceManager(name: path(capacity))
        assertRefused(longPath.name, ENAMETOOLONG, listener: longPath)
        let longName = try FakeServiceManager(name: abstract(capacity))
        assertRefused(longName.name, EINVAL, listener: longName)
        assertRefused(path(capacity + 100), ENAMETOOLONG)
    }

    func testWatchdogIntervalIsHalfOfWatchdogUsecForThisProcessOnly() throws {
        enableWatchdog(microseconds: 10_000_000)
        XCTAssertEqual(try ServiceNotifier().watchdogTimeout, .seconds(10))
        XCTAssertEqual(try ServiceNotifier().watchdogInterval, .seconds(5))
        enableWatchdog(microseconds: 10_000_000, pid: getppid())
        XCTAssertNil(try ServiceNotifier().watchdogInterval, "the watchdog belongs to another process")
        unsetenv("WATCHDOG_USEC")
        XCTAssertNil(try ServiceNotifier().watchdogInterval)
        setenv("WATCHDOG_USEC", "soon", 1)
        XCTAssertThrowsError(try ServiceNotifier()) { error in
            XCTAssertEqual((error as! SystemError).errno, EINVAL)
        }
    }

    /// The errno `ServiceNotifier()` throws for the environment as it is, naming `variable`.
    private func watchdogError(_ variable: String, file: StaticString = #filePath, line: UInt = #line) -> Int32? {
        do throws(SystemError) {
            let notifier = try ServiceNotifier()
            XCTFail("accepted, timeout \(String(describing: notifier.watchdogTimeout))", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.operation, "sd_watchdog_enabled(\(variable))", file: file, line: line)
            return error.errno
        }
    }

    func testWatchdogUsecMustBeADecimalAboveZeroAndFinite() throws {
        let hostile: [(String, Int32)] = [
            ("", EINVAL), ("0", EINVAL), ("-1", EINVAL), ("+5", EINVAL), (" 5", EINVAL), ("5 ", EINVAL), ("1e6", EINVAL),
            ("0x10", EINVAL), ("\u{663}", EINVAL), ("5\u{301}", EINVAL), ("18446744073709551615", EINVAL),
            ("18446744073709551616", ERANGE), ("99999999999999999999999", ERANGE), ("99999999999999999999999x", EINVAL),
        ]
        for (value, code) in hostile {
            setenv("WATCHDOG_USEC", value, 1)
            XCTAssertEqual(watchdogError("WATCHDOG_USEC"), code, "WATCHDOG_USEC=\(value)")
        }
        setenv("WATCHDOG_USEC", "1", 1)
        XCTAssertEqual(try ServiceNotifier().watchdogTimeout, .microseconds(1))
        setenv("WATCHDOG_USEC", "18446744073709551614", 1)
        XCTAssertEqual(try ServiceNotifier().watchdogTimeout, .microseconds(Int64.max), "clamped")
    }

    func testWatchdogPidMustBeAPidAndOnlyOursEnablesIt() throws {
        setenv("WATCHDOG_USEC", "10000000", 1)
        let hostile: [(String, Int32)] = [
            ("", EINVAL), ("abc", EINVAL), ("-1", EINVAL), (" \(getpid())", EINVAL), ("\(getpid()) ", EINVAL),
            ("0", ERANGE), ("2147483648", ERANGE), ("99999999999999999999999", ERANGE),
        ]
        for (value, code) in hostile {
            setenv("WATCHDOG_PID", value, 1)
            XCTAssertEqual(watchdogError("WATCHDOG_PID"), code, "WATCHDOG_PID=\(value)")
        }
        for other in [1, getppid(), pid_t.max] {
            setenv("WATCHDOG_PID", String(other), 1)
            XCTAssertNil(try ServiceNotifier().watchdogTimeout, "WATCHDOG_PID=\(other) is another process's watchdog")
        }
        setenv("WATCHDOG_PID", String(getpid()), 1)
        XCTAssertEqual(try ServiceNotifier().watchdogTimeout, .seconds(10))
        unsetenv("WATCHDOG_PID")
        XCTAssertEqual(try ServiceNotifier().watchdogTimeout, .seconds(10), "no WATCHDOG_PID: the watchdog is ours")
        unsetenv("WATCHDOG_USEC")
        setenv("WATCHDOG_PID", "abc", 1)
        XCTAssertNil(try ServiceNotifier().watchdogTimeout, "without WATCHDOG_USEC, WATCHDOG_PID is not read")
    }

    func testWatchdogPingsOnlyWhileTheLoopIterates() throws {
        enableWatchdog(microseconds: 200_000)  // ping every 100 ms of loop time
        let loop = try EventLoop(clock: { [unowned self] in now }, signals: [])
        XCTAssertTrue(try ServiceNotifier().startWatchdog(on: loop, logger: logger))

        try loop.runOnce(block: false)
        XCTAssertEqual(manager.messages(), [], "nothing before the first interval")
        now = Instant(nanoseconds: 100_000_000)
        try loop.runOnce(block: false)
        XCTAssertEqual(manager.messages(), ["WATCHDOG=1"])

        now = Instant(nanoseconds: 900_000_000)  // time passes, the loop does not iterate
        XCTAssertEqual(manager.messages(), [], "a stopped loop must miss its pings")
        try loop.runOnce(block: false)
        XCTAssertEqual(manager.messages(), ["WATCHDOG=1"], "one ping when it resumes, not a burst")
    }

    func testUnhealthyLoopSkipsPings() throws {
        enableWatchdog(microseconds: 200_000)
        let loop = try EventLoop(clock: { [unowned self] in now }, signals: [])
        var healthy = false
        try ServiceNotifier().startWatchdog(on: loop, logger: logger) { healthy }
        now = Instant(nanoseconds: 100_000_000)
        try loop.runOnce(block: false)
        XCTAssertEqual(manager.messages(), [])
        healthy = true
        now = Instant(nanoseconds: 200_000_000)
        try loop.runOnce(block: false)
        XCTAssertEqual(manager.messages(), ["WATCHDOG=1"])
    }

    func testNoWatchdogSchedulesNothing() throws {
        let loop = try EventLoop(clock: { [unowned self] in now }, signals: [])
        XCTAssertFalse(try ServiceNotifier().startWatchdog(on: loop, logger: logger))
        now = Instant(nanoseconds: 10_000_000_000)
        try loop.runOnce(block: false)
        XCTAssertEqual(manager.messages(), [])
    }

    func testJournalPrioritiesFollowSyslog() {
        XCTAssertEqual(JournalLogHandler.priority(of: .error), 3)
        XCTAssertEqual(JournalLogHandler.priority(of: .warning), 4)
        XCTAssertEqual(JournalLogHandler.priority(of: .info), 6)
        unsetenv("JOURNAL_STREAM")
        XCTAssertFalse(JournalLogHandler.stderrIsJournal())
        XCTAssertTrue((JournalLogHandler.bootstrap(label: "x") as? ControlEscapingLogHandler)?.inner is StreamLogHandler)
    }
}
