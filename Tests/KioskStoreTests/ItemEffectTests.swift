// The data effects declared once (ItemEffect): each effect's SQL does what its declaration
// says, in both directions, on a real database; the log names are unique (integrators read
// them); a change's name reads back as the same change; and toggles look at the item as it is
// inside the transaction.
import TestSupport
import XCTest
@testable import KioskStore

final class ItemEffectTests: XCTestCase {
    func testEveryEffectTurnsOnAndTogglesOffAsDeclared() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("items.sqlite3"))
        for (n, effect) in ItemEffect.all.enumerated() {
            let id = ItemID("e\(n)")
            try store.insert([ItemRecord(id: id, listID: "inbox", title: effect.name, unread: false, sortKey: 0, updatedAt: 0)])
            let before = try isOn(effect, id, store)
            let first = try store.perform(actionID: "act", on: id, effect: effect, logDetail: "", at: 100)
            XCTAssertEqual(first, ItemChange(effect, on: effect.toggles ? !before : true), effect.name)
            XCTAssertEqual(try isOn(effect, id, store), first?.on, effect.name)
            XCTAssertEqual(try store.item(id: id)?.updatedAt, 100)
            let second = try store.perform(actionID: "act", on: id, effect: effect, logDetail: "", at: 200)
            // A toggle turns it back; delete stays deleted (a second delete changes nothing but its log).
            XCTAssertEqual(second?.on, effect.toggles ? !(first?.on ?? false) : true, effect.name)
            // Undo (the inverse) always restores the state before the first.
            try store.apply(first!.inverse, to: id, at: 300)
            XCTAssertEqual(try isOn(effect, id, store), before, effect.name)
            let log = try store.actionLog().filter { $0.itemID == id }.map(\.action)
            XCTAssertEqual(log, [first!.rawValue, second!.rawValue, first!.inverse.rawValue], effect.name)
        }
    }

    func testLogNamesAreUniqueAndReadBackAsTheirChange() {
        let changes = ItemEffect.all.flatMap { [ItemChange($0, on: true), ItemChange($0, on: false)] }
        XCTAssertEqual(Set(changes.map(\.rawValue)).count, changes.count)
        for change in changes {
            XCTAssertEqual(ItemChange(rawValue: change.rawValue), change)
            XCTAssertEqual(change.inverse.inverse, change)
            XCTAssertFalse(change.message.isEmpty)
        }
        XCTAssertNil(ItemChange(rawValue: "purge"))
        XCTAssertEqual(Set(ItemEffect.all.map(\.name)).count, ItemEffect.all.count)
        for effect in ItemEffect.all { XCTAssertEqual(ItemEffect.named(effect.name), effect) }
    }

    func testAnEffectWithoutDataLogsItsDetailAndChangesNothing() throws {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("items.sqlite3"))
        let item = ItemRecord(id: "1", listID: "inbox", title: "x", sortKey: 0, updatedAt: 7)
        try store.insert([item])
        XCTAssertNil(try store.perform(actionID: "open", on: "1", effect: nil, logDetail: "detail", at: 50))
        XCTAssertEqual(try store.item(id: "1"), item)
        XCTAssertEqual(try store.actionLog().last.map { [$0.action, $0.detail] }, ["open", "detail"])
        XCTAssertThrowsError(try store.perform(actionID: "open", on: "2", effect: .flag, logDetail: "", at: 50))
    }

    /// Whether `effect` is on for item `id`, as its declaration's SQL says.
    private func isOn(_ effect: ItemEffect, _ id: ItemID, _ store: ItemStore) throws -> Bool {
        try store.db.withStatement("SELECT \(effect.isOnSQL) FROM items WHERE id = ?1", operation: "test") { s throws(StoreError) in
            try s.bind(1, id.value)
            _ = try s.step()
            return s.bool(0)
        }
    }
}
