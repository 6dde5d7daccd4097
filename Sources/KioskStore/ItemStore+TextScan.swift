// Every item's visible text, for `swipe-kiosk check-text --database`: which fonts the
// content needs is checked before a kiosk is deployed. Reads in pages, so a 100,000-item
// database is checked in bounded memory.

extension ItemStore {
    /// The texts of one item that the kiosk draws.
    public struct ItemText: Sendable {
        public let id: ItemID
        public let title: String
        public let subtitle: String
        public let body: String
        /// The header the item is listed under (drawn too, so checked too).
        public let section: String
    }

    static let textScanSQL = """
        SELECT id, title, subtitle, body, section FROM items WHERE deleted_at IS NULL AND (?1 IS NULL OR id > ?1) ORDER BY id LIMIT ?2
        """

    /// Calls `body` with every item that is not deleted, in id order, `pageSize` rows a query;
    /// stops early when `body` returns false. Pages follow the ids as stored (a blob id or one
    /// that is not UTF-8 read as text would page back to where it started, for ever).
    public func forEachItemText(pageSize: Int = 512, _ body: (ItemText) -> Bool) throws(StoreError) {
        var after: ItemID?
        while true {
            let page = try db.withStatement(Self.textScanSQL, operation: "read item texts") { s throws(StoreError) in
                try s.bind(1, after?.value ?? .null)
                try s.bind(2, Int64(pageSize))
                var page: [ItemText] = []
                while try s.step() {
                    page.append(ItemText(id: ItemID(s.value(0)), title: s.text(1), subtitle: s.text(2), body: s.text(3),
                                         section: s.text(4)))
                }
                return page
            }
            for item in page where !body(item) { return }
            guard let last = page.last, page.count == pageSize else { return }
            after = last.id
        }
    }
}
