// One column of the `items` table and the `ItemRecord` field it fills (issue 23: an item's
// columns are declared once, in `ItemRecord.columns`). Every SQL column list, every bind and
// every read of an item, the feed's JSON fields and the schema's column meanings are made
// from that table, so a column added there is written, read, fed and documented everywhere,
// and no hand-ordered list of positional binds can disagree with another.

/// A column of `items`: its name, the record field it maps to, and what it means to an importer.
public struct ItemColumn: Sendable {
    /// The record field, as a getter and a setter, and the SQLite value it is stored as. Plain
    /// closures, not key paths: a key path's read costs some 900 instructions, a closure's 75,
    /// and every item an importer or the feed writes binds each column (BENCHMARKS.md, "An
    /// item's columns declared once").
    public enum Field: Sendable {
        /// `items.id`, kept byte for byte (`ItemID`).
        case id(@Sendable (ItemRecord) -> ItemID, @Sendable (inout ItemRecord, ItemID) -> Void)
        case text(@Sendable (ItemRecord) -> String, @Sendable (inout ItemRecord, String) -> Void)
        case optionalText(@Sendable (ItemRecord) -> String?, @Sendable (inout ItemRecord, String?) -> Void)
        case integer(@Sendable (ItemRecord) -> Int, @Sendable (inout ItemRecord, Int) -> Void)
        case integer64(@Sendable (ItemRecord) -> Int64, @Sendable (inout ItemRecord, Int64) -> Void)
        case optionalInteger64(@Sendable (ItemRecord) -> Int64?, @Sendable (inout ItemRecord, Int64?) -> Void)
        /// 0 or 1 when the kiosk writes it; any non-zero value reads as true.
        case flag(@Sendable (ItemRecord) -> Bool, @Sendable (inout ItemRecord, Bool) -> Void)
    }

    public let name: String
    public let field: Field
    /// What the column means to an importer (`swipe-kiosk schema`, docs/INTEGRATION.md).
    public let meaning: String
    /// At most this many characters are read for the screen (`substr`); nil: the whole value.
    /// The database keeps the whole text.
    let readLimit: Int?

    init(_ name: String, _ field: Field, readLimit: Int? = nil, _ meaning: String) {
        self.name = name
        self.field = field
        self.readLimit = readLimit
        self.meaning = meaning
    }

    /// The expression an item read selects: the column, cut to `readLimit` characters.
    var readExpression: String {
        readLimit.map { "substr(\(name), 1, \($0))" } ?? name
    }

}

extension ItemColumn.Field {
    /// Binds the field's value of `item` as parameter `index`.
    func bind(_ item: ItemRecord, to s: SQLiteStatement, at index: Int32) throws(StoreError) {
        switch self {
        case .id(let get, _): try s.bind(index, get(item).value)
        case .text(let get, _): try s.bind(index, get(item))
        case .optionalText(let get, _): try s.bind(index, get(item))
        case .integer(let get, _): try s.bind(index, Int64(get(item)))
        case .integer64(let get, _): try s.bind(index, get(item))
        case .optionalInteger64(let get, _): try s.bind(index, get(item))
        case .flag(let get, _): try s.bind(index, get(item))
        }
    }

    /// Sets the field of `item` from result column `index` of `s`.
    func read(_ s: SQLiteStatement, at index: Int32, into item: inout ItemRecord) {
        switch self {
        case .id(_, let set): set(&item, ItemID(s.value(index)))
        case .text(_, let set): set(&item, s.text(index))
        case .optionalText(_, let set): set(&item, s.optionalText(index))
        case .integer(_, let set): set(&item, Int(truncatingIfNeeded: s.int64(index)))
        case .integer64(_, let set): set(&item, s.int64(index))
        case .optionalInteger64(_, let set): set(&item, s.optionalInt64(index))
        case .flag(_, let set): set(&item, s.bool(index))
        }
    }
}
