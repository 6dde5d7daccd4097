// The parts of VT switching and of the busy-display message that run without a VT or a card:
// the Ctrl+Alt+Fn tracker, VT detection, the release/acquire signals through the loop's
// signalfd, and the holders named by DeviceUsers (a child process holding /dev/zero).
// The switching itself is proven on a real kernel by Tests/e2e/test_session_vm.py.
import Glibc
import SwipeCore
import XCTest
@testable import KioskHardware

final class SessionTests: XCTestCase {
    private func key(_ code: UInt32, _ pressed: Bool) -> KeyEvent {
        KeyEvent(key: Key(code: code), pressed: pressed, time: Instant(nanoseconds: 0))
    }

    func testCtrlAltFunctionKeysNameTheirVT() {
        var keys = VTSwitchKeys()
        XCTAssertNil(keys.target(for: key(29, true)))  // left Ctrl
        XCTAssertNil(keys.target(for: key(60, true)), "F2 with Ctrl only")
        XCTAssertNil(keys.target(for: key(56, true)))  // left Alt
        XCTAssertEqual(keys.target(for: key(60, true)), 2)
        XCTAssertNil(keys.target(for: key(60, false)), "releases never switch")
        XCTAssertEqual(keys.target(for: key(59, true)), 1)
        XCTAssertEqual(keys.target(for: key(68, true)), 10)
        XCTAssertEqual(keys.target(for: key(87, true)), 11)
        XCTAssertEqual(keys.target(for: key(88, true)), 12)
        XCTAssertNil(keys.target(for: key(30, true)), "not a function key")
        XCTAssertNil(keys.target(for: key(29, false)))
        XCTAssertNil(keys.target(for: key(60, true)), "Ctrl was released")
    }

    func testWithSwitchingOffCtrlAltFunctionKeysAreSwallowedNotSwitched() {
        var keys = VTSwitchKeys(switching: false)
        XCTAssertEqual(keys.decide(key(29, true)), .pass, "Ctrl alone reaches the app")
        XCTAssertEqual(keys.decide(key(56, true)), .pass)
        XCTAssertEqual(keys.decide(key(60, true)), .ignore, "Ctrl+Alt+F2: no switch, and the app does not see it")
        XCTAssertEqual(keys.decide(key(59, true)), .ignore)
        XCTAssertEqual(keys.decide(key(30, true)), .pass, "other keys still pass")
        var on = VTSwitchKeys(switching: true)
        _ = on.decide(key(29, true))
        _ = on.decide(key(56, true))
        XCTAssertEqual(on.decide(key(60, true)), .switchTo(2), "vt_switching = true: the maintenance setting switches")
    }

    func testKeyboardPolicyAdmitsOnlyAllowedNamesAndUSBIds() {
        XCTAssertTrue(KeyboardPolicy.all.admits(name: "USB Keyboard", vendor: 0x046d, product: 0xc31c))
        let none = KeyboardPolicy(admitsEveryKeyboard: false, allowed: [])
        XCTAssertFalse(none.admits(name: "USB Keyboard", vendor: 0x046d, product: 0xc31c))
        let keypad = KeyboardPolicy(admitsEveryKeyboard: false, allowed: ["Accessibility Keypad", "1D6B:0104"])
        XCTAssertTrue(keypad.admits(name: "Accessibility Keypad", vendor: 1, product: 2), "by name")
        XCTAssertTrue(keypad.admits(name: "Other", vendor: 0x1d6b, product: 0x0104), "by id, case-insensitive")
        XCTAssertFalse(keypad.admits(name: "accessibility keypad", vendor: 1, product: 2), "names match exactly")
        XCTAssertFalse(keypad.admits(name: "USB Keyboard", vendor: 0x046d, product: 0xc31c))
        XCTAssertEqual(KeyboardPolicy.usbID(vendor: 0x1d6b, product: 0x104), "1d6b:0104")
        XCTAssertNotNil(KeyboardPolicy.problem(with: ""))
    }

    func testRightHandModifiersCountAndResetForgetsThem() {
        var keys = VTSwitchKeys()
        _ = keys.target(for: key(97, true))   // right Ctrl
        _ = keys.target(for: key(100, true))  // right Alt (AltGr)
        XCTAssertEqual(keys.target(for: key(61, true)), 3)
        keys.reset()
        XCTAssertNil(keys.target(for: key(61, true)), "modifiers held before a VT switch are forgotten")
    }

    func testNoVirtualTerminalOnAPipeOrDevNull() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        XCTAssertNil(VirtualTerminal.number(of: ends[0]))
        XCTAssertNil(VirtualTerminal.takeOver(fd: ends[0], switching: true, logger: .init(label: "test")))
        let null = open("/dev/null", O_RDONLY)
        defer { close(null) }
        XCTAssertNil(VirtualTerminal.number(of: null), "a character device, but not major 4")
    }

    func testReleaseAndAcquireArriveThroughTheLoop() throws {
        final class Recorder: EventLoopClient {
            var signals: [LoopSignal] = []
            func tick(now: Instant) {}
            var needsRender: Bool { false }
            func render(now: Instant) {}
            func nextDeadline(now: Instant) -> Instant? { nil }
            func handle(signal: LoopSignal) { signals.append(signal) }
        }
        XCTAssertNotEqual(VirtualTerminal.releaseSignal, SIGUSR1)
        XCTAssertEqual(VirtualTerminal.acquireSignal, VirtualTerminal.releaseSignal + 1)
        let recorder = Recorder()
        let loop = try EventLoop(signals: [VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal])
        loop.client = recorder
        raise(VirtualTerminal.releaseSignal)
        raise(VirtualTerminal.acquireSignal)
        try loop.runOnce(block: true)
        XCTAssertEqual(recorder.signals, [.vtRelease, .vtAcquire])
    }

    func testBusyMessageNamesTheProcessesHoldingTheDevice() throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/zero", O_RDONLY, 0)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("30"), nil]
        defer { argv.forEach { free($0) } }
        XCTAssertEqual(posix_spawnp(&pid, "sleep", &actions, nil, argv, environ), 0)
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        let holders = DeviceUsers.processes(using: "/dev/zero", limit: 1000)
        XCTAssertTrue(holders.contains("sleep (pid \(pid))"), "\(holders)")
        let message = DisplayError.busy("/dev/zero", SystemError(errno: EBUSY, operation: "drmSetMaster")).description
        XCTAssertTrue(message.contains("sleep (pid \(pid))"), message)
        XCTAssertTrue(message.contains("desktop session"), message)
        XCTAssertEqual(DisplayError.busy("/dev/zero", SystemError(errno: EBUSY, operation: "x")).exitStatus.rawValue, 69)
        XCTAssertEqual(DeviceUsers.processes(using: "/no/such/device"), [])
    }
}
