// With an inotify watch on the database (AppScreen+DatabaseWatch) the app must not wake up to
// poll the store: its next deadline has no poll until the watch reports a write, and then it is
// due at once. Without a watch it keeps polling every poll interval; a private in-memory
// database (replay, screenshot) is never polled.
import KioskStore
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class StoreWatchTests: XCTestCase {
    func testAWatchedStoreIsCheckedOnlyAfterAWrite() throws {
        var configuration = KioskConfiguration.demo
        configuration.idle.resetAfter = 0  // no idle-reset deadline: only the poll could wake the app
        let dir = try TemporaryDirectory()
        let app = try AppOptions.parse([]).makeApplication(
            configuration: configuration, databasePath: dir.file("items.sqlite3"), size: (640, 400))
        for t in stride(from: 0.0, through: 5.0, by: 0.25) { app.tick(time: Instant(seconds: t)) }  // come to rest
        let interval = Double(configuration.data.pollInterval) / 1000
        XCTAssertEqual((try XCTUnwrap(app.nextDeadline(after: 5)) - 5).inSeconds, interval, accuracy: 0.3, "polling without a watch")
        app.storePoll.watched = true
        XCTAssertNil(app.nextDeadline(after: 5), "a watched store never wakes an idle app")
        app.storePoll.writeSeen()
        XCTAssertEqual(app.nextDeadline(after: 5), 5, "a reported write is checked at once")
        app.tick(time: 5)
        XCTAssertFalse(app.storePoll.mayHaveChanged)
        XCTAssertNil(app.nextDeadline(after: 5))
    }

    /// replay's and screenshot's private in-memory database has no other writer: never polled.
    func testAPrivateInMemoryStoreIsNeverPolled() throws {
        var configuration = KioskConfiguration.demo
        configuration.idle.resetAfter = 0
        let options = try AppOptions.parse([])
        let app = try options.makeApplication(configuration: configuration, databasePath: ItemStore.inMemoryPath, size: (640, 400))
        for t in stride(from: 0.0, through: 5.0, by: 0.25) { app.tick(time: Instant(seconds: t)) }
        XCTAssertNil(app.nextDeadline(after: 5), "nothing wakes an idle replay")
    }
}
