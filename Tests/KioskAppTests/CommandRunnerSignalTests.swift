// Action commands start with an empty signal mask and default dispositions (issue 10), even when
// the thread that starts them has TERM and CHLD blocked for the loop's signalfd and SIGHUP
// ignored: the child reports its own /proc/self/status.
import Foundation
import TestSupport
import XCTest
@testable import KioskApp

final class CommandRunnerSignalTests: XCTestCase {
    func testActionCommandsStartWithDefaultSignals() throws {
        let out = NSTemporaryDirectory() + "signals-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let runner = CommandRunner()
        SignalState.asInTheKiosk {
            runner.start(["/bin/sh", "-c", SignalState.reportCommand(to: out)], itemID: "item-1", actionID: "report", environment: [:])
        }
        var results: [CommandRunner.Result] = []
        for _ in 0..<1000 where results.isEmpty {  // until the child has exited (at most ~10 s)
            results = runner.take()
            if results.isEmpty { usleep(10_000) }
        }
        XCTAssertEqual(results.map(\.status), [0], "\(results.map(\.error))")
        let state = try XCTUnwrap(SignalState(status: try String(contentsOfFile: out, encoding: .utf8)))
        XCTAssertTrue(state.isDefault, "blocked \(String(state.blocked, radix: 16)), ignored \(String(state.ignored, radix: 16))")
    }

    func testAMissingProgramIsReportedAsAnError() throws {
        let runner = CommandRunner()
        runner.start(["/nonexistent/program"], itemID: "item-1", actionID: "x", environment: [:])
        XCTAssertEqual(runner.take().map(\.error), ["/nonexistent/program: No such file or directory"])
    }
}
