// Hostile titles cost what a screenful does in the UI as well as in Canvas: the avatar's
// initial reads a bounded prefix, and the text cache and the rows' damage signature hash a
// bounded prefix (String's hashing normalised the whole 10 MB title every frame) while
// equality still tells apart titles that differ only far in. A badge's label is bounded too.
import Canvas
import XCTest
@testable import KioskUI

final class HostileTextTests: XCTestCase {
    func testTheInitialOfALetterWithThirtyThousandAccentsIsBounded() {
        let item = ListItem(id: "1", title: "a" + String(repeating: "\u{0301}", count: 30_000))
        XCTAssertLessThanOrEqual(item.initial.unicodeScalars.count, 32)
        XCTAssertEqual(item.initial.unicodeScalars.first, "A")
        XCTAssertEqual(ListItem(id: "2", title: "🇯🇵 Tokyo").initial, "🇯🇵", "a whole cluster still")
    }

    func testABadgeFromAnotherProgramHasABoundedLabel() {
        XCTAssertEqual(ListItem(id: "1", title: "", badge: Int.max).badgeLabel, "999+")
        XCTAssertEqual(ListItem(id: "1", title: "", badge: 1000).badgeLabel, "999+")
        XCTAssertEqual(ListItem(id: "1", title: "", badge: 999).badgeLabel, "999")
        XCTAssertNil(ListItem(id: "1", title: "").badgeLabel)
    }

    func testARowsSignatureChangesWithItsPicture() {
        XCTAssertNotEqual(ListItem(id: "1", title: "A", image: "a.jpg").hashValue, ListItem(id: "1", title: "A", image: "b.jpg").hashValue)
    }

    func testTextCacheKeysAndRowsHashABoundedPrefixButCompareEveryByte() throws {
        let long = String(repeating: "Ten megabytes of title ", count: 100_000)
        let a = TextCache.Key(text: long + "A", font: ObjectIdentifier(self), maxWidth: 300, maxLines: 1, alignment: 0)
        let b = TextCache.Key(text: long + "B", font: ObjectIdentifier(self), maxWidth: 300, maxLines: 1, alignment: 0)
        XCTAssertEqual(a.hashValue, b.hashValue, "only a prefix is hashed")
        let rowA = ListItem(id: "1", title: long + "A"), rowB = ListItem(id: "1", title: long + "B")
        XCTAssertEqual(rowA.hashValue, rowB.hashValue, "a row's damage signature hashes a bounded prefix")
        XCTAssertNotEqual(rowA, rowB)
        XCTAssertNotEqual(rowA.hashValue, ListItem(id: "1", title: "Short").hashValue)
        XCTAssertNotEqual(a, b, "but every byte is compared")
        XCTAssertEqual(a, TextCache.Key(text: String(decoding: Array((long + "A").utf8), as: UTF8.self),
                                        font: ObjectIdentifier(self), maxWidth: 300, maxLines: 1, alignment: 0))
    }
}
