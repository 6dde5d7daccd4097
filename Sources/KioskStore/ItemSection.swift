// A list is read section by section (ItemStore+Queries): each section's title, size and the
// stored value its item windows select by.

/// One section of a list query's result, in list order: its title ("" for items under no
/// header) and how many of the query's items it holds.
public struct ItemSection: Hashable, Sendable {
    public var title: String
    public var count: Int
    /// The `section` value as stored, which the section's item windows select by: a title that
    /// is not UTF-8 (or a blob another program wrote) reads as U+FFFD but must match itself.
    let key: SQLiteValue

    public init(title: String, count: Int) {
        self.init(title: title, count: count, key: SQLiteValue(text: title))
    }

    init(title: String, count: Int, key: SQLiteValue) {
        self.title = title
        self.count = count
        self.key = key
    }
}
