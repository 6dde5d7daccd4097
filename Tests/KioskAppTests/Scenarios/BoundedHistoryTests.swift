// The in-memory histories of a running app (haptics and actions in the state dump, pending
// writes) stay at their caps however long `run` lives: thousands of interactions, each logging
// an action and a haptic, leave exactly the newest `historyLimit` of each; items naming
// thousands of missing pictures leave at most `failureLimit` remembered and the newest warnings.
import KioskUI
import KioskStore
import SwipeCore
import XCTest
@testable import KioskApp
import KioskConfig

final class BoundedHistoryTests: XCTestCase {
    func testHistoriesStayAtTheirCapsAfterManyInteractions() throws {
        let dir = try TemporaryDirectory()
        let app = try AppOptions.parse([]).makeApplication(
            configuration: .demo, databasePath: dir.file("items.sqlite3"), size: (width: 1280, height: 800))
        let limit = KioskApplication.historyLimit
        for n in 0..<(limit * 5) {
            app.tick(time: Instant(seconds: Double(n) * 0.02))
            app.commit(.flag, itemID: ItemID("inbox-\(n % 5 + 1)"), action: ActionRef(list: "inbox", edge: .trailing, id: "flag"))
            app.apply(.haptic(.action))
        }
        XCTAssertEqual(app.log.count, limit)
        XCTAssertEqual(app.haptics.count, limit)
        XCTAssertEqual(app.log.last?.item, "inbox-\((limit * 5 - 1) % 5 + 1)", "the newest entries are kept")
        XCTAssertEqual(try app.store.actionLog(limit: limit * 10).filter { $0.action.hasSuffix("flag") }.count, limit * 5,
                       "the database keeps every action")
    }

    func testBadPicturesAreRememberedUpToALimit() throws {
        let dir = try TemporaryDirectory()
        let pictures = PictureLibrary(directory: dir.path, cacheBytes: 1 << 20, cornerFraction: 0.5, waitsForDecoder: true)
        let count = PictureLibrary.failureLimit + 100
        for start in stride(from: 0, to: count, by: 40) {
            for n in start..<min(count, start + 40) { XCTAssertNil(pictures.thumbnail("missing-\(n).jpg", side: 40)) }
            XCTAssertTrue(pictures.waitForDecoderIfReplaying())
            pictures.collect()
        }
        XCTAssertEqual(pictures.failures.count, PictureLibrary.failureLimit)
        XCTAssertEqual(pictures.warnings.count, KioskApplication.historyLimit)
        XCTAssertTrue(pictures.warnings.contains { $0.contains("/missing-\(count - 1).jpg") }, "the newest warnings are kept")
        XCTAssertFalse(pictures.warnings.contains { $0.contains("/missing-0.jpg") })
        XCTAssertFalse(pictures.isDecoding)
        _ = pictures.thumbnail("missing-\(count - 1).jpg", side: 40)
        XCTAssertFalse(pictures.isDecoding, "a remembered failure is not tried again")
        _ = pictures.thumbnail("missing-0.jpg", side: 40)
        XCTAssertTrue(pictures.isDecoding, "the oldest was forgotten: it is tried again")
    }
}
