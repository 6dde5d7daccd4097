// `swipe-kiosk bench --scenario own-write | outside-write` (issue 26) does what its help says:
// `--frames` actions or changes on a list of `--items` items, timed on the UI loop, the figures
// under the documented JSON keys. Timings are not checked (no timed tests): that every round ran
// and reported is. Run through the built binary, as BENCHMARKS.md's commands are.
import Foundation
import XCTest

final class WriteBenchCommandTests: XCTestCase {
    func bench(_ scenario: String, frames: Int) throws -> [String: Any] {
        let run = try KioskProcess(["bench", "--scenario", scenario, "--items", "40", "--frames", "\(frames)", "--json"])
        XCTAssertEqual(run.status, 0, run.standardError)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], run.standardOutput)
    }

    func testOwnWriteTimesEachActionOfTheAppsOwnInTurn() throws {
        let figures = try bench("own-write", frames: 12)
        XCTAssertEqual(figures["scenario"] as? String, "own-write")
        XCTAssertEqual(figures["items"] as? Int, 40)
        XCTAssertEqual(figures["actions"] as? Int, 12)
        for key in ["median_us", "p99_us", "max_us", "worst_frame_median_us", "worst_frame_p99_us", "cpu_median_us", "cpu_p99_us"]
            + ["delete", "undo", "archive", "flag", "read"].map({ $0 + "_median_us" }) {
            XCTAssertGreaterThan(figures[key] as? Double ?? 0, 0, key)
        }
    }

    func testOutsideWriteTimesEachChangeOnBothPaths() throws {
        let figures = try bench("outside-write", frames: 10)
        XCTAssertEqual(figures["changes"] as? Int, 10)
        for key in ["median_us", "p99_us", "on_loop_median_us"] {
            XCTAssertGreaterThan(figures[key] as? Double ?? 0, 0, key)
        }
    }

    func testAnUnknownScenarioNamesTheWriteScenarios() throws {
        let run = try KioskProcess(["bench", "--scenario", "own-writes"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.standardError.contains("outside-write, own-write"), run.standardError)
    }
}
