// After a delete the list reloads, and the page asked whether the deleted item was still in the
// list by looking for it row by row: through the whole list, every page of the store read on the
// UI loop (issue 26: ~0.4 s at 100,000 items, for each delete or archive). The store's data source
// answers with one indexed look-up now.
import Foundation
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

    /// A database of `count` inbox items `item-0`… in sections of ten, written in one statement.
    static func database(_ dir: TemporaryDirectory, items count: Int) throws -> String {
        let path = dir.file("items.sqlite3")
        let store = try ItemStore(path: path)
        try store.db.execute("""
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1))
            INSERT INTO items (id, list_id, title, section, sort_key)
            SELECT 'item-' || i, 'inbox', 'Person ' || i, 'Day ' || (i / 10 + 1), i FROM n
            """, operation: "test items")
        return path
    }

    /// An app over `items` items on `clock`, come to rest.
    func app(_ dir: TemporaryDirectory, items: Int, clock: KioskApplication.StoreClock) throws -> KioskApplication {
        let app = try AppOptions.parse([]).makeApplication(
            configuration: try KioskConfiguration.parse(Self.configuration(), file: "k.toml"),
            databasePath: try Self.database(dir, items: items), size: (800, 480), storeClock: clock)
        for t in stride(from: 0.0, through: 1.0, by: 0.25) { app.tick(time: t) }
        return app
    }

    func inbox(_ app: KioskApplication) throws -> ListPage { try XCTUnwrap(app.pages["inbox"]) }

    func action(_ id: String) -> ActionRef {
        ActionRef(list: "inbox", edge: id == "read" ? .leading : .trailing, id: id)
    }

    /// The reload after a delete asked the list, row by row, whether the deleted item was still
    /// in it: every page of the store was read on the loop (20,000 items: 313 queries, ~0.4 s at
    /// 100,000). One indexed look-up answers now, and only the pages on screen are read.
    func testTheReloadAfterADeleteReadsOnlyThePagesOnScreen() throws {
        let dir = try TemporaryDirectory()
        let app = try app(dir, items: 20_000, clock: .virtual(epoch: AppOptions.headlessEpoch))
        let page = try inbox(app)
        app.perform(action("delete"), on: ItemID("item-0"))
        for frame in 1...30 { app.tick(time: 1 + Double(frame) / 60) }
        XCTAssertEqual(page.data.count, 19_999)
        XCTAssertEqual(page.data.item(at: 0).id, "item-1")
        let data = try XCTUnwrap(page.data as? StoreDataSource)
        XCTAssertLessThanOrEqual(data.pages.keys.max() ?? 0, 0, "pages read: \(data.pages.keys.sorted())")
    }
}
