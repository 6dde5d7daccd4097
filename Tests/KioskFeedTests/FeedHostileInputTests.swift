// Hostile and broken item messages: each is refused with a counted reason (the status' `feed.
// refused`) and a journal line, at most 10 lines a minute, and nothing of it reaches the
// database; the feed keeps running and applies the next good message. The cases the broker
// itself never delivers (`+`, `#` or NUL in a topic, an id spanning topic levels) are checked
// on the reader directly.
import Foundation
import KioskStore
import TestSupport
import XCTest
@testable import KioskFeed

final class FeedHostileInputTests: XCTestCase {
    func testEveryHostileMessageIsRefusedCountedAndLoggedAndNothingIsWritten() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(directory: dir.path)
        let client = try TestMQTTClient(port: broker.port)
        let items = "swipe-kiosk/lists/inbox/items/"
        let hostile: [(String, [UInt8], RefusalReason)] = [
            (items + String(repeating: "x", count: 2000), Array(#"{"updated_at":1}"#.utf8), .badID),
            (items + "utf8", [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], .invalidUTF8),
            (items + "json", Array(#"{"title":"#.utf8), .invalidJSON),
            (items + "title-number", Array(#"{"title":5,"updated_at":1}"#.utf8), .wrongType),
            (items + "unread-number", Array(#"{"unread":1,"updated_at":1}"#.utf8), .wrongType),
            (items + "array", Array("[1,2]".utf8), .wrongType),
            (items + "url", Array(#"{"image":"https://example.com/a.png","updated_at":1}"#.utf8), .wrongType),
            (items + "unknown", Array(#"{"colour":"red","updated_at":1}"#.utf8), .unknownField),
            (items + "no-time", Array(#"{"title":"x"}"#.utf8), .missingField),
            (items + "other-list", Array(#"{"list_id":"other","updated_at":1}"#.utf8), .unknownList),
            (items + "large", Array(#"{"body":""#.utf8) + [UInt8](repeating: 0x61, count: 300_000) + Array(#"","updated_at":1}"#.utf8), .tooLarge),
            (items + "negative", Array(#"{"badge":-1,"updated_at":1}"#.utf8), .wrongType),
        ]
        for (topic, payload, _) in hostile { client.publish(topic, payload) }
        // Never delivered to this kiosk: another list, and an id spanning two topic levels.
        client.publish("swipe-kiosk/lists/other/items/z", json: itemJSON(title: "Other", updatedAt: 1))
        client.publish(items + "a/b", json: itemJSON(title: "Nested", updatedAt: 1))
        client.publish(items + "good", json: itemJSON(title: "Good", updatedAt: 1))
        client.publish("swipe-kiosk/kiosks/k1/status", [])  // the test's own clean slate
        client.waitForAcknowledgements(hostile.count + 4)
        client.subscribe("swipe-kiosk/kiosks/k1/status")
        let database = dir.file("k1.sqlite3")
        let feed = try FeedProcess(config: writeFeedConfig(dir, name: "k1", broker: "mqtt://127.0.0.1:\(broker.port)", kiosk: "k1"),
                                   database: database)
        var expected: [String: Int] = [:]
        for (_, _, reason) in hostile { expected[reason.rawValue, default: 0] += 1 }
        let refused = { () -> [String: Int]? in
            let status = client.received(on: "swipe-kiosk/kiosks/k1/status").last
                .flatMap { try? JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any] }
            return (status?["feed"] as? [String: Any])?["refused"] as? [String: Int]
        }
        XCTAssertTrue(waitUntil(timeout: 60) { refused() == expected }, "refused \(String(describing: refused())), expected \(expected)\n\(feed.log)")
        XCTAssertTrue(waitUntil(timeout: 30) { visibleCount(database) == 1 }, feed.log)
        let store = try ItemStore(readingOnly: database)
        XCTAssertEqual(try store.item(id: "good")?.title, "Good")
        XCTAssertEqual(try store.integrityProblems(), [])
        let lines = feed.log.split(separator: "\n").filter { $0.contains("feed: refused") }
        XCTAssertEqual(lines.count, RefusalLog.linesPerMinute, "one line each, at most 10 a minute:\n\(feed.log)")
        XCTAssertTrue(lines.contains { $0.contains("invalid-utf8") }, feed.log)
        XCTAssertTrue(lines.allSatisfy { $0.count < 400 }, "a 2,000-byte id is shortened in the journal")
        XCTAssertEqual(feed.terminate(), 0)
    }

    func testIdsTheBrokerNeverDeliversAreRefusedByTheReaderToo() {
        let reader = ItemMessageReader(prefix: "p", lists: ["inbox"])
        let payload = Array(#"{"updated_at":1}"#.utf8)
        for id in ["a+b", "a#", "a\u{0}b", "", "a/b", String(repeating: "é", count: 600)] {
            guard case .failure(let refusal) = reader.change(topic: "p/lists/inbox/items/" + id, payload: payload, size: payload.count) else {
                return XCTFail("id \(id.debugDescription) was accepted")
            }
            XCTAssertEqual(refusal.reason, .badID, id.debugDescription)
        }
        guard case .failure(let other) = reader.change(topic: "p/lists/other/items/a", payload: payload, size: payload.count) else {
            return XCTFail("another list was accepted")
        }
        XCTAssertEqual(other.reason, .unknownList)
        guard case .success(.remove(let id, let list)) = reader.change(topic: "p/lists/inbox/items/a", payload: [], size: 0) else {
            return XCTFail("an empty payload removes")
        }
        XCTAssertEqual(id, ItemID("a"))
        XCTAssertEqual(list, "inbox")
    }
}
