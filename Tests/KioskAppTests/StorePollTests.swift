// When the app looks at the database for outside writes (StorePoll) at explicit times: every
// interval without a watch; with one, only after it saw a write, and at once then; every
// interval again while the database file is being waited for; never for a private store.
import XCTest
@testable import KioskApp

final class StorePollTests: XCTestCase {
    func testWithoutAWatchEveryInterval() {
        var poll = StorePoll(intervalMilliseconds: 500, privateStore: false)
        XCTAssertEqual(poll.nextLook(after: 0), 0.5)
        XCTAssertFalse(poll.takeLook(at: 0.499))
        XCTAssertTrue(poll.takeLook(at: 0.5))
        XCTAssertEqual(poll.nextLook(after: 0.5), 1.0)
        XCTAssertFalse(poll.takeLook(at: 0.9))
        XCTAssertTrue(poll.takeLook(at: 3), "a late tick looks once")
        XCTAssertFalse(poll.takeLook(at: 3))
    }

    func testAWatchedStoreIsLookedAtOnlyAfterAWrite() {
        var poll = StorePoll(intervalMilliseconds: 500, privateStore: false)
        poll.watched = true
        XCTAssertNil(poll.nextLook(after: 10))
        XCTAssertFalse(poll.takeLook(at: 100))
        poll.writeSeen()
        XCTAssertEqual(poll.nextLook(after: 100), 100, "at once")
        XCTAssertTrue(poll.takeLook(at: 100))
        XCTAssertFalse(poll.mayHaveChanged)
        XCTAssertNil(poll.nextLook(after: 100))
        // Waiting for the database file: the watch may miss the switch, so time decides again.
        poll.waitingForFile = true
        XCTAssertEqual(poll.nextLook(after: 100), 100.5)
        XCTAssertTrue(poll.takeLook(at: 100.5))
        poll.waitingForFile = false
        XCTAssertNil(poll.nextLook(after: 101))
    }

    func testAPrivateStoreIsNeverLookedAtUnlessTold() {
        var poll = StorePoll(intervalMilliseconds: 500, privateStore: true)
        poll.waitingForFile = true
        XCTAssertNil(poll.nextLook(after: 0))
        XCTAssertFalse(poll.takeLook(at: 1e6))
    }
}
