// The app's own actions (delete, archive, flag, read, Undo) re-read the list on the UI loop after
// each write (issue 26: 13–19 ms at 100,000 items), and a delete's reload then looked for the
// deleted item row by row through the whole list (~0.4 s at 100,000 items). On the device's
// clock the action now writes and shows at once (the row collapses, the toast), the section
// reader re-reads the list off the loop and a later tick swaps it in; sections read before a
// newer action of the app's own are dropped, never swapped in. Replay's virtual clock waits for
// the reader (OwnWriteScenarioTests).
import Foundation
import SwipeCore
import TestSupport
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskStore
@testable import KioskUI

final class OwnWriteOffLoopTests: XCTestCase {
    /// An inbox of unarchived items with delete (a full swipe's), archive and flag (trailing) and
    /// read (leading); with `listsPage`, the lists page and a list of the archived items too.
    static func configuration(listsPage: Bool = false) -> String {
        """
        \(listsPage ? "[ui]\nlists_page = true" : "")
        [data]
        undo_window_s = 30
        [[lists]]
        id = "inbox"
        title = "Inbox"
        [lists.filter]
        archived = false
        [lists.trailing]
        expansion = "destructive"
        [[lists.leading.actions]]
        id = "read"
        title = "Read"
        effect = "read"
        [[lists.trailing.actions]]
        id = "delete"
        title = "Delete"
        effect = "delete"
        [[lists.trailing.actions]]
        id = "archive"
        title = "Archive"
        effect = "archive"
        [[lists.trailing.actions]]
        id = "flag"
        title = "Flag"
        effect = "flag"
        \(listsPage ? "[[lists]]\nid = \"archive\"\ntitle = \"Archive\"\n[lists.filter]\nsource = \"inbox\"\narchived = true" : "")
        """
    }

    /// A database of `count` inbox items `item-0`… in sections of `perSection`, written in one statement.
    static func database(_ dir: TemporaryDirectory, items count: Int, perSection: Int = 10) throws -> String {
        let path = dir.file("items.sqlite3")
        let store = try ItemStore(path: path)
        try store.db.execute("""
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1))
            INSERT INTO items (id, list_id, title, section, sort_key)
            SELECT 'item-' || i, 'inbox', 'Person ' || i, 'Day ' || (i / \(perSection) + 1), i FROM n
            """, operation: "test items")
        return path
    }

    /// An app over `items` items on `clock`, come to rest.
    func app(_ dir: TemporaryDirectory, items: Int, clock: KioskApplication.StoreClock) throws -> KioskApplication {
        let app = try AppOptions.parse([]).makeApplication(
            configuration: try KioskConfiguration.parse(Self.configuration(), file: "k.toml"),
            databasePath: try Self.database(dir, items: items), size: (800, 480), storeClock: clock)
        for t in stride(from: 0.0, through: 1.0, by: 0.25) { app.tick(time: Instant(seconds: t)) }
        return app
    }

    func inbox(_ app: KioskApplication) throws -> ListPage { try XCTUnwrap(app.pages["inbox"]) }

    func action(_ id: String) -> ActionRef {
        ActionRef(list: "inbox", edge: id == "read" ? .leading : .trailing, id: id)
    }

    func testOnTheDevicesClockAFlagIsWrittenAtOnceAndTheListReReadOffTheLoop() throws {
        let dir = try TemporaryDirectory()
        let app = try app(dir, items: 50, clock: .wall)
        let page = try inbox(app)
        let shown = page.data as AnyObject
        app.perform(action("flag"), on: ItemID("item-0"))
        XCTAssertEqual(try app.store.item(id: ItemID("item-0"))?.flagged, true, "the flag is stored at once")
        XCTAssertTrue(page.data as AnyObject === shown, "the loop read nothing: the list keeps its data whole")
        try XCTUnwrap(app.sectionReader).waitUntilRead()
        app.collectSections()
        XCTAssertFalse(page.data as AnyObject === shown, "the reader's sections were swapped in")
        XCTAssertTrue(page.data.item(at: 0).flagged)
    }

