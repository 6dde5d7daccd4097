// Items in, end to end: a real broker, the real `swipe-kiosk feed` binaries, each with its own
// database. Three kiosks converge on 10,000 retained items, then on updates and removals; an
// older version never overwrites a newer one; and the app (`replay --database`) shows the rows.
import Foundation
@testable import KioskStore
import TestSupport
import XCTest

final class FeedConvergenceTests: XCTestCase {
    func testThreeFeedsConvergeOnTenThousandItemsThenOnUpdatesAndRemovals() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: dir.path)
        let publisher = try TestMQTTClient(port: broker.port)
        let count = 10_000
        for n in 1...count {
            publisher.publish("swipe-kiosk/lists/inbox/items/item-\(n)", json: itemJSON(title: "Item \(n)", updatedAt: 1000, sortKey: Int64(n)))
        }
        publisher.waitForAcknowledgements(count)
        // Two feeds start after the catalogue is retained, one before the last part of it changes.
        let feeds = try (1...3).map { k in
            try FeedProcess(config: writeFeedConfig(dir, name: "k\(k)", broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: "k\(k)"),
                            database: dir.file("k\(k).sqlite3"))
        }
        for feed in feeds {
            XCTAssertTrue(waitUntil(timeout: 180) { visibleCount(feed.database) == count },
                          "\(feed.database): \(visibleCount(feed.database)) of \(count) items\n\(feed.log)")
        }
        // 100 updates (newer), 100 removals (empty retained payloads), one stale version.
        for n in 1...100 {
            publisher.publish("swipe-kiosk/lists/inbox/items/item-\(n)", json: itemJSON(title: "Updated \(n)", updatedAt: 2000, sortKey: Int64(n)))
            publisher.publish("swipe-kiosk/lists/inbox/items/item-\(count - n + 1)", [])
        }
        publisher.waitForAcknowledgements(count + 200)
        for feed in feeds {
            XCTAssertTrue(waitUntil(timeout: 60) {
                visibleCount(feed.database) == count - 100
                    && (try? ItemStore(readingOnly: feed.database).item(id: "item-100")?.title) == "Updated 100"
            }, "\(feed.database) took the updates and removals")
        }
        // A stale version after the newer one is stored, then a marker that it was handled.
        publisher.publish("swipe-kiosk/lists/inbox/items/item-1", json: itemJSON(title: "Stale", updatedAt: 1500))
        publisher.publish("swipe-kiosk/lists/inbox/items/marker", json: itemJSON(title: "Marker", updatedAt: 1))
        publisher.waitForAcknowledgements(count + 202)
        for feed in feeds {
            XCTAssertTrue(waitUntil(timeout: 60) { visibleCount(feed.database) == count - 99 }, "\(feed.database) took the marker")
            let store = try ItemStore(readingOnly: feed.database)
            XCTAssertEqual(try store.item(id: "item-1")?.title, "Updated 1", "an older updated_at never overwrites a newer one")
            XCTAssertEqual(try store.item(id: "item-1")?.updatedAt, 2000)
            XCTAssertNil(try store.item(id: ItemID("item-\(count)")), "removed")
            XCTAssertEqual(try store.item(id: "item-101")?.title, "Item 101", "untouched")
            XCTAssertEqual(try store.integrityProblems(), [])
        }
        for feed in feeds {
            XCTAssertEqual(feed.terminate(), 0, feed.log)
            // Batched: 10,000 items and 201 changes in far fewer commits than messages.
            let stopped = try XCTUnwrap(feed.log.split(separator: "\n").last { $0.contains("feed: stopped") })
            let commits = try XCTUnwrap(Int(stopped.split(separator: " in ").last?.split(separator: " ").first ?? ""), String(stopped))
            XCTAssertLessThan(commits, 1000, String(stopped))
        }
    }

    func testReplayShowsTheItemsTheFeedWrote() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: dir.path)
        let publisher = try TestMQTTClient(port: broker.port)
        publisher.publish("swipe-kiosk/lists/inbox/items/a", json: itemJSON(title: "From the fleet", updatedAt: 10, sortKey: 1))
        publisher.publish("swipe-kiosk/lists/inbox/items/b", json: itemJSON(title: "Second item", updatedAt: 10, sortKey: 2))
        publisher.waitForAcknowledgements(2)
        let database = dir.file("kiosk.sqlite3")
        let feed = try FeedProcess(config: writeFeedConfig(dir, name: "k", broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: "k"),
                                   database: database)
        XCTAssertTrue(waitUntil(timeout: 60) { visibleCount(database) == 2 }, feed.log)
        XCTAssertEqual(feed.terminate(), 0)
        let script = dir.file("look.touch")
        try "at 100 state shown.json\nat 200 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let replay = Process()
        replay.executableURL = try kioskExecutable()
        replay.arguments = ["replay", script, "--database", database, "--out", dir.path]
        try replay.run()
        replay.waitUntilExit()
        XCTAssertEqual(replay.terminationStatus, 0)
        let state = try String(contentsOfFile: dir.file("shown.json"), encoding: .utf8)
        XCTAssertTrue(state.contains("\"From the fleet\"") && state.contains("\"Second item\""), state)
    }
}

/// A database another process keeps locked: the feed keeps the batch, says so once, retries
/// with back-off and commits all of it once the lock is gone.
final class FeedLockedDatabaseTests: XCTestCase {
    func testItemsArriveAfterTheDatabaseLockIsReleased() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: dir.path)
        let publisher = try TestMQTTClient(port: broker.port)
        let database = dir.file("k.sqlite3")
        let feed = try FeedProcess(config: writeFeedConfig(dir, name: "k", broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: "k"),
                                   database: database)
        XCTAssertTrue(waitUntil(timeout: 30) { feed.log.contains("connected to") }, feed.log)
        let holder = try ItemStore(path: database)
        try holder.db.execute("BEGIN IMMEDIATE", operation: "hold the write lock")
        for n in 1...3 { publisher.publish("swipe-kiosk/lists/inbox/items/locked-\(n)", json: itemJSON(title: "Locked \(n)", updatedAt: 1)) }
        publisher.waitForAcknowledgements(3)
        XCTAssertTrue(waitUntil(timeout: 30) { feed.log.contains("the database is locked by another process") }, feed.log)
        XCTAssertEqual(feed.log.components(separatedBy: "is locked").count - 1, 1, "said once, not per retry")
        try holder.db.execute("ROLLBACK", operation: "release the write lock")
        XCTAssertTrue(waitUntil(timeout: 60) { visibleCount(database) == 3 }, feed.log)
        XCTAssertTrue(feed.log.contains("the database takes writes again"), feed.log)
        XCTAssertEqual(feed.terminate(), 0)
    }
}
