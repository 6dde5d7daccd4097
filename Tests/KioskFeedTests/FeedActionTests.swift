// Actions out and presence, end to end: every actions_log row reaches a subscriber at QoS 1, in
// order, with the id "{kiosk}:{log id}"; a feed killed with SIGKILL before the broker acknowledged
// everything, then a broker restarted with an empty store, still delivers every row in order,
// duplicates only with the same id and payload; a broker down for a minute while actions are
// logged gets them all, in order, once it is back. The retained status is "online" while the feed
// runs and becomes "offline" by the Will after a SIGKILL, or by the feed itself on SIGTERM.
import Foundation
import Glibc
import KioskStore
import TestSupport
import XCTest

final class FeedActionTests: XCTestCase {
    /// Appends `count` log rows (item `a` flagged and unflagged in turn) to the database at `path`.
    private func logActions(_ count: Int, in path: String) throws {
        let store = try ItemStore(path: path)
        if try store.item(id: "a") == nil {
            try store.applyFeed([.upsert(ItemRecord(id: "a", listID: "inbox", title: "A", sortKey: 1, updatedAt: 1))])
        }
        for n in 0..<count { try store.log(action: n % 2 == 0 ? "flag" : "unflag", itemID: "a", listID: "inbox", detail: "n\(n)", at: 1000 + Int64(n)) }
    }