    /// A delete re-read, then Undo before the reread was swapped in: the deleted state read for
    /// the delete is older than the Undo and must not show (the list would drop a row for a frame).
    func testSectionsReadBeforeANewerActionOfTheAppsOwnAreDropped() throws {
        let dir = try TemporaryDirectory()
        let app = try app(dir, items: 50, clock: .wall)
        let page = try inbox(app)
        let reader = try XCTUnwrap(app.sectionReader)
        app.perform(action("delete"), on: ItemID("item-0"))
        // The row has collapsed: the list is re-read without it…
        app.apply(UIEffect.rowRemoved(itemID: "item-0"))
        reader.waitUntilRead()
        // …and Undo lands before those sections are swapped in.
        app.undo(ItemID("item-0"))
        app.collectSections()
        XCTAssertEqual(page.data.count, 50, "the sections without item-0 were not swapped in")
        reader.waitUntilRead()
        app.collectSections()
        XCTAssertEqual(page.data.count, 50)
        XCTAssertEqual(page.data.item(at: 0).id, "item-0")
    }

    /// Until the re-read comes back the row that left stays out; when it comes, the rows on
    /// screen are where they were (no jump, no row back for a frame).
    func testTheSwapOfTheReReadMovesNoRow() throws {
        let dir = try TemporaryDirectory()
        let app = try app(dir, items: 50, clock: .wall)
        let page = try inbox(app)
        app.perform(action("archive"), on: ItemID("item-0"))
        // The scene's part of the ticks only: a whole tick would take in what the reader has
        // read, maybe at once.
        var time: Instant = 1
        while page.marks.isCollapsing("item-0"), time < 2 {
            time += Duration(seconds: 1.0 / 60)
            app.now = time
            app.scene.tick(time: time)
            app.process()
        }
        XCTAssertTrue(page.marks.isRemoved("item-0"), "the row collapsed")
        XCTAssertEqual(page.data.count, 50, "not read on the loop")
        let before = page.layoutRows(at: time).map { "\($0.item.id)@\($0.frame.minY)" }
        XCTAssertFalse(before.contains { $0.hasPrefix("item-0@") }, "the row that left is out")
        try XCTUnwrap(app.sectionReader).waitUntilRead()
        app.collectSections()
        XCTAssertEqual(page.data.count, 49)
        XCTAssertEqual(page.layoutRows(at: time).map { "\($0.item.id)@\($0.frame.minY)" }, before)
    }

    /// Adversarial pass: sections dropped as older than the loop's own read of a list (here: the
    /// list's page read again, as opening it does) left the lists page without the counts of the
    /// other lists read with them, until the next change. The lists page takes the counts that
    /// came and keeps the one its list's page has just read.
    func testTheListsPageTakesTheCountsThatCameWhenTheLoopReadAListItself() throws {
        let dir = try TemporaryDirectory()
        let app = try AppOptions.parse([]).makeApplication(
            configuration: try KioskConfiguration.parse(Self.configuration(listsPage: true), file: "k.toml"),
            databasePath: try Self.database(dir, items: 50), size: (800, 480), storeClock: .wall)
        app.openList("inbox")
        let lists = try XCTUnwrap(app.pages[KioskApplication.listsPageID])
        func counts() -> [String] { (0..<lists.data.count).map { lists.data.item(at: $0).subtitle } }
        XCTAssertEqual(counts(), ["50 items", "0 items"])
        let other = try ItemStore(path: dir.file("items.sqlite3"))
        try other.db.execute("UPDATE items SET archived = 1 WHERE id = 'item-5'", operation: "test")
        app.refreshAfterOutsideChange()
        try XCTUnwrap(app.sectionReader).waitUntilRead()
        app.reload("inbox")
        app.collectSections()
        XCTAssertEqual(counts(), ["49 items", "1 item"])
    }

    /// The reload after a delete asked the list, row by row, whether the deleted item was still
    /// in it: every page of the store was read on the loop (20,000 items: 313 queries, ~0.4 s at
    /// 100,000). One indexed look-up answers now, and only the pages on screen are read.
    func testTheReloadAfterADeleteReadsOnlyThePagesOnScreen() throws {
        let dir = try TemporaryDirectory()
        let app = try app(dir, items: 20_000, clock: .virtual(epoch: AppOptions.headlessEpoch))
        let page = try inbox(app)
        app.perform(action("delete"), on: ItemID("item-0"))
        for frame in 1...30 { app.tick(time: Instant(seconds: 1 + Double(frame) / 60)) }
        XCTAssertEqual(page.data.count, 19_999)
        XCTAssertEqual(page.data.item(at: 0).id, "item-1")
        let data = try XCTUnwrap(page.data as? StoreDataSource)
        XCTAssertLessThanOrEqual(data.pages.keys.max() ?? 0, 0, "pages read: \(data.pages.keys.sorted())")
    }
}
