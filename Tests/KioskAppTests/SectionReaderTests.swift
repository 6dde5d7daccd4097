// Another program's write is brought in without the loop walking the list's index (issue 26:
// 13–19 ms at 100,000 items on the UI thread per outside commit). On the device's clock the tick
// that sees the write only hands the lists to the section reader: the list on screen keeps its
// old data, whole, until the reader's sections come back, and a later tick swaps them in. On
// replay's virtual clock the loop waits for the reader, so the tick that sees the write shows it.
import Foundation
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskStore

final class SectionReaderTests: XCTestCase {
    func app(_ dir: TemporaryDirectory, clock: KioskApplication.StoreClock) throws -> KioskApplication {
        var configuration = KioskConfiguration.demo
        configuration.idle.resetAfter = 0
        return try AppOptions.parse([]).makeApplication(
            configuration: configuration, databasePath: dir.file("items.sqlite3"), size: (640, 400), storeClock: clock)
    }

    func inboxCount(_ app: KioskApplication) -> Int? { app.pages["inbox"]?.data.count }

    /// An app over a new database on `clock`, come to rest, its inbox count, and then another
    /// process's new item in the inbox (not yet looked at).
    func appAfterOutsideWrite(_ dir: TemporaryDirectory, clock: KioskApplication.StoreClock) throws -> (KioskApplication, Int) {
        let app = try app(dir, clock: clock)
        for t in stride(from: 0.0, through: 2.0, by: 0.25) { app.tick(time: Instant(seconds: t)) }
        let before = try XCTUnwrap(inboxCount(app))
        try writeFromOutside(dir)
        return (app, before)
    }

    /// Another process adds an item to the inbox.
    func writeFromOutside(_ dir: TemporaryDirectory) throws {
        let other = try ItemStore(path: dir.file("items.sqlite3"))
        try other.db.execute("INSERT INTO items (id, list_id, title, sort_key) VALUES ('outside', 'inbox', 'From outside', -1)",
                             operation: "test")
    }

    func testOnTheDevicesClockTheLoopSwapsInSectionsReadOffIt() throws {
        let dir = try TemporaryDirectory()
        let (app, before) = try appAfterOutsideWrite(dir, clock: .wall)
        app.storePoll.writeSeen()
        app.storePoll.watched = true
        app.tick(time: 2.5)
        // The reader may already be done when a slow machine ticks; the tick itself only asked.
        var time: Instant = 2.5
        let patience = Date().addingTimeInterval(10)
        while inboxCount(app) == before, Date() < patience {
            XCTAssertNotNil(app.nextDeadline(after: time), "the loop looks again while the reader reads")
            Thread.sleep(forTimeInterval: 0.005)
            time += .milliseconds(8)
            app.tick(time: time)
        }
        XCTAssertEqual(inboxCount(app), before + 1, "the reader's sections were swapped in")
        XCTAssertEqual(app.pages["inbox"]?.data.item(at: 0).id, "outside")
    }

    func testTheTickThatSeesTheWriteAsksTheReaderInsteadOfReading() throws {
        let dir = try TemporaryDirectory()
        let (app, before) = try appAfterOutsideWrite(dir, clock: .wall)
        let reader = try XCTUnwrap(app.sectionReader)
        app.storePoll.writeSeen()
        app.storePoll.watched = true
        app.refreshAfterOutsideChange()
        // Nothing was read on this thread: the list still holds its old sections whole.
        XCTAssertEqual(inboxCount(app), before)
        reader.waitUntilRead()
        app.collectSections()
        XCTAssertEqual(inboxCount(app), before + 1)
    }

    /// Adversarial pass: sections the reader read before one of the app's own writes were
    /// swapped in after the loop had read the list itself, showing the older state until the
    /// next outside change.
    func testSectionsReadBeforeTheAppsOwnReadAreDropped() throws {
        let dir = try TemporaryDirectory()
        let (app, before) = try appAfterOutsideWrite(dir, clock: .wall)
        let reader = try XCTUnwrap(app.sectionReader)
        app.refreshAfterOutsideChange()
        reader.waitUntilRead()  // its sections hold the outside item only
        try app.store.db.execute("INSERT INTO items (id, list_id, title, sort_key) VALUES ('own', 'inbox', 'Own', -2)",
                                 operation: "test")
        app.reload("inbox")  // the app's own write, read on the loop: both new items
        XCTAssertEqual(inboxCount(app), before + 2)
        app.collectSections()
        XCTAssertEqual(inboxCount(app), before + 2, "the older sections were not swapped in")
    }

    /// Adversarial pass: on a lists-page kiosk every outside commit counted every list on the
    /// loop. The reader counts them; the page takes its counts when they come back.
    func testTheListsPageTakesItsCountsFromTheReader() throws {
        let dir = try TemporaryDirectory()
        let configuration = try KioskConfiguration.parse("""
            [ui]
            lists_page = true
            [[lists]]
            id = "a"
            title = "Alpha"
            [[lists]]
            id = "b"
            title = "Beta"
            """, file: "k.toml")
        let app = try AppOptions.parse([]).makeApplication(
            configuration: configuration, databasePath: dir.file("items.sqlite3"), size: (640, 400), storeClock: .wall)
        let lists = try XCTUnwrap(app.pages[KioskApplication.listsPageID])
        XCTAssertEqual(lists.data.item(at: 1).subtitle, "0 items")
        let other = try ItemStore(path: dir.file("items.sqlite3"))
        try other.db.execute("INSERT INTO items (id, list_id, title) VALUES ('x', 'b', 'X')", operation: "test")
        app.refreshAfterOutsideChange()
        XCTAssertEqual(lists.data.item(at: 1).subtitle, "0 items", "nothing counted on the loop")
        try XCTUnwrap(app.sectionReader).waitUntilRead()
        app.collectSections()
        XCTAssertEqual(lists.data.item(at: 1).subtitle, "1 item")
    }

    func testOnTheVirtualClockTheTickThatSeesTheWriteShowsIt() throws {
        let dir = try TemporaryDirectory()
        let (app, before) = try appAfterOutsideWrite(dir, clock: .virtual(epoch: AppOptions.headlessEpoch))
        app.storePoll.writeSeen()
        app.storePoll.watched = true
        app.tick(time: 2.5)
        XCTAssertEqual(inboxCount(app), before + 1)
    }

    func testAPrivateInMemoryStoreHasNoReader() throws {
        let app = try AppOptions.parse([]).makeApplication(
            configuration: .demo, databasePath: ItemStore.inMemoryPath, size: (640, 400))
        XCTAssertNil(app.sectionReader)
    }
}
