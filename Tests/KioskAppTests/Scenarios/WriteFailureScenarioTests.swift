// Store writes that fail while the app runs are never swallowed: a database another writer has
// locked keeps the frames coming and the action lands once the lock is released; a write that
// keeps failing (a trigger that aborts, a dropped actions_log) ends as a toast "Could not
// save: …", a reported message and `<action>-failed` in the log, with the item left as stored.
import Foundation
import KioskUI
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskReplay
import KioskConfig

final class WriteFailureScenarioTests: XCTestCase {
    /// An app over a fresh database file and a second connection to it (another process).
    final class Fixture {
        let dir: TemporaryDirectory
        let app: KioskApplication
        let other: ItemStore
        var ms = 0.0
        var frames = 0
        var reported: [String] = []

        init() throws {
            dir = try TemporaryDirectory()
            let path = dir.file("items.sqlite3")
            app = try AppOptions.parse([]).makeApplication(
                configuration: .demo, databasePath: path, size: (width: 1280, height: 800))
            other = try ItemStore(path: path)
            app.reportFailure = { [unowned self] in reported.append($0) }
        }

        func run(for duration: Double) {
            let end = ms + duration
            while ms <= end { app.tick(time: ReplaySession.instant(ms: ms)); ms += 1000.0 / 60; frames += 1 }
        }

        var dump: [String: Any] { StateDump(app: app, timeMs: ms, width: 1280, height: 800).object() }
        var itemIDs: [String] { dump.items.compactMap { $0["id"] as? String } }
    }

    func testAnActionWaitsForAnotherWritersLockWithoutStoppingFrames() throws {
        let f = try Fixture()
        f.run(for: 200)
        try f.other.db.execute("BEGIN EXCLUSIVE", operation: "test")
        f.app.commit(.flag, itemID: ItemID("inbox-3"), action: ActionRef(list: "inbox", edge: .trailing, id: "flag"))
        let framesBefore = f.frames
        f.run(for: 1500)
        XCTAssertGreaterThanOrEqual(f.frames - framesBefore, 90, "frames kept coming while the lock was held")
        XCTAssertFalse(f.dump.logActions.contains("flag"), "reported as done while the write had not happened")
        XCTAssertEqual(f.app.writes.count, 1)
        try f.other.db.execute("COMMIT", operation: "test")
        f.run(for: 200)
        XCTAssertTrue(try XCTUnwrap(try f.other.item(id: "inbox-3")).flagged, "the action landed after the lock")
        XCTAssertTrue(f.dump.logActions.contains("flag"))
        XCTAssertEqual(f.app.writes.count, 0)
        XCTAssertEqual(f.reported, [])
    }

    func testAWriteThatKeepsFailingIsShownAndReportedAndTheItemStays() throws {
        let faults = [
            ("CREATE TRIGGER frozen BEFORE UPDATE ON items BEGIN SELECT RAISE(ABORT, 'items are frozen'); END",
             "items are frozen"),
            ("DROP TABLE actions_log", "no such table: actions_log"),
        ]
        for (sql, cause) in faults {
            let f = try Fixture()
            f.run(for: 200)
            try f.other.db.execute(sql, operation: "test")
            f.app.commit(.delete, itemID: ItemID("inbox-3"), action: ActionRef(list: "inbox", edge: .trailing, id: "delete"))
            f.run(for: 4000)
            XCTAssertEqual(f.dump["toast"] as? String, "Could not save: \(cause)", sql)
            XCTAssertTrue(f.itemIDs.contains("inbox-3"), "\(sql): the item left the list")
            XCTAssertNil(try XCTUnwrap(try f.other.item(id: "inbox-3")).deletedAt, sql)
            XCTAssertEqual(f.reported.count, 1, sql)
            XCTAssertTrue(f.reported.first?.contains("inbox-3") == true && f.reported.first?.contains(cause) == true, "\(f.reported)")
            XCTAssertEqual(f.dump.logActions, ["delete-failed"], sql)
            XCTAssertEqual(f.app.writes.count, 0, sql)
        }
    }

    /// Swiped by a finger through replay: the row slides off, its delete is tried once (not
    /// once for the action and again for the slide), and when it is given up the row comes back.
    func testAFullSwipeDeleteThatCannotBeSavedBringsTheRowBack() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let app = try AppOptions.parse([]).makeApplication(configuration: .demo, databasePath: path, size: (1280, 800))
        var reported: [String] = []
        app.reportFailure = { reported.append($0) }
        try ItemStore(path: path).db.execute(
            "CREATE TRIGGER frozen BEFORE UPDATE ON items BEGIN SELECT RAISE(ABORT, 'items are frozen'); END", operation: "test")
        let replay = try ReplaySession(app: app, width: 1280, height: 800,
                                       steps: try TouchScript(parsing: "at 100 swipe 0 1200 102 60 102 150").steps)
        func rows(_ ms: Double) -> [String] {
            (StateDump(app: app, timeMs: ms, width: 1280, height: 800).object()["rows"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        try replay.run(untilMs: 200)
        XCTAssertEqual(rows(200).first, "inbox-1")
        try replay.run(untilMs: 1500)
        XCTAssertFalse(rows(1500).contains("inbox-1"), "slid off while the delete is retried")
        try replay.run(untilMs: 4500)
        XCTAssertEqual(rows(4500).first, "inbox-1", "back where it was once the delete is given up")
        let dump = StateDump(app: app, timeMs: 4500, width: 1280, height: 800).object()
        XCTAssertEqual(dump.logActions, ["delete-failed"], "one delete, one failure")
        XCTAssertEqual(reported.count, 1, "\(reported)")
        XCTAssertEqual(dump["toast"] as? String, "Could not save: items are frozen")
    }

    func testAFullDiskIsShownAndTheFailedActionLeavesTheItemAsStored() throws {
        let f = try Fixture()
        f.run(for: 200)
        // SQLite's view of a full disk: the app's connection may not grow the file past its size
        // now, so flag toggles land until the action log's last page is full.
        let pages = try f.app.store.db.integer("PRAGMA page_count", operation: "test")
        try f.app.store.db.execute("PRAGMA max_page_count = \(pages)", operation: "test")
        var flaggedBefore: Bool?
        for _ in 0..<1_000 where f.app.writes.isEmpty {
            flaggedBefore = try XCTUnwrap(try f.other.item(id: "inbox-3")).flagged
            f.app.commit(.flag, itemID: ItemID("inbox-3"), action: ActionRef(list: "inbox", edge: .trailing, id: "flag"))
            f.run(for: 20)
        }
        let before = try XCTUnwrap(flaggedBefore)
        XCTAssertEqual(f.app.writes.count, 1, "a flag never found the disk full")
        XCTAssertTrue(f.reported.isEmpty, "reported before the retries ran out: \(f.reported)")
        f.run(for: 4000)
        XCTAssertEqual(f.dump["toast"] as? String, "Could not save: database or disk is full")
        XCTAssertEqual(f.reported.count, 1, "\(f.reported)")
        XCTAssertTrue(f.reported.first?.contains("disk is full") == true, "\(f.reported)")
        XCTAssertEqual(f.dump.logActions.last, "flag-failed")
        XCTAssertEqual(try XCTUnwrap(try f.other.item(id: "inbox-3")).flagged, before, "the failed flag changed the item")
        XCTAssertEqual(f.app.writes.count, 0)
    }
}