    /// The actions as the subscribers saw them, decoded.
    private func actions(_ messages: [TestMQTTClient.Message]) throws -> [[String: Any]] {
        try messages.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any]) }
    }

    func testEveryLoggedActionReachesASubscriberInOrderWithItsID() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: dir.path)
        let subscriber = try TestMQTTClient(port: broker.port)
        subscriber.subscribe("swipe-kiosk/kiosks/k1/actions")
        let database = dir.file("k1.sqlite3")
        try logActions(250, in: database)
        let feed = try FeedProcess(config: writeFeedConfig(dir, name: "k1", broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: "k1"),
                                   database: database)
        let topic = "swipe-kiosk/kiosks/k1/actions"
        XCTAssertTrue(waitUntil(timeout: 60) { subscriber.received(on: topic).count >= 250 }, feed.log)
        // Rows logged while the feed runs are found through the database watch.
        try logActions(10, in: database)
        XCTAssertTrue(waitUntil(timeout: 60) { subscriber.received(on: topic).count >= 260 }, feed.log)
        let seen = try actions(subscriber.received(on: topic))
        XCTAssertEqual(seen.map { $0["id"] as? String }, (1...260).map { "k1:\($0)" })
        XCTAssertEqual(seen.first?["action"] as? String, "flag")
        XCTAssertEqual(seen.first?["item_id"] as? String, "a")
        XCTAssertEqual(seen.first?["list_id"] as? String, "inbox")
        XCTAssertEqual(seen.first?["detail"] as? String, "n0")
        XCTAssertEqual(seen.first?["time"] as? Int, 1000)
        XCTAssertTrue(waitUntil(timeout: 30) { (try? ItemStore(readingOnly: database).outboxCursor("actions")) == 260 },
                      "the cursor follows the acknowledgements")
        XCTAssertEqual(feed.terminate(), 0)
    }

    func testKilledFeedAndRestartedBrokerStillDeliverEveryActionInOrder() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: dir.path)
        let topic = "swipe-kiosk/kiosks/k1/actions"
        let before = try TestMQTTClient(port: broker.port)
        before.subscribe(topic)
        let database = dir.file("k1.sqlite3")
        let total = 3000
        try logActions(2000, in: database)
        let config = try writeFeedConfig(dir, name: "k1", broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: "k1")
        let first = try FeedProcess(config: config, database: database)
        XCTAssertTrue(waitUntil(timeout: 60) { !before.received(on: topic).isEmpty }, first.log)
        first.kill9()
        let cursor = try ItemStore(readingOnly: database).outboxCursor("actions")
        XCTAssertLessThan(cursor, 2000, "killed before the broker acknowledged every row")
        // What the broker acknowledged it also delivered before it stops (QoS 1: the PUBACK hands it over).
        XCTAssertTrue(waitUntil(timeout: 30) { before.received(on: topic).count >= cursor })
        broker.stop()
        try logActions(total - 2000, in: database)  // the app goes on logging while the feed is down
        try broker.start()  // an empty store: no session, no queue survives
        let after = try TestMQTTClient(port: broker.port)
        after.subscribe(topic)
        usleep(200_000)  // the SUBSCRIBE is handled before the feed's first publish
        let second = try FeedProcess(config: config, database: database)
        XCTAssertTrue(waitUntil(timeout: 120) {
            (after.received(on: topic).last.map { String(decoding: $0.payload, as: UTF8.self) } ?? "").contains("\"k1:\(total)\"")
        }, second.log)
        // Every row, in order, by first arrival; a duplicate carries the same id and the same payload.
        var firstSeen: [String: [UInt8]] = [:]
        var order: [String] = []
        for (message, fields) in try zip(before.received(on: topic) + after.received(on: topic),
                                          actions(before.received(on: topic) + after.received(on: topic))) {
            let id = try XCTUnwrap(fields["id"] as? String)
            if let earlier = firstSeen[id] { XCTAssertEqual(earlier, message.payload, "duplicate \(id) differs"); continue }
            firstSeen[id] = message.payload
            order.append(id)
        }
        XCTAssertEqual(order, (1...total).map { "k1:\($0)" })
        XCTAssertEqual(second.terminate(), 0)
    }

    func testStatusIsOnlineWhileRunningAndOfflineAfterKillOrStop() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: dir.path)
        let watcher = try TestMQTTClient(port: broker.port)
        let topic = "swipe-kiosk/kiosks/k1/status"
        watcher.subscribe(topic)
        let config = try writeFeedConfig(dir, name: "k1", broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: "k1")
        let state = { () -> String? in
            watcher.received(on: topic).last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any] }?["state"] as? String
        }
        let killed = try FeedProcess(config: config, database: dir.file("k1.sqlite3"))
        XCTAssertTrue(waitUntil(timeout: 30) { state() == "online" }, killed.log)
        let online = try XCTUnwrap(watcher.received(on: topic).last?.text)
        for key in ["\"version\"", "\"lists\":{\"inbox\":0}", "\"uptime_s\"", "\"received\"", "\"reconnects\""] {
            XCTAssertTrue(online.contains(key), "\(key) in \(online)")
        }
        // SIGKILL closes the socket: the broker publishes the Will at once.
        killed.kill9()
        XCTAssertTrue(waitUntil(timeout: 60) { state() == "offline" }, "the Will replaced the status")
        // A frozen feed keeps its socket open (as a kiosk whose cable is pulled): keepalive_s = 5,
        // so the broker gives up after 7.5 s of silence and publishes the Will.
        let frozen = try FeedProcess(config: config, database: dir.file("k1.sqlite3"))
        XCTAssertTrue(waitUntil(timeout: 30) { state() == "online" }, frozen.log)
        kill(frozen.process.processIdentifier, SIGSTOP)
        XCTAssertTrue(waitUntil(timeout: 60) { state() == "offline" }, "the keep-alive ran out and the Will replaced the status")
        frozen.kill9()
        let stopped = try FeedProcess(config: config, database: dir.file("k1.sqlite3"))
        XCTAssertTrue(waitUntil(timeout: 30) { state() == "online" }, stopped.log)
        XCTAssertEqual(stopped.terminate(), 0, stopped.log)
        XCTAssertEqual(state(), "offline", "SIGTERM published offline before it disconnected")
        let retained = try TestMQTTClient(port: broker.port)
        retained.subscribe(topic)
        XCTAssertTrue(waitUntil(timeout: 10) { retained.received(on: topic).last?.text == #"{"state":"offline"}"# }, "retained")
    }

    func testAfterAMinuteWithoutBrokerTheFeedReconnectsResubscribesAndDeliversTheOutagesActions() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: dir.path)
        let database = dir.file("k1.sqlite3")
        let feed = try FeedProcess(config: writeFeedConfig(dir, name: "k1", broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: "k1"),
                                   database: database)
        let connections = { feed.log.components(separatedBy: "feed: connected to").count - 1 }
        XCTAssertTrue(waitUntil(timeout: 30) { connections() == 1 }, feed.log)
        broker.stop()
        XCTAssertTrue(waitUntil(timeout: 30) { feed.log.contains("connection lost") }, feed.log)
        // Down for a minute (the issue's outage), while the kiosk goes on logging actions: the
        // back-off grows to its 60 s cap and the feed keeps trying.
        try logActions(3, in: database)
        sleep(60)
        try broker.start()  // empty: no retained items, no subscriptions
        let client = try TestMQTTClient(port: broker.port)
        client.subscribe("swipe-kiosk/kiosks/k1/#")
        XCTAssertTrue(waitUntil(timeout: 90) { connections() == 2 }, "reconnected with back-off\n\(feed.log)")
        client.publish("swipe-kiosk/lists/inbox/items/after", json: itemJSON(title: "After the restart", updatedAt: 1))
        // The item published after the restart, not just a count: the database already shows "a"
        // (logActions), so "one visible item" held before anything arrived (and failed when the
        // new item came in before the first look).
        let arrived = { (try? ItemStore(readingOnly: database).item(id: "after"))??.title }
        XCTAssertTrue(waitUntil(timeout: 30) { arrived() == "After the restart" }, "subscribed again\n\(feed.log)")
        XCTAssertEqual(visibleCount(database), 2, "a and the new item")
        XCTAssertTrue(waitUntil(timeout: 30) { client.received(on: "swipe-kiosk/kiosks/k1/actions").count == 3 }, feed.log)
        XCTAssertEqual(try actions(client.received(on: "swipe-kiosk/kiosks/k1/actions")).map { $0["id"] as? String },
                       ["k1:1", "k1:2", "k1:3"], "the outage's actions, in order")
        let reconnects = { () -> Int? in
            let status = client.received(on: "swipe-kiosk/kiosks/k1/status").last
                .flatMap { try? JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any] }
            return (status?["feed"] as? [String: Any])?["reconnects"] as? Int
        }
        XCTAssertTrue(waitUntil(timeout: 30) { reconnects() == 1 }, "status after the restart: \(String(describing: reconnects()))")
        XCTAssertEqual(feed.terminate(), 0)
    }
}
