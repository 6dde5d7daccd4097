// Hostile titles cost what a screenful does in the UI as well as in Canvas: the avatar's
// initial reads a bounded prefix, and the text cache and the rows' damage signature hash a
// bounded prefix (String's hashing normalised the whole 10 MB title every frame) while
// equality still tells apart titles that differ only far in. A badge's label is bounded too.
import Canvas
import TestSupport
import XCTest
@testable import KioskUI

final class HostileTextTests: XCTestCase {
    func testTheInitialOfALetterWithThirtyThousandAccentsIsBounded() {
        let item = ListItem(id: "1", title: "a" + String(repeating: "\u{0301}", count: 30_000))
        XCTAssertLessThanOrEqual(item.initial.unicodeScalars.count, 32)
        XCTAssertEqual(item.initial.unicodeScalars.first, "A")
        XCTAssertEqual(ListItem(id: "2", title: "🇯🇵 Tokyo").initial, "🇯🇵", "a whole cluster still")
    }

    func testTheInitialIsTheFirstClusterOfTheFirst32ScalarsUppercasedForRandomTitles() {
        // Letters, combining marks, emoji with modifiers and joiners, flags, Hangul jamo, controls.
        let pool: [UInt32] = [0x61, 0x7A, 0xDF, 0x3B1, 0x301, 0x308, 0x20E3, 0x1F469, 0x1F3FD, 0x200D, 0x1F1EF,
                              0x1F1F5, 0x1100, 0x1161, 0x11A8, 0x0D, 0x0A, 0x627, 0x5D0, 0xFE0F, 0x20, 0x130]
        var random = SplitMix64(state: 32)
        for _ in 0..<3000 {
            let count = Int.random(in: 0...40, using: &random)
            let title = String(String.UnicodeScalarView((0..<count).map { _ in Unicode.Scalar(pool.randomElement(using: &random)!)! }))
            let expected = String(String.UnicodeScalarView(title.unicodeScalars.prefix(32))).first.map { String($0).uppercased() } ?? "?"
            XCTAssertEqual(ListItem(id: "r", title: title).initial, expected, "\(title.unicodeScalars.map { String($0.value, radix: 16) })")
        }
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
