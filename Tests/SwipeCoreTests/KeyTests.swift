// Keys named once (SwipeCore's Key): every code of the table reads back from its name in any
// case and with or without `KEY_`; the spellings people type are accepted; a name no key has,
// and a name that only looks like one, is nil; and the keypad is told apart by its codes.
import XCTest
@testable import SwipeCore

final class KeyTests: XCTestCase {
    func testEveryNameReadsBackAsItsCodeInAnySpelling() {
        XCTAssertEqual(Key.names.count, Key.codes.count, "no two codes share a name")
        for (code, name) in Key.names {
            let key = Key(code: code)
            XCTAssertEqual(key.name, name)
            XCTAssertEqual(Key(name: name), key, name)
            XCTAssertEqual(Key(name: name.lowercased()), key, name)
            XCTAssertEqual(Key(name: "KEY_" + name), key, name)
            XCTAssertEqual(Key(name: "key_" + name.lowercased()), key, name)
        }
    }

    func testTypedSpellingsAndUnknownNames() {
        XCTAssertEqual(Key(name: "Escape"), .escape)
        XCTAssertEqual(Key(name: "Return"), .enter)
        XCTAssertEqual(Key(name: "Del"), .delete)
        for name in ["", "KEY_", "KP11", "ENTER ", "KEY_KEY_ENTER", "KEY_767", "ÉNTER"] { XCTAssertNil(Key(name: name), name) }
        XCTAssertEqual(Key(code: 767).name, "KEY_767", "a code the table lacks still has a name for logs")
    }

    func testTheNamedConstantsAreTheirCodesAndTheKeypadIsItsKeys() {
        let constants: [(Key, String)] = [
            (.escape, "ESC"), (.backspace, "BACKSPACE"), (.enter, "ENTER"), (.up, "UP"), (.left, "LEFT"), (.right, "RIGHT"),
            (.down, "DOWN"), (.delete, "DELETE"), (.back, "BACK"), (.kp0, "KP0"), (.kp2, "KP2"), (.kp4, "KP4"), (.kp5, "KP5"),
            (.kp6, "KP6"), (.kp8, "KP8"), (.kpDot, "KPDOT"), (.kpMinus, "KPMINUS"), (.kpPlus, "KPPLUS"), (.kpEnter, "KPENTER"),
        ]
        for (key, name) in constants { XCTAssertEqual(key.name, name) }
        XCTAssertEqual(Key.names.keys.map(Key.init(code:)).filter(\.isKeypad).count, 22, "KP0…KP9 and the 12 keys around them")
        XCTAssertFalse(Key.enter.isKeypad)
        XCTAssertTrue(Key.kpEnter.isKeypad)
        XCTAssertFalse(Key(code: 767).isKeypad)
    }
}
