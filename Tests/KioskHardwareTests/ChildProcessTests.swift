// Commands the app spawns start with an empty signal mask and default dispositions (issue 10),
// although the loop blocks TERM/INT/HUP/USR1 for its signalfd: otherwise `systemctl stop`
// and timeouts could not end them. Each child reports its own /proc/self/status. Their exits are
// reaped on the loop (a pidfd each).
import Foundation
import TestSupport
import XCTest
@testable import KioskHardware
import SwipeCore

final class ChildProcessTests: XCTestCase {
    func testCommandHapticsChildrenStartWithDefaultSignals() throws {
        let out = NSTemporaryDirectory() + "signals-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let loop = try EventLoop(signals: [])
        let haptics = CommandHaptics(command: SignalState.reportCommand(to: out), minimumInterval: 0, loop: loop, logger: .init(label: "test"))
        try SignalState.asInTheKiosk {
            try haptics.play(.action, pattern: HapticPattern(durationMilliseconds: 10, strength: 1))
        }
        let pid = try XCTUnwrap(haptics.running.first)
        var status: Int32 = 0
        XCTAssertEqual(waitpid(pid, &status, 0), pid)
        XCTAssertEqual(ChildProcess.exitCode(status: status), 0)
        let state = try XCTUnwrap(SignalState(status: try String(contentsOfFile: out, encoding: .utf8)))
        XCTAssertTrue(state.isDefault, "blocked \(String(state.blocked, radix: 16)), ignored \(String(state.ignored, radix: 16))")
    }

    /// One reaper for every child (issue 23): a haptic command's exit is collected on the loop
    /// through its pidfd, without SIGCHLD (this loop takes over no signals) and without a thread.
    func testCommandHapticsChildrenAreReapedOnTheLoop() throws {
        let loop = try EventLoop(signals: [])
        let haptics = CommandHaptics(command: "exit 3", minimumInterval: 0, loop: loop, logger: .init(label: "test"))
        try haptics.play(.action, pattern: HapticPattern(durationMilliseconds: 10, strength: 1))
        let pid = try XCTUnwrap(haptics.running.first)
        for _ in 0..<1000 where !haptics.running.isEmpty {  // until the child has exited (at most ~10 s)
            try loop.runOnce(block: false)
            if !haptics.running.isEmpty { usleep(10_000) }
        }
        XCTAssertEqual(haptics.running, [])
        var status: Int32 = 0
        XCTAssertEqual(waitpid(pid, &status, WNOHANG), -1, "already reaped: no zombie left")
        XCTAssertEqual(errno, ECHILD)
    }

    /// A feedback command that hangs does not pile up one process per event.
    func testCommandHapticsRunAtMostTwoAtOnce() throws {
        let loop = try EventLoop(signals: [])
        let haptics = CommandHaptics(command: "exec sleep 1000", minimumInterval: 0, loop: loop, logger: .init(label: "test"))
        for _ in 0..<5 { try haptics.play(.action, pattern: HapticPattern(durationMilliseconds: 10, strength: 1)) }
        let running = haptics.running
        for pid in running {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        XCTAssertEqual(running.count, CommandHaptics.maximumRunning)
    }

    func testExitCodesAndSignals() throws {
        for (command, code) in [("exit 3", Int32(3)), ("kill -TERM $$", 128 + SIGTERM)] {
            let pid = try SignalState.asInTheKiosk { try ChildProcess.spawn("/bin/sh", arguments: ["sh", "-c", command], environment: []) }
            var status: Int32 = 0
            XCTAssertEqual(waitpid(pid, &status, 0), pid)
            XCTAssertEqual(ChildProcess.exitCode(status: status), code, command)
        }
        XCTAssertThrowsError(try ChildProcess.spawn("/nonexistent/program", arguments: ["x"], environment: [])) {
            XCTAssertEqual(($0 as? SystemError)?.errno, ENOENT)
        }
    }
}
