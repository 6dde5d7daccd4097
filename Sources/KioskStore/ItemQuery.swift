// Which items a list page reads: the `[[lists]]` entry's source list and its filters, as the
// store's queries bind them (ItemStore+Queries).

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
