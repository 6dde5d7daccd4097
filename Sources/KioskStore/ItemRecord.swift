// A row of `items` as the app and the feed hold it, and the table of its columns: each field
// of `ItemRecord` is declared once more in `ItemRecord.columns`, with its column and its
// meaning, and every SQL column list, bind and read of an item is made from that table
// (ItemColumn, ItemStore+Queries, ItemStore+Feed, ItemStore+Schema, the feed's ItemMessage).

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
    /// Listed before the items that are not (in its section, and its section first).
    public var pinned: Bool
    /// What `image` shows, in words: speech says it instead of the picture; nil for nothing said but "Picture".
    public var imageAlt: String?

    public init(
        id: ItemID, listID: String, title: String, subtitle: String = "", body: String = "",
        avatar: String? = nil, icon: String? = nil, badge: Int = 0, unread: Bool = true, flagged: Bool = false,
        archived: Bool = false, deletedAt: StoreTime? = nil, section: String = "", sortKey: Int64, updatedAt: StoreTime,
        image: String? = nil, pinned: Bool = false, imageAlt: String? = nil
    ) {
        self.imageAlt = imageAlt
        self.image = image
        self.pinned = pinned
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

    /// The state-dump flags (`unread`, `flagged`, `archived`, `deleted`, `pinned`).
    public var flags: [String] {
        var flags: [String] = []
        if unread { flags.append("unread") }
        if flagged { flags.append("flagged") }
        if archived { flags.append("archived") }
        if deletedAt != nil { flags.append("deleted") }
        if pinned { flags.append("pinned") }
        return flags
    }

    /// The columns of `items`, in the order the store binds and reads them. A column added by a
    /// migration gets its row here (and a field above); `ItemColumnTests` fails when the table and
    /// the schema differ, or a value does not read back as it was written.
    public static let columns: [ItemColumn] = [
        ItemColumn("id", .id({ $0.id }, { $0.id = $1 }),
                   "the item's identity, compared byte for byte (text, or a blob for binary ids); unique"),
        ItemColumn("list_id", .text({ $0.listID }, { $0.listID = $1 }),
                   "the list it belongs to: a [[lists]] entry's id, or its [lists.filter] source"),
        ItemColumn("title", .text({ $0.title }, { $0.title = $1 }), readLimit: ItemStore.maximumTitleCharacters,
                   "first line of the row"),
        ItemColumn("subtitle", .text({ $0.subtitle }, { $0.subtitle = $1 }), readLimit: ItemStore.maximumTitleCharacters,
                   "second line of the row"),
        ItemColumn("body", .text({ $0.body }, { $0.body = $1 }), readLimit: ItemStore.maximumBodyCharacters,
                   "text of the detail page and the row's preview line"),
        ItemColumn("avatar", .optionalText({ $0.avatar }, { $0.avatar = $1 }),
                   "not shown yet (kept for a future avatar text; the circle shows the title's first letter)"),
        ItemColumn("icon", .optionalText({ $0.icon }, { $0.icon = $1 }),
                   "an icon name drawn in the row's circle instead of the title's first letter (NULL: the letter)"),
        ItemColumn("badge", .integer({ $0.badge }, { $0.badge = $1 }),
                   "a count shown at the row's end; 0 shows none, above 999 shows 999+"),
        ItemColumn("unread", .flag({ $0.unread }, { $0.unread = $1 }),
                   "1 unread (bold, dot), 0 read; the read action toggles it"),
        ItemColumn("flagged", .flag({ $0.flagged }, { $0.flagged = $1 }),
                   "1 flagged, 0 not; the flag action toggles it"),
        ItemColumn("archived", .flag({ $0.archived }, { $0.archived = $1 }),
                   "1 archived: hidden from lists that show unarchived items"),
        ItemColumn("deleted_at", .optionalInteger64({ $0.deletedAt }, { $0.deletedAt = $1 }),
                   "ms since 1970 when it was deleted; not NULL hides it (set it to remove an item from outside)"),
        ItemColumn("sort_key", .integer64({ $0.sortKey }, { $0.sortKey = $1 }),
                   "order within its section, ascending"),
        ItemColumn("updated_at", .integer64({ $0.updatedAt }, { $0.updatedAt = $1 }),
                   "ms since 1970 of the last change; the kiosk sets it on every action"),
        ItemColumn("section", .text({ $0.section }, { $0.section = $1 }),
                   "the header it is listed under; '' for none"),
        ItemColumn("image", .optionalText({ $0.image }, { $0.image = $1 }),
                   "a JPEG, PNG or WebP path, absolute or under [data] image_dir (NULL: none)"),
        ItemColumn("pinned", .flag({ $0.pinned }, { $0.pinned = $1 }),
                   "1 pinned: listed first in its section, and its section first; the pin action toggles it"),
        ItemColumn("image_alt", .optionalText({ $0.imageAlt }, { $0.imageAlt = $1 }), readLimit: ItemStore.maximumTitleCharacters,
                   "what the picture shows, in words: said by speech after the row's text (NULL or '': \"Picture.\")"),
    ]
}
