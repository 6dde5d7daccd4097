// What a list page shows, as the app hands it over: items by index and the sections they
// are grouped in, so a list of 100,000 items never materialises them all and its headers are
// placed from a handful of counts.

/// A run of consecutive items of a list under one header; an empty title means no header.
public struct ListSection: Hashable, Sendable {
    public var title: String
    public var count: Int

    public init(title: String, count: Int) {
        self.title = title
        self.count = count
    }
}

/// The items of a list, by index, and its sections in order (their counts add up to `count`).
public protocol ListDataSource {
    var count: Int { get }
    var sections: [ListSection] { get }
    func item(at index: Int) -> ListItem
    /// Whether the item `id` is in the list, when the source can tell without going through it
    /// item by item (the store's: one indexed look-up); nil: the page looks row by row.
    func contains(id: String) -> Bool?
}

extension ListDataSource {
    public func contains(id: String) -> Bool? { nil }
}

/// A data source over an array; its sections are the runs of equal `ListItem.section`.
public struct ArrayDataSource: ListDataSource {
    public var items: [ListItem]
    public init(_ items: [ListItem]) { self.items = items }
    public var count: Int { items.count }
    public func item(at index: Int) -> ListItem { items[index] }

    public var sections: [ListSection] {
        var runs: [ListSection] = []
        for item in items {
            if runs.last?.title == item.section { runs[runs.count - 1].count += 1 } else { runs.append(ListSection(title: item.section, count: 1)) }
        }
        return runs
    }
}
