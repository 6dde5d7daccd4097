// The list UI's view of the item store: the sections with their counts, read once per data
// change, and items by index, fetched in pages around what is on screen, so 100,000 items
// cost one small query per page and never a full load.
import KioskStore
import KioskUI

/// A paged, cached `ListDataSource` over one list query of the store.
final class StoreDataSource: ListDataSource {
    let store: ItemStore
    let query: ItemQuery
    let count: Int
    let sections: [ListSection]
    private let storeSections: [ItemSection]
    /// The pages read so far (at most `maximumPages`), by page number.
    private(set) var pages: [Int: [ListItem]] = [:]
    /// Where a page that cannot be read is reported; its rows stay blank until the next reload.
    private let readFailed: (StoreError) -> Void
    static let pageSize = 64
    static let maximumPages = 64

    /// Reads the query's sections (and so its count) now, unless `read` holds them (read off the
    /// loop by the section reader, laid out for the page too); pages are fetched lazily.
    init(store: ItemStore, query: ItemQuery, read: SectionReader.Sections? = nil,
         readFailed: @escaping (StoreError) -> Void) throws(StoreError) {
        self.store = store
        self.query = query
        self.readFailed = readFailed
        if let read { storeSections = read.items } else { storeSections = try store.sections(query) }
        sections = read?.layout?.sections ?? storeSections.map(ListSection.init)
        count = storeSections.reduce(0) { $0 + $1.count }
    }

    func item(at index: Int) -> ListItem {
        let page = index / Self.pageSize
        if pages[page] == nil {
            if pages.count >= Self.maximumPages { pages.removeAll(keepingCapacity: true) }
            do {
                pages[page] = try store.items(query, sections: storeSections, offset: page * Self.pageSize, limit: Self.pageSize)
                    .map(ListItem.init(record:))
            } catch {
                readFailed(error)
                pages[page] = []
            }
        }
        let rows = pages[page]!
        let offset = index - page * Self.pageSize
        // A concurrent writer can shrink a page between the count and the fetch: show a blank row
        // until the next reload rather than trapping.
        return offset < rows.count ? rows[offset] : ListItem(id: ItemID.placeholderKey(index), title: "")
    }

    /// One indexed look-up with the list's own filter (the page asks after every reload whether
    /// the rows that left are still in the list). A blank row's key (a page that came back short)
    /// names no stored item; a look-up that fails is reported and the page looks row by row.
    func contains(id: String) -> Bool? {
        guard let itemID = ItemID(key: id) else { return false }
        do {
            return try store.contains(itemID, in: query)
        } catch {
            readFailed(error)
            return nil
        }
    }
}

extension ListSection {
    /// The UI's view of a stored section.
    init(_ section: ItemSection) { self.init(title: section.title, count: section.count) }
}

extension ListItem {
    /// The UI's view of a stored item.
    init(record r: ItemRecord) {
        self.init(
            id: r.id.key, title: r.title, subtitle: r.subtitle, body: r.body, badge: r.badge > 0 ? r.badge : nil,
            unread: r.unread, flagged: r.flagged, icon: r.icon, section: r.section, version: r.updatedAt,
            image: r.image, pinned: r.pinned, imageAlt: r.imageAlt)
    }
}
