// The app's own actions on a 100,000-item list, played through the replay runtime on its virtual
// clock (issue 26: the list is re-read by the section reader off the UI loop now; replay waits
// for it, so what a script shows is what it showed when the loop read the list itself): the row
// goes, the list's count and the lists page's counts follow, Undo brings the item back, a burst
// of full swipes ends with exactly the rows the store deleted gone, and every frame drawn with
// damage tracking equals a full redraw. The lists page's counts now follow the app's own
// actions too (they stayed as they were until another program wrote).
import Foundation
import KioskUI
import TestSupport
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskStore

final class OwnWriteScenarioTests: XCTestCase {
    static let items = 100_000
    static let (width, height) = (800, 480)

    /// The app over `items` inbox items (the lists of OwnWriteOffLoopTests, with the lists page),
    /// with the inbox opened from the lists page.
    func openInbox(_ dir: TemporaryDirectory) throws -> AppStreamHarness {
        let harness = try AppStreamHarness(
            database: try OwnWriteOffLoopTests.database(dir, items: Self.items), width: Self.width, height: Self.height,
            styles: [:], configuration: try KioskConfiguration.parse(OwnWriteOffLoopTests.configuration(listsPage: true), file: "k.toml"))
        let opened = try harness.play("at 0 tap 200 100", durationMs: 900)
        XCTAssertEqual(opened.state.stack, ["", "inbox"])
        return harness
    }

    /// Opens the top row's trailing actions and taps `action`, then lets the row settle.
    func run(_ action: String, on harness: AppStreamHarness) throws -> AppStreamHarness.Outcome {
        let open = try harness.play("at 0 swipe 0 770 130 500 130 200", durationMs: 700)
        let row = try XCTUnwrap(open.state.rows.first { $0.swipeState == "open" }, "a row opened")
        let button = try XCTUnwrap(row.actions.first { $0.id == action }?.frame)
        return try harness.play("at 0 tap \(Int(button[0] + button[2] / 2)) \(Int(row.frame[1] + row.frame[3] / 2))", durationMs: 1000)
    }

    /// Taps the toast's Undo (the trailing 30 % of a toast at most 560 px wide, 48 px up).
    func undo(_ harness: AppStreamHarness) throws -> AppStreamHarness.Outcome {
        let w = min(Double(Self.width) - 32, 560), x = (Double(Self.width) + w) / 2 - w * 0.15
        return try harness.play("at 0 tap \(Int(x)) \(Self.height - 48)", durationMs: 1000)
    }

    func inbox(_ harness: AppStreamHarness) throws -> ListPage { try XCTUnwrap(harness.app.pages["inbox"]) }

    /// The subtitles of the lists page's rows ("99999 items"), in list order.
    func listCounts(_ harness: AppStreamHarness) throws -> [String] {
        let lists = try XCTUnwrap(harness.app.pages[KioskApplication.listsPageID])
        return (0..<lists.data.count).map { lists.data.item(at: $0).subtitle }
    }

    func stored(_ harness: AppStreamHarness, _ id: String) throws -> ItemRecord {
        try XCTUnwrap(try harness.app.store.item(id: ItemID(id)))
    }

    func testADeleteTakesTheRowOutOfTheListAndItsCountAndUndoBringsItBack() throws {
        let dir = try TemporaryDirectory()
        let harness = try openInbox(dir)
        XCTAssertEqual(try listCounts(harness), ["100000 items", "0 items"])
        let deleted = try run("delete", on: harness)
        XCTAssertTrue(deleted.damageMatchesFull)
        XCTAssertEqual(deleted.state.toast, "Deleted")
        XCTAssertEqual(deleted.state.rows.first?.id, "item-1", "the row is gone")
        XCTAssertEqual(try inbox(harness).data.count, Self.items - 1)
        XCTAssertEqual(try inbox(harness).data.item(at: 0).id, "item-1")
        XCTAssertNotNil(try stored(harness, "item-0").deletedAt)
        XCTAssertEqual(try listCounts(harness), ["99999 items", "0 items"], "the lists page counts the delete")

        let undone = try undo(harness)
        XCTAssertTrue(undone.damageMatchesFull)
        XCTAssertEqual(harness.app.log.map(\.action), ["delete", "undo-delete"])
        XCTAssertEqual(undone.state.rows.first?.id, "item-0", "Undo brings the row back")
        XCTAssertEqual(try inbox(harness).data.count, Self.items)
        XCTAssertNil(try stored(harness, "item-0").deletedAt)
        XCTAssertEqual(try listCounts(harness), ["100000 items", "0 items"])
    }

