// The app acts on exactly what the person touched: an action is named by its list, its edge and
// its id, and a sheet's rows by their position, so the sheet's own Cancel, a configured action
// called `cancel`, and the same id on both edges of a row are never confused. Through `replay`
// on a database file, reading back what the kiosk wrote to `actions_log`.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ActionIdentityScenarioTests: XCTestCase {
    /// A list whose trailing action is called `cancel` and deletes ("Cancel order"), and whose
    /// leading action has the same id as a trailing one (`mark`) but another effect.
    static let config = """
        [[lists]]
        id = "inbox"
        title = "Inbox"
        [[lists.trailing.actions]]
        id = "cancel"
        title = "Cancel order"
        style = "destructive"
        effect = "delete"
        [[lists.trailing.actions]]
        id = "mark"
        title = "Flag"
        color = "#FF9500"
        effect = "flag"
        [[lists.leading.actions]]
        id = "mark"
        title = "Read"
        color = "#007AFF"
        effect = "read"
        """

    func run(_ lines: String) throws -> (state: [String: Any], log: [ActionLogEntry]) {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let s = try Scenario("""
            size 1280x800
            \(lines)
            at 3000 state after.json
            at 3100 end
            """, config: Self.config, database: path)
        let log = try ItemStore(path: path).actionLog().filter { $0.action != "seed" }
        return (try s.state("after"), log)
    }

    func testTheSheetsCancelCancelsAndDoesNotRunAnActionCalledCancel() throws {
        // Long press the second row; the sheet has Cancel order, Flag, Read, Cancel: the sheet's
        // own Cancel is its last row, 16 px above the panel's bottom edge (784) and 56 px high.
        let (state, log) = try run("""
            at 0    down 1 400 178
            at 700  up 1
            at 1100 tap 640 756
            """)
        XCTAssertEqual(log, [], "Cancel wrote \(log)")
        XCTAssertTrue(state.items.contains { $0["id"] as? String == "inbox-2" }, "inbox-2 is still listed")
        XCTAssertNil(state.sheet)
    }

    func testTheSheetsCancelOrderRowRunsTheConfiguredAction() throws {
        // The first row below the 56 px header of a four-row sheet (panel 800 - 296 = 504).
        let (_, log) = try run("""
            at 0    down 1 400 178
            at 700  up 1
            at 1100 tap 640 588
            """)
        XCTAssertEqual(log.map(\.action), ["delete"])
        XCTAssertEqual(log.first?.detail, "cancel")
        XCTAssertEqual(log.first?.itemID, "inbox-2")
    }

    func testTheSameIdOnBothEdgesRunsTheActionOfTheEdgeThatWasTapped() throws {
        // Open each side of the row at y = 178 and tap its `mark` button: trailing `mark` flags,
        // leading `mark` marks read (the old look-up by id alone took the leading one for both).
        for (open, edge, expected) in [("swipe 0 1200 178 800 178 300", "trailing", "flag"), ("swipe 0 100 178 400 178 300", "leading", "read")] {
            let opened = try Scenario("size 1280x800\nat 0 \(open)\nat 1000 state open.json\nat 1100 end", config: Self.config)
            let row = try XCTUnwrap(try opened.state("open").rows.first { $0["id"] as? String == "inbox-2" })
            XCTAssertEqual((row["swipe"] as? [String: Any])?["side"] as? String, edge)
            let mark = try XCTUnwrap((row["actions"] as? [[String: Any]])?.first { $0["id"] as? String == "mark" }?["frame"] as? [Double])
            let (_, log) = try run("""
                at 0    \(open)
                at 1000 tap \(Int(mark[0] + mark[2] / 2)) 178
                """)
            XCTAssertEqual(log.map(\.action), [expected], "\(edge): \(log)")
            XCTAssertEqual(log.first?.detail, "mark")
        }
    }
}
