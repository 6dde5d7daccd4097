// The in-memory histories of a running app (haptics and actions in the state dump, pending
// writes) stay at their caps however long `run` lives: thousands of interactions, each logging
// an action and a haptic, leave exactly the newest `historyLimit` of each.
import XCTest
@testable import KioskApp
import KioskConfig

final class BoundedHistoryTests: XCTestCase {
    func testHistoriesStayAtTheirCapsAfterManyInteractions() throws {
        let dir = try TemporaryDirectory()
        let app = try AppOptions.parse([]).makeApplication(
            configuration: KioskConfiguration(), databasePath: dir.file("items.sqlite3"), size: (width: 1280, height: 800))
        let limit = KioskApplication.historyLimit
        for n in 0..<(limit * 5) {
            app.tick(time: Double(n) * 0.02)
            app.commit(.flag, itemID: "inbox-\(n % 5 + 1)", actionID: "flag")
            app.apply(.haptic(.action))
        }
        XCTAssertEqual(app.log.count, limit)
        XCTAssertEqual(app.haptics.count, limit)
        XCTAssertEqual(app.log.last?.item, "inbox-\((limit * 5 - 1) % 5 + 1)", "the newest entries are kept")
        XCTAssertEqual(try app.store.actionLog(limit: limit * 10).filter { $0.action.hasSuffix("flag") }.count, limit * 5,
                       "the database keeps every action")
    }
}
