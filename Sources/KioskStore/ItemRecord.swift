// The values the item store hands out: a row of `items`, a section of a list, a row of
// `actions_log`, and the query a list page runs. Plain values, so the UI can keep them across frames.

/// Milliseconds since the Unix epoch: the store's clock unit. Callers pass the time in, so
/// replays and tests are deterministic; `ItemStore.now()` reads the wall clock.
public typealias StoreTime = Int64

/// One item of a list.
public struct ItemRecord: Hashable, Sendable {
    public var id: ItemID
    public var listID: String
    public var title: String
    public var subtitle: String
    public var body: String
    /// An image path, or `#RRGGBB` for an initials circle in that colour; nil for none.
    public var avatar: String?
    /// An icon name (icon font); nil for none.
    public var icon: String?
    /// A count shown in a badge; 0 hides it.
    public var badge: Int
    public var unread: Bool
    public var flagged: Bool
    public var archived: Bool
    /// When it was soft-deleted; nil while it is alive.
    public var deletedAt: StoreTime?
    /// The title of the section the item is listed under; empty: under no section header.
    public var section: String
    /// Position in its list (within its section), ascending.
    public var sortKey: Int64
    public var updatedAt: StoreTime
    /// A JPEG, PNG or WebP file shown as the row's thumbnail and on the detail page: absolute,
    /// or relative to `[data] image_dir`; nil for none.
    public var image: String?

    public init(
        id: ItemID, listID: String, title: String, subtitle: String = "", body: String = "",
        avatar: String? = nil, icon: String? = nil, badge: Int = 0, unread: Bool = true, flagged: Bool = false,
        archived: Bool = false, deletedAt: StoreTime? = nil, section: String = "", sortKey: Int64, updatedAt: StoreTime,
        image: String? = nil
    ) {
        self.image = image
        self.id = id
        self.listID = listID
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.avatar = avatar
        self.icon = icon
        self.badge = badge
        self.unread = unread
        self.flagged = flagged
        self.archived = archived
        self.deletedAt = deletedAt
        self.section = section
        self.sortKey = sortKey
        self.updatedAt = updatedAt
    }

    /// The state-dump flags (`unread`, `flagged`, `archived`, `deleted`).
    public var flags: [String] {
        var flags: [String] = []
        if unread { flags.append("unread") }
        if flagged { flags.append("flagged") }
        if archived { flags.append("archived") }
        if deletedAt != nil { flags.append("deleted") }
        return flags
    }
}

/// Which items a list page shows: never soft-deleted ones.
public struct ItemQuery: Hashable, Sendable {
    /// The `list_id` to read.
    public var listID: String
    /// Archived items instead of active ones.
    public var archived: Bool
    /// Only flagged (true) or unflagged (false) items; nil for both.
    public var flagged: Bool?
    /// Only unread (true) or read (false) items; nil for both.
    public var unread: Bool?

    public init(listID: String, archived: Bool = false, flagged: Bool? = nil, unread: Bool? = nil) {
        self.listID = listID
        self.archived = archived
        self.flagged = flagged
        self.unread = unread
    }
}

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

/// A row of `actions_log`: one performed action, written in the same transaction as its change.
public struct ActionLogEntry: Hashable, Sendable {
    public var id: Int64
    public var time: StoreTime
    /// What happened: an `ItemChange` name (`delete`, `flag`, …) or an app action id.
    public var action: String
    public var itemID: ItemID?
    public var listID: String?
    public var detail: String?

    public init(id: Int64, time: StoreTime, action: String, itemID: ItemID?, listID: String?, detail: String?) {
        self.id = id
        self.time = time
        self.action = action
        self.itemID = itemID
        self.listID = listID
        self.detail = detail
    }
}
