// A list is read section by section (ItemStore+Queries): each section's title, size and the
// stored value its item windows select by.

/// One section of a list query's result, in list order: its title ("" for items under no
/// header) and how many of the query's items it holds.
public struct ItemSection: Hashable, Sendable {
    public var title: String
    public var count: Int
    /// The stored value when it is not the text `title` (nil: it is). Almost every title is
    /// stored as it reads; keeping a copy of its bytes anyway was 400 KB of 10,000 sections.
    private let storedKey: SQLiteValue?

    /// The `section` value as stored, which the section's item windows select by: a title that
    /// is not UTF-8 (or a blob another program wrote) reads as U+FFFD but must match itself.
    var key: SQLiteValue { storedKey ?? SQLiteValue(text: title) }

    public init(title: String, count: Int) {
        self.title = title
        self.count = count
        storedKey = nil
    }

    init(title: String, count: Int, key: SQLiteValue) {
        self.title = title
        self.count = count
        storedKey = key.kind == .text && key.bytes.elementsEqual(title.utf8) ? nil : key
    }
}
