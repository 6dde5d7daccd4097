// The `image` column (schema version 4): a version-3 database gains it without losing a field,
// older items have none, and new ones round-trip their picture path through inserts and updates.
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ItemImageColumnTests: XCTestCase {
    func testVersion3DatabaseGainsTheImageColumnKeepingEveryField() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("v3.sqlite3")
        let old = ItemRecord(id: "inbox-1", listID: "inbox", title: "Item 1", subtitle: "First", body: "Body", avatar: "#FF9500",
                             icon: "paperclip", badge: 2, unread: true, flagged: true, archived: false, deletedAt: nil,
                             section: "Today", sortKey: 30, updatedAt: 7)
        do {
            let v3 = try ItemStore(path: path, synchronous: .normal, busyTimeout: 1000, schemaVersion: 3)
            try v3.db.execute("""
                INSERT INTO items (id, list_id, title, subtitle, body, avatar, icon, badge, unread, flagged, archived,
                                   deleted_at, sort_key, updated_at, section)
                VALUES ('inbox-1', 'inbox', 'Item 1', 'First', 'Body', '#FF9500', 'paperclip', 2, 1, 1, 0, NULL, 30, 7, 'Today')
                """, operation: "test")
        }
        let store = try ItemStore(path: path)
        XCTAssertEqual(try store.schemaVersion(), ItemStore.latestSchemaVersion)
        XCTAssertEqual(try store.item(id: "inbox-1"), old, "every field kept; no picture")
        var pictured = old
        pictured.image = "photos/1.jpg"
        try store.insert([pictured])
        XCTAssertEqual(try store.item(id: "inbox-1")?.image, "photos/1.jpg")
        XCTAssertEqual(try store.items(ItemQuery(listID: "inbox"), limit: 5).map(\.image), ["photos/1.jpg"])
        XCTAssertEqual(try store.integrityProblems(), [])
    }
}
