// What a list row shows. The app fills these from its data store; the UI never reads storage.

/// One row's content.
public struct ListItem: Hashable, Sendable {
    /// Every field below hashed once, when the item is made (it never changes): the damage
    /// signature hashes each visible row every frame. First, so that `==` tells most unequal
    /// items apart at once.
    private let digest: Int
    public let id: String
    public let title: String
    public let subtitle: String
    /// Long text for the detail page.
    public let body: String
    /// A number in a pill at the trailing edge (nil: none).
    public let badge: Int?
    public let unread: Bool
    public let flagged: Bool
    /// Listed first (the pin effect); the row shows a pin.
    public let pinned: Bool
    /// Icon-font name shown instead of the initial in the avatar (nil: the title's first letter).
    public let icon: String?
    /// The title of the section the item is listed under ("" for none).
    public let section: String
    /// The item's picture (a path the app's `PictureSource` resolves); nil: the initial avatar.
    public let image: String?
    /// What the picture shows, in words (said instead of the picture: its text alternative).
    public let imageAlt: String?
    /// When the item last changed (store time, ms): tells new and updated rows from old ones.
    public let version: Int64

    public init(
        id: String, title: String, subtitle: String = "", body: String = "", badge: Int? = nil, unread: Bool = false,
        flagged: Bool = false, icon: String? = nil, section: String = "", version: Int64 = 0, image: String? = nil,
        pinned: Bool = false, imageAlt: String? = nil
    ) {
        self.imageAlt = imageAlt
        self.pinned = pinned
        self.image = image
        self.version = version
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.unread = unread
        self.flagged = flagged
        self.icon = icon
        self.section = section
        // Every field, with the texts through `combine(boundedText:)`: a 10 MB title must not
        // cost a page's load much (a new field must be added here too).
        var h = Hasher()
        h.combine(id)
        h.combine(boundedText: title)
        h.combine(boundedText: subtitle)
        h.combine(boundedText: body)
        h.combine(badge)
        h.combine(unread)
        h.combine(flagged)
        h.combine(pinned)
        h.combine(icon)
        h.combine(boundedText: section)
        h.combine(version)
        h.combine(image)
        h.combine(boundedText: imageAlt ?? "")
        digest = h.finalize()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

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