    func testAnArchiveMovesTheItemToTheArchiveListsCountAndUndoMovesItBack() throws {
        let dir = try TemporaryDirectory()
        let harness = try openInbox(dir)
        let archived = try run("archive", on: harness)
        XCTAssertEqual(archived.state.toast, "Archived")
        XCTAssertEqual(archived.state.rows.first?.id, "item-1")
        XCTAssertEqual(try inbox(harness).data.count, Self.items - 1)
        XCTAssertEqual(try listCounts(harness), ["99999 items", "1 item"])

        let undone = try undo(harness)
        XCTAssertEqual(undone.state.rows.first?.id, "item-0")
        XCTAssertEqual(try inbox(harness).data.count, Self.items)
        XCTAssertEqual(try listCounts(harness), ["100000 items", "0 items"])
    }

    func testAFlagShowsOnTheRowAndLeavesTheCounts() throws {
        let dir = try TemporaryDirectory()
        let harness = try openInbox(dir)
        let flagged = try run("flag", on: harness)
        XCTAssertTrue(flagged.damageMatchesFull)
        XCTAssertEqual(flagged.state.rows.first?.id, "item-0")
        XCTAssertTrue(try inbox(harness).data.item(at: 0).flagged)
        XCTAssertEqual(try stored(harness, "item-0").flagged, true)
        XCTAssertEqual(try inbox(harness).data.count, Self.items)
        XCTAssertEqual(try listCounts(harness), ["100000 items", "0 items"])
    }

    /// Full swipes 250 ms apart on the top row: each starts while the row before is still
    /// sliding off or the rows below are moving up. Whatever each one lands on, the list ends
    /// with exactly the items the store has deleted gone, in order, and the counts agree.
    func testABurstOfFullSwipesEndsWithExactlyTheStoredDeletesGone() throws {
        let dir = try TemporaryDirectory()
        let harness = try openInbox(dir)
        let swipes = (0..<6).map { "at \($0 * 250) swipe 0 780 130 20 130 120" }.joined(separator: "\n")
        let burst = try harness.play(swipes, durationMs: 3000)
        XCTAssertTrue(burst.damageMatchesFull)
        let deletes = harness.app.log.filter { $0.action == "delete" }.map(\.item)
        XCTAssertGreaterThanOrEqual(deletes.count, 3, "most of the swipes deleted a row: \(harness.app.log)")
        let stored = try harness.app.store.db.withStatement(
            "SELECT id FROM items WHERE deleted_at IS NOT NULL ORDER BY sort_key", operation: "test") { s throws(StoreError) in
            var ids: [String] = []
            while try s.step() { ids.append(s.text(0)) }
            return ids
        }
        XCTAssertEqual(Set(stored), Set(deletes), "the dump's log and the store agree")
        let page = try inbox(harness)
        XCTAssertEqual(page.data.count, Self.items - stored.count)
        let expected = (0..<Self.items).lazy.map { "item-\($0)" }.filter { !stored.contains($0) }.prefix(8)
        XCTAssertEqual((0..<8).map { page.data.item(at: $0).id }, Array(expected))
        XCTAssertEqual(burst.state.rows.first?.id, expected.first, "the top row is the first item left")
        XCTAssertEqual(burst.state.rows.filter { $0.swipeState != "idle" }.map(\.id), [], "every row at rest")
        XCTAssertEqual(try listCounts(harness).first, "\(Self.items - stored.count) items")

        // The toast offers Undo of the last delete.
        _ = try undo(harness)
        XCTAssertEqual(page.data.count, Self.items - stored.count + 1)
        XCTAssertNil(try self.stored(harness, try XCTUnwrap(deletes.last)).deletedAt)
        XCTAssertEqual(try listCounts(harness).first, "\(Self.items - stored.count + 1) items")
    }
}
