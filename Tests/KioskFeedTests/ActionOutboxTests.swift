// The outbox cursor's rules without a broker: rows in id order, the cursor only over a run of
// acknowledged rows from its start (out-of-order PUBACKs keep it at the lowest unacknowledged
// row), a bounded window, and everything in flight sent again after a lost connection.
@testable import KioskFeed
import XCTest

final class ActionOutboxTests: XCTestCase {
    func testCursorMovesOnlyOverAcknowledgedRunFromItsStart() {
        var outbox = ActionOutbox(cursor: 10)
        outbox.sent(logID: 11, mid: 1)
        outbox.sent(logID: 12, mid: 2)
        outbox.sent(logID: 14, mid: 3)
        XCTAssertEqual(outbox.lastSent, 14)
        XCTAssertTrue(outbox.acknowledge(mid: 2) == (true, false))
        XCTAssertEqual(outbox.cursor, 10, "row 11 is not acknowledged yet")
        XCTAssertTrue(outbox.acknowledge(mid: 1) == (true, true))
        XCTAssertEqual(outbox.cursor, 12)
        XCTAssertTrue(outbox.acknowledge(mid: 9) == (false, false), "an unknown mid changes nothing")
        XCTAssertTrue(outbox.acknowledge(mid: 3) == (true, true))
        XCTAssertEqual(outbox.cursor, 14)
        XCTAssertEqual(outbox.room, ActionOutbox.window)
    }

    func testLostConnectionSendsEverythingAfterTheCursorAgain() {
        var outbox = ActionOutbox(cursor: 0)
        for id in 1...Int64(ActionOutbox.window) { outbox.sent(logID: id, mid: Int32(id)) }
        XCTAssertEqual(outbox.room, 0)
        _ = outbox.acknowledge(mid: 1)
        outbox.resend()
        XCTAssertEqual(outbox.cursor, 1)
        XCTAssertEqual(outbox.lastSent, 1, "rows 2… go out again")
        XCTAssertTrue(outbox.acknowledge(mid: 2) == (false, false), "a PUBACK from the old connection is ignored")
    }
}
