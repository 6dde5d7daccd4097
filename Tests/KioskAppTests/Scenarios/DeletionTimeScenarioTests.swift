// A kiosk restarted inside an undo window purges its earlier deletes when the window ends: the
// time comes from `deleted_at`, which any program may have written. Hostile values must neither
// trap (a crash at every start is a restart loop) nor put the purge off past one undo window;
// and the deadline is timed from the app's start on the loop's clock, which on a device is
// time since boot, not zero (adversarial review of the one-time branch, findings 1 and 5).
import Foundation
import KioskConfig
@testable import KioskStore
import SwipeCore
import TestSupport
import XCTest
@testable import KioskApp

final class DeletionTimeScenarioTests: XCTestCase {
    /// A demo database whose item `inbox-12` the kiosk deleted at `deletedAt` (ms).
    private func database(deletedAt: Int64, in dir: TemporaryDirectory) throws -> String {
        let path = dir.file("items.sqlite3")
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path, "--demo"]).status, 0)
        let store = try ItemStore(path: path)
        try store.db.execute("""
            UPDATE items SET deleted_at = \(deletedAt) WHERE id = 'inbox-12';
            INSERT INTO actions_log(time, action, item_id, list_id) VALUES (\(deletedAt), 'delete', 'inbox-12', 'inbox');
            """, operation: "test")
        return path
    }

    func testHostileDeletionTimesNeitherTrapNorPutThePurgeOffForEver() throws {
        for deletedAt in [20_000_000_000_000, Int64.max, Int64.min + 1, -5] {
            let dir = try TemporaryDirectory()
            let path = try database(deletedAt: deletedAt, in: dir)
            try "size 640x400\nat 0 state first.json\nat 200 end\n".write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
            let run = try KioskProcess(["replay", dir.file("s.touch"), "--database", path, "--out", dir.path])
            XCTAssertEqual(run.status, 0, "deleted_at \(deletedAt): \(run.standardError)")
        }
    }

    func testTheEarlierPurgeIsTimedFromTheStartOnTheLoopsClock() throws {
        let dir = try TemporaryDirectory()
        // A device 40 days after boot; the kiosk deleted the item 1 s before this start.
        let start = Instant(seconds: 40 * 86_400)
        let epoch = AppOptions.headlessEpoch
        let path = try database(deletedAt: epoch + 40 * 86_400_000 - 1_000, in: dir)
        var configuration = KioskConfiguration()
        configuration.data.undoWindow = 8
        let app = try AppOptions().makeApplication(configuration: configuration, databasePath: path, size: (640, 400),
                                                   storeClock: .virtual(epoch: epoch), start: start)
        XCTAssertEqual(app.earlierDeletePurge, start + .seconds(7), "the rest of the 8 s window, from the start")
    }
}
