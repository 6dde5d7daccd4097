// A row's content is hashed once, when the item is made (ListItem's digest): the damage
// signature compares these hashes every frame, so a field left out of the digest would leave a
// changed row on screen as it was.
@testable import KioskUI
import XCTest

final class ListItemTests: XCTestCase {
    func testEveryFieldChangesTheHashAndEquality() {
        let base = ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, unread: false, flagged: false,
                            icon: "star", section: "Day 1", version: 5, image: "a.jpg", pinned: false, imageAlt: "A")
        let variants: [(String, ListItem)] = [
            ("id", ListItem(id: "2", title: "T", subtitle: "S", body: "B", badge: 1, icon: "star", section: "Day 1", version: 5, image: "a.jpg", imageAlt: "A")),
            ("title", ListItem(id: "1", title: "U", subtitle: "S", body: "B", badge: 1, icon: "star", section: "Day 1", version: 5, image: "a.jpg", imageAlt: "A")),
            ("subtitle", ListItem(id: "1", title: "T", subtitle: "s", body: "B", badge: 1, icon: "star", section: "Day 1", version: 5, image: "a.jpg", imageAlt: "A")),
            ("body", ListItem(id: "1", title: "T", subtitle: "S", body: "b", badge: 1, icon: "star", section: "Day 1", version: 5, image: "a.jpg", imageAlt: "A")),
            ("badge", ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: nil, icon: "star", section: "Day 1", version: 5, image: "a.jpg", imageAlt: "A")),
            ("unread", ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, unread: true, icon: "star", section: "Day 1", version: 5, image: "a.jpg", imageAlt: "A")),
            ("flagged", ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, flagged: true, icon: "star", section: "Day 1", version: 5, image: "a.jpg", imageAlt: "A")),
            ("icon", ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, icon: nil, section: "Day 1", version: 5, image: "a.jpg", imageAlt: "A")),
            ("section", ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, icon: "star", section: "Day 2", version: 5, image: "a.jpg", imageAlt: "A")),
            ("version", ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, icon: "star", section: "Day 1", version: 6, image: "a.jpg", imageAlt: "A")),
            ("image", ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, icon: "star", section: "Day 1", version: 5, image: "b.jpg", imageAlt: "A")),
            ("pinned", ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, icon: "star", section: "Day 1", version: 5, image: "a.jpg", pinned: true, imageAlt: "A")),
            ("imageAlt", ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, icon: "star", section: "Day 1", version: 5, image: "a.jpg", imageAlt: "B")),
        ]
        for (field, item) in variants {
            XCTAssertNotEqual(item, base, field)
            XCTAssertNotEqual(item.hashValue, base.hashValue, field)
        }
        let same = ListItem(id: "1", title: "T", subtitle: "S", body: "B", badge: 1, unread: false, flagged: false,
                            icon: "star", section: "Day 1", version: 5, image: "a.jpg", pinned: false, imageAlt: "A")
        XCTAssertEqual(same, base)
        XCTAssertEqual(same.hashValue, base.hashValue)
        // Every field of the type is among the variants: a new one must be added there too.
        XCTAssertEqual(Set(variants.map(\.0)), Set(Mirror(reflecting: base.storage.fields).children.compactMap(\.label)))
    }

    func testTextsCountAsTheirBytes() {
        // "Café" with é as one scalar and as e + U+0301: equal Strings, different items (they
        // may be drawn differently), and hash and equality agree.
        let composed = ListItem(id: "1", title: "Caf\u{E9}"), decomposed = ListItem(id: "1", title: "Cafe\u{301}")
        XCTAssertEqual(composed.title, decomposed.title)
        XCTAssertNotEqual(composed, decomposed)
        XCTAssertNotEqual(composed.hashValue, decomposed.hashValue)
        XCTAssertEqual(Set([composed, decomposed, ListItem(id: "1", title: "Caf\u{E9}")]).count, 2)
        XCTAssertTrue(String(describing: composed).contains("Caf"), "an item prints its fields")
    }
}
