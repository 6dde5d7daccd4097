// The busy-display message without a card: the holders named by DeviceUsers (a child process
// holding /dev/zero). A real busy card is proven by Tests/e2e/test_session_vm.py.
import Glibc
import XCTest
@testable import KioskHardware

final class SessionTests: XCTestCase {
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
        XCTAssertEqual(DisplayError.busy("/dev/zero", SystemError(errno: EBUSY, operation: "x")).exitCode, 69)
        XCTAssertEqual(DeviceUsers.processes(using: "/no/such/device"), [])
    }
}
