// The undo book at explicit times: an offer can be taken back until its window closes, a newer
// change replaces an older offer on the same item, expired entries end (an expired delete stays
// until the purge can run, and is reported as due), and a delete kept only for the purge
// (`undo = false`) cannot be taken back.
import XCTest
@testable import KioskApp
@testable import KioskStore

final class UndoBookTests: XCTestCase {
    func testAnOfferIsTakenBackOnlyInsideItsWindow() {
        var book = UndoBook()
        book.offer(.archive, on: "a", until: 10)
        XCTAssertNil(book.take("a", at: 10), "the window is closed at its end")
        XCTAssertEqual(book.take("a", at: 9.99), .archive)
        XCTAssertNil(book.take("a", at: 5), "taken once")
    }

    func testANewerChangeReplacesTheOlderOffer() {
        var book = UndoBook()
        book.offer(.flag, on: "a", until: 10)
        book.offer(.unflag, on: "a", until: 12)
        XCTAssertEqual(book.nextClose, 12)
        XCTAssertEqual(book.take("a", at: 11), .unflag)
    }

    func testExpiredDeletesWaitForThePurgeAndOtherEntriesEnd() {
        var book = UndoBook()
        book.offer(.delete, on: "d", until: 5)
        book.offer(.archive, on: "a", until: 5)
        book.offer(.flag, on: "f", until: 20)
        XCTAssertFalse(book.expire(at: 4, deletes: false))
        XCTAssertTrue(book.expire(at: 5, deletes: false), "a delete's window closed: the purge is due")
        XCTAssertEqual(Set(book.entries.keys), ["d", "f"], "the archive ended, the delete waits for the purge")
        XCTAssertTrue(book.expire(at: 6, deletes: true))
        XCTAssertEqual(Array(book.entries.keys), ["f"])
        XCTAssertEqual(book.nextClose, 20)
    }

    func testADeleteKeptOnlyForThePurgeCannotBeUndone() {
        var book = UndoBook()
        book.offer(.delete, on: "d", until: 30, undoable: false)
        XCTAssertFalse(book.offersUndo)
        XCTAssertNil(book.take("d", at: 1))
        XCTAssertEqual(book.nextClose, 30, "still purged when the window closes")
    }
}
