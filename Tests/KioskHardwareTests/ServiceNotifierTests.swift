// ServiceNotifier against a real AF_UNIX datagram socket standing in for systemd's
// $NOTIFY_SOCKET: the exact READY=1/STATUS=/STOPPING=1/WATCHDOG=1 datagrams, silence outside
// systemd, WATCHDOG_USEC/WATCHDOG_PID parsing, and watchdog pings that exist only while the
// event loop iterates (virtual clock, no timed assertions) and while the app reports healthy.
import Glibc
import Logging
import SwipeCore
import XCTest
@testable import KioskHardware

/// A bound, non-blocking datagram socket that plays the service manager.
private final class FakeServiceManager {
    let path: String
    private let fd: Int32

    init() throws {
        path = "/tmp/swipe-kiosk-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "socket(AF_UNIX)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw SystemError(errno: errno, operation: "bind(\(path))") }
    }

    deinit {
        close(fd)
        unlink(path)
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
        setenv("NOTIFY_SOCKET", manager.path, 1)
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
