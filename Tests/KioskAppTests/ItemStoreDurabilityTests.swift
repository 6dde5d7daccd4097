// Crash durability: a child process (`swipe-kiosk store-stress`) applies random actions in a
// loop and is killed with SIGKILL at random moments, 25 times. After every kill the database
// must open, pass integrity_check, and each item's state must be exactly what its last
// logged action of each kind says: a change and its log row survive together or not at all.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore
import TestSupport

final class ItemStoreDurabilityTests: XCTestCase {
    /// The `swipe-kiosk` executable built next to the test bundle; a missing one fails the test.
    static func kioskExecutable() throws -> URL { try TestSupport.kioskExecutable() }

    func testKilledWriterLeavesEveryItemMatchingItsLastLoggedAction() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("stress.sqlite3")
        let logRows = try killRepeatedly(
            ["store-stress", "--database", path], database: path, rounds: 25, delay: 1_000...40_000, waitForReady: true
        ) { store, log, round in try assertItemsMatch(log, in: store, round: round) }
        XCTAssertGreaterThan(logRows, 25, "the children did write between kills")
    }

    /// Each field's value must be the one its item's last logged change of that field set,
    /// or the initial value when no change of that field was logged.
    private func assertItemsMatch(_ log: [ActionLogEntry], in store: ItemStore, round: Int) throws {
        var last: [ItemID: [String: String]] = [:]  // item → field → last action on it
        let field: [String: String] = [
            "flag": "flagged", "unflag": "flagged", "read": "unread", "unread": "unread",
            "archive": "archived", "unarchive": "archived", "delete": "deleted", "undo-delete": "deleted",
        ]
        for entry in log {
            guard let item = entry.itemID, let name = field[entry.action] else {
                return XCTFail("round \(round): unexpected log row \(entry)")
            }
            last[item, default: [:]][name] = entry.action
        }
        for n in 1...StoreStressCommand.itemCount {
            let id = StoreStressCommand.itemID(n)
            let item = try XCTUnwrap(try store.item(id: id), "round \(round): \(id) exists")
            let actions = last[id] ?? [:]
            XCTAssertEqual(item.flagged, actions["flagged"] == "flag", "round \(round): \(id) flagged")
            XCTAssertEqual(item.unread, (actions["unread"] ?? "unread") == "unread", "round \(round): \(id) unread")
            XCTAssertEqual(item.archived, actions["archived"] == "archive", "round \(round): \(id) archived")
            XCTAssertEqual(item.deletedAt != nil, actions["deleted"] == "delete", "round \(round): \(id) deleted")
        }
    }
}
