// Another process writes to the item database while the app runs: the app sees inserts,
// updates and deletes within one second (it polls the store's data version), with no restart.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskConfig

final class ExternalChangeScenarioTests: XCTestCase {
    func testChangesByAnotherProcessShowWithinOneSecond() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("external-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("items.sqlite3").path
        let app = try AppOptions.parse([]).makeApplication(
            configuration: .demo, databasePath: path, size: (width: 1280, height: 800))
        var ms = 0.0
        func run(until end: Double) { while ms <= end { app.tick(time: ReplaySession.instant(ms: ms)); ms += 1000.0 / 60 } }
        func ids() -> [String] { StateDump(app: app, timeMs: ms, width: 1280, height: 800).object().items.compactMap { $0["id"] as? String } }
        run(until: 300)
        XCTAssertFalse(ids().contains("outside-1"))

        // A second connection stands in for another process: insert, then update and delete.
        let other = try ItemStore(path: path)
        try other.insert([ItemRecord(id: "outside-1", listID: "inbox", title: "From outside", sortKey: -1, updatedAt: AppOptions.headlessEpoch + 1_000)])
        let inserted = ms
        while !ids().contains("outside-1"), ms < inserted + 1000 { run(until: ms) }
        XCTAssertTrue(ids().contains("outside-1"), "the insert shows within a second")
        XCTAssertEqual(ids().first, "outside-1", "in sort order: at the top")
        func height(_ id: String) -> Double? {
            let rows = StateDump(app: app, timeMs: ms, width: 1280, height: 800).object().rows
            return (rows.first { $0["id"] as? String == id }?["frame"] as? [Double])?[3]
        }
        XCTAssertLessThan(height("outside-1") ?? 76, 76, "the new row grows in")
        run(until: ms + 400)
        XCTAssertEqual(height("outside-1"), 76, "to its full height")

        try other.apply(.delete, to: "inbox-3", at: 2)
        let deleted = ms
        while (height("inbox-3") ?? 0) == 76, ms < deleted + 1000 { run(until: ms) }
        XCTAssertLessThan(height("inbox-3") ?? 0, 76, "the deleted row collapses first")
        XCTAssertGreaterThan(height("inbox-3") ?? 0, 0)
        run(until: ms + 500)
        XCTAssertFalse(ids().contains("inbox-3"), "and then leaves the list, within a second of the delete")
        XCTAssertLessThan(ms - deleted, 1000 + 500)
    }
}
