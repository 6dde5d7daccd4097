// The kill -9 loop shared by the durability tests: run `swipe-kiosk` against a database, kill it
// with SIGKILL at a random moment while it works, reopen the store, and check what must always
// hold after a crash (integrity, a log that only grows) before the test checks the items.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore

extension XCTestCase {
    /// Runs `swipe-kiosk arguments` `rounds` times and kills it after a random `delay` (µs);
    /// with `waitForReady`, the delay starts when the child prints `ready`. After each kill,
    /// `check(store, log, round)` verifies the items. Returns the final number of log rows.
    func killRepeatedly(
        _ arguments: [String], database: String, rounds: Int, delay: ClosedRange<UInt32>, waitForReady: Bool = false,
        check: (ItemStore, [ActionLogEntry], Int) throws -> Void
    ) throws -> Int {
        let executable = try ItemStoreDurabilityTests.kioskExecutable()
        var random = SystemRandomNumberGenerator()
        var logged = 0
        for round in 1...rounds {
            let child = Process()
            child.executableURL = executable
            child.arguments = arguments
            let output = Pipe()
            child.standardOutput = waitForReady ? output : FileHandle.nullDevice
            try child.run()
            if waitForReady {
                let ready = output.fileHandleForReading.availableData
                XCTAssertEqual(String(decoding: ready, as: UTF8.self), "ready\n", "round \(round)")
            }
            usleep(UInt32.random(in: delay, using: &random))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationReason, .uncaughtSignal, "round \(round): killed mid-run, not finished")

            let store = try ItemStore(path: database)
            XCTAssertEqual(try store.integrityProblems(), [], "round \(round)")
            let log = try store.actionLog(limit: Int.max)
            XCTAssertGreaterThanOrEqual(log.count, logged, "round \(round): committed log rows never disappear")
            logged = log.count
            try check(store, log, round)
        }
        return logged
    }
}
