// Store reads that fail while the app runs are never swallowed: when another program breaks the
// database under the running app (here it renames the items table), the next sync reports the
// cause once (stderr and a toast "Could not read the items: …") and the list keeps its rows;
// once the table is back, reads work again and a later failure is reported anew.
import XCTest
@testable import KioskApp
@testable import KioskStore

final class ReadFailureScenarioTests: XCTestCase {
    func testAnUnreadableStoreIsReportedOnceAndTheListKeepsItsRows() throws {
        let f = try WriteFailureScenarioTests.Fixture()
        f.run(for: 200)
        let rows = f.itemIDs
        XCTAssertFalse(rows.isEmpty)

        try f.other.db.execute("ALTER TABLE items RENAME TO items_elsewhere", operation: "test")
        f.run(for: 1500)
        XCTAssertEqual(f.dump["toast"] as? String, "Could not read the items: no such table: items")
        XCTAssertEqual(f.reported.count, 1, "\(f.reported)")
        XCTAssertTrue(f.reported.first?.hasPrefix("could not read ") == true, "\(f.reported)")
        XCTAssertTrue(f.reported.first?.contains("no such table: items") == true, "\(f.reported)")
        XCTAssertEqual(f.itemIDs, rows, "the rows on screen stay while the store cannot be read")

        // Every further read fails the same way: still one report.
        f.app.openDetail(ItemID(rows[0]))
        f.run(for: 500)
        XCTAssertEqual(f.reported.count, 1, "\(f.reported)")

        try f.other.db.execute("ALTER TABLE items_elsewhere RENAME TO items", operation: "test")
        f.run(for: 1000)
        XCTAssertNil(f.app.failingReadCause, "a read succeeded again")
        XCTAssertEqual(f.itemIDs, rows)

        try f.other.db.execute("ALTER TABLE items RENAME TO items_elsewhere", operation: "test")
        f.run(for: 1000)
        XCTAssertEqual(f.reported.count, 2, "a new failure after a good read is reported again: \(f.reported)")
    }
}
