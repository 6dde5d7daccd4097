// One column of the `items` table and the `ItemRecord` field it fills (issue 23: an item's
// columns are declared once, in `ItemRecord.columns`). Every SQL column list, every bind and
// every read of an item, the feed's JSON fields and the schema's column meanings are made
// from that table, so a column added there is written, read, fed and documented everywhere,
// and no hand-ordered list of positional binds can disagree with another.

/// A column of `items`: its name, the record field it maps to, and what it means to an importer.
public struct ItemColumn: Sendable {
    /// The record field and the SQLite value it is stored as.
    public enum Field: Sendable {
        /// `items.id`, kept byte for byte (`ItemID`).
        case id(WritableKeyPath<ItemRecord, ItemID> & Sendable)
        case text(WritableKeyPath<ItemRecord, String> & Sendable)
        case optionalText(WritableKeyPath<ItemRecord, String?> & Sendable)
        case integer(WritableKeyPath<ItemRecord, Int> & Sendable)
        case integer64(WritableKeyPath<ItemRecord, Int64> & Sendable)
        case optionalInteger64(WritableKeyPath<ItemRecord, Int64?> & Sendable)
        /// 0 or 1 when the kiosk writes it; any non-zero value reads as true.
        case flag(WritableKeyPath<ItemRecord, Bool> & Sendable)
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

    /// Binds the column's value of `item` as parameter `index`.
    func bind(_ item: ItemRecord, to s: SQLiteStatement, at index: Int32) throws(StoreError) {
        switch field {
        case .id(let key): try s.bind(index, item[keyPath: key].value)
        case .text(let key): try s.bind(index, item[keyPath: key])
        case .optionalText(let key): try s.bind(index, item[keyPath: key])
        case .integer(let key): try s.bind(index, Int64(item[keyPath: key]))
        case .integer64(let key): try s.bind(index, item[keyPath: key])
        case .optionalInteger64(let key): try s.bind(index, item[keyPath: key])
        case .flag(let key): try s.bind(index, item[keyPath: key])
        }
    }

    /// Sets the field of `item` from result column `index` of `s`.
    func read(_ s: SQLiteStatement, at index: Int32, into item: inout ItemRecord) {
        switch field {
        case .id(let key): item[keyPath: key] = ItemID(s.value(index))
        case .text(let key): item[keyPath: key] = s.text(index)
        case .optionalText(let key): item[keyPath: key] = s.optionalText(index)
        case .integer(let key): item[keyPath: key] = Int(truncatingIfNeeded: s.int64(index))
        case .integer64(let key): item[keyPath: key] = s.int64(index)
        case .optionalInteger64(let key): item[keyPath: key] = s.optionalInt64(index)
        case .flag(let key): item[keyPath: key] = s.bool(index)
        }
    }
}
