// Action commands start with an empty signal mask and default dispositions (issue 10), even when
// the thread that starts them has TERM and CHLD blocked for the loop's signalfd and SIGHUP
// ignored: the child reports its own /proc/self/status.
import Foundation
import TestSupport
import KioskUI
import XCTest
import KioskConfig
import KioskHardware
@testable import KioskApp

final class CommandRunnerSignalTests: XCTestCase {
    func testActionCommandsStartWithDefaultSignals() throws {
        let out = NSTemporaryDirectory() + "signals-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let loop = try EventLoop(signals: [])
        let runner = CommandRunner(processes: CommandProcesses(loop: loop))
        let command = ActionCommand(arguments: [.literal("/bin/sh"), .literal("-c"), .literal(SignalState.reportCommand(to: out))])
        SignalState.asInTheKiosk {
            runner.start(command, action: ActionRef(list: "inbox", edge: .trailing, id: "report"), itemID: "item-1", file: 0) { _ in "" }
        }
        var results: [CommandRunner.Result] = []
        for _ in 0..<1000 where results.isEmpty {  // until the child has exited (at most ~10 s)
            try loop.runOnce(block: false)
            results = runner.take()
            if results.isEmpty { usleep(10_000) }
        }
        XCTAssertEqual(results.map(\.outcome), [.exited(0)])
        let state = try XCTUnwrap(SignalState(status: try String(contentsOfFile: out, encoding: .utf8)))
        XCTAssertTrue(state.isDefault, "blocked \(String(state.blocked, radix: 16)), ignored \(String(state.ignored, radix: 16))")
    }

    func testAMissingProgramIsReportedAsAnError() throws {
        let loop = try EventLoop(signals: [])
        let runner = CommandRunner(processes: CommandProcesses(loop: loop))
        runner.start(ActionCommand(arguments: [.literal("/nonexistent/program")]), action: ActionRef(list: "inbox", edge: .trailing, id: "x"), itemID: "item-1", file: 0) { _ in "" }
        XCTAssertEqual(runner.take().map(\.outcome), [.failedToStart("/nonexistent/program: No such file or directory")])
    }
}
