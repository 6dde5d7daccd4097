// An item's identity exactly as another program stored it in `items.id`. Importers write ids
// in whatever SQLite storage class they like, and two rows whose ids read alike as Swift strings
// (a blob and a text of the same bytes; two texts that are not UTF-8 and both decode to U+FFFD)
// are different items: the app must act on the row the person touched and on no other. So the
// id keeps the stored value byte for byte and binds it back unchanged, and the UI's string key
// for it (`key`) is injective: a key names exactly one stored id, and reserved keys (a blank
// row's placeholder) can never name an item.
import KioskFiles

/// The value of `items.id` as stored, byte for byte, with its storage class.
public struct ItemID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    let value: SQLiteValue

    init(_ value: SQLiteValue) { self.value = value }

    /// A text id (what importers usually write).
    public init(_ text: String) { value = SQLiteValue(text: text) }

    public init(stringLiteral text: String) { self.init(text) }

    /// The first character of every key that is not the id's own text: a noncharacter, which
    /// an importer has no reason to start an id with (one that does is escaped like a blob).
    static let escape: Character = "\u{FFFE}"

    /// The UI's name for the item: the id's text when it is UTF-8 text that does not start with
    /// `escape`, otherwise `escape`, the storage class and the bytes in hex. Distinct stored ids
    /// always have distinct keys, and `ItemID(key:)` gives the stored id back.
    public var key: String {
        if case .text = value.kind, let text = String(validatingUTF8Bytes: value.bytes), text.first != Self.escape {
            return text
        }
        return String(Self.escape) + value.kind.tag + value.bytes.hexDigits
    }

    /// The stored id a key names; nil for a reserved key or one no id has.
    public init?(key: String) {
        guard key.first == Self.escape else {
            self.init(key)
            return
        }
        // The escape is one scalar, the tag an ASCII letter, the rest hex digits.
        let scalars = Array(key.unicodeScalars.dropFirst())
        guard let tag = scalars.first, let kind = SQLiteValue.Kind(tag: Character(tag)),
              let bytes = [UInt8](hexDigits: String(String.UnicodeScalarView(scalars.dropFirst()))[...]),
              let value = SQLiteValue(kind: kind, bytes: bytes) else { return nil }
        // Keys are unique: text that needs no escape has only its plain key.
        if kind == .text, let text = String(validatingUTF8Bytes: bytes), text.first != Self.escape { return nil }
        self.init(value)
    }

    /// A key that names no item: a row shown blank while its item cannot be read.
    public static func placeholderKey(_ index: Int) -> String { String(escape) + "missing-\(index)" }

    /// The id for messages and logs: its key, at most 64 scalars (an id may be 10 KB), controls spelt out.
    public var description: String {
        key.shown(atMost: 64)
    }
}

extension String {
    /// The text when `bytes` are valid UTF-8, else nil.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: self = String(scalars); return
            case .error: return nil
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// Two lower-case hex digits a byte.
    var hexDigits: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(count * 2)
        for byte in self { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of an even count of lower-case hex digits; nil for anything else.
    init?(hexDigits text: Substring) {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var i = 0
        while i < utf8.count {
            guard let high = nibble(utf8[i]), let low = nibble(utf8[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
            i += 2
        }
        self = bytes
    }
}
