// What a list row shows. The app fills these from its data store; the UI never reads storage.

/// One row's content. Immutable, in one shared box: a row is copied several times a frame
/// (layout, signature, drawing), one reference count where its eight texts were eight.
public struct ListItem: Hashable, Sendable {
    let storage: Storage

    /// The fields and their hash, made once.
    final class Storage: Sendable {
        let fields: Fields
        /// `fields` hashed when the item is made: the damage signature hashes each visible row
        /// every frame. The texts go through `combine(boundedText:)`, so a 10 MB title does not
        /// make a page's load slow (a new field must be added here too).
        let digest: Int

        init(_ fields: Fields) {
            self.fields = fields
            var h = Hasher()
            h.combine(fields.id)
            h.combine(boundedText: fields.title)
            h.combine(boundedText: fields.subtitle)
            h.combine(boundedText: fields.body)
            h.combine(fields.badge)
            h.combine(fields.unread)
            h.combine(fields.flagged)
            h.combine(fields.pinned)
            h.combine(fields.icon)
            h.combine(boundedText: fields.section)
            h.combine(fields.version)
            h.combine(fields.image)
            h.combine(boundedText: fields.imageAlt ?? "")
            digest = h.finalize()
        }
    }

    struct Fields: Equatable, Sendable {
        let id: String, title: String, subtitle: String, body: String
        let badge: Int?
        let unread: Bool, flagged: Bool, pinned: Bool
        let icon: String?, section: String, image: String?, imageAlt: String?
        let version: Int64
    }

    public var id: String { storage.fields.id }
    public var title: String { storage.fields.title }
    public var subtitle: String { storage.fields.subtitle }
    /// Long text for the detail page.
    public var body: String { storage.fields.body }
    /// A number in a pill at the trailing edge (nil: none).
    public var badge: Int? { storage.fields.badge }
    public var unread: Bool { storage.fields.unread }
    public var flagged: Bool { storage.fields.flagged }
    /// Listed first (the pin effect); the row shows a pin.
    public var pinned: Bool { storage.fields.pinned }
    /// Icon-font name shown instead of the initial in the avatar (nil: the title's first letter).
    public var icon: String? { storage.fields.icon }
    /// The title of the section the item is listed under ("" for none).
    public var section: String { storage.fields.section }
    /// The item's picture (a path the app's `PictureSource` resolves); nil: the initial avatar.
    public var image: String? { storage.fields.image }
    /// What the picture shows, in words (said instead of the picture: its text alternative).
    public var imageAlt: String? { storage.fields.imageAlt }
    /// When the item last changed (store time, ms): tells new and updated rows from old ones.
    public var version: Int64 { storage.fields.version }

    public init(
        id: String, title: String, subtitle: String = "", body: String = "", badge: Int? = nil, unread: Bool = false,
        flagged: Bool = false, icon: String? = nil, section: String = "", version: Int64 = 0, image: String? = nil,
        pinned: Bool = false, imageAlt: String? = nil
    ) {
        storage = Storage(Fields(id: id, title: title, subtitle: subtitle, body: body, badge: badge, unread: unread,
                                 flagged: flagged, pinned: pinned, icon: icon, section: section, image: image,
                                 imageAlt: imageAlt, version: version))
    }

    /// The same box, or the same hash and fields. Texts count as their bytes: two spellings
    /// Swift's `String` calls equal (é as one scalar or as e and an accent) make different
    /// items, as they may be drawn differently and the hash reads the bytes.
    public static func == (a: ListItem, b: ListItem) -> Bool {
        a.storage === b.storage || (a.storage.digest == b.storage.digest && a.storage.fields == b.storage.fields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.digest)
    }
}

extension ListItem: CustomStringConvertible {
    /// Its fields (test failures print items; the box alone says nothing).
    public var description: String { "ListItem(\(storage.fields))" }

    /// The badge as its pill shows it: a count past 999 reads "999+", so a number another
    /// program wrote (up to 2^63 − 1) never pushes the title off the row.
    public var badgeLabel: String? {
        badge.map { $0 > 999 ? "999+" : String($0) }
    }

    /// Flags as the state dump names them.
    public var flags: [String] {
        var result: [String] = []
        if unread { result.append("unread") }
        if flagged { result.append("flagged") }
        if pinned { result.append("pinned") }
        return result
    }

    /// The letter in the avatar circle: the title's first grapheme cluster, looked for among its
    /// first 32 scalars (a title of one letter and 30,000 accents must not cost a frame).
    public var initial: String {
        // A slice of the title, not a copy built scalar by scalar (7,000 instructions a row drawn).
        let scalars = title.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: 32, limitedBy: scalars.endIndex) ?? scalars.endIndex
        return Substring(scalars[..<end]).first.map { String($0).uppercased() } ?? "?"
    }

    /// A stable avatar colour slot, from the id (not the title, so renames keep colours).
    public var avatarSlot: Int {
        var hash: UInt32 = 2_166_136_261
        for byte in id.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % 6)
    }
}
