// What a swipe action can do to an item's data, each declared once (issue 23): its name in a
// configuration, the column condition that says it is in effect, the SQL that turns it on and
// off, the `actions_log` names and toast words of both directions, whether it toggles, whether
// it offers Undo unasked, and whether a full swipe may slide its row off for good. The
// configuration's `effect = …` (KioskConfig), the store's changes (ItemChange, ItemStore+Actions)
// and the app's toasts and collapses (KioskApp) all read it from here, so a new effect is one
// entry below, plus its column (ItemRecord.columns) and migration.

/// A data effect of a swipe action.
public struct ItemEffect: Hashable, Sendable, CustomStringConvertible {
    /// The name in configurations (`effect = "flag"`).
    public let name: String
    /// True (in SQL) while the effect is on for an item: a toggle turns it off then. A column
    /// another program wrote as text, a real, a blob or NULL is taken as the row shows it, through
    /// `ifnull(CAST(… AS INTEGER), 0)` as `sqlite3_column_int64` reads it ('yes', 0.5, x'01' and
    /// NULL are 0), so a toggle never goes the other way than the row said.
    let isOnSQL: String
    /// The assignments that turn it on and off (?1 is the time).
    let onSQL: String
    let offSQL: String
    /// The `actions_log` action of turning it on and off (`flag`, `unflag`): a contract
    /// integrators read (docs/INTEGRATION.md, "The action log").
    let onAction: String
    let offAction: String
    /// What the toast says after each direction.
    let onMessage: String
    let offMessage: String
    /// Whether running it again turns it off (flag) or it only ever turns on (delete).
    let toggles: Bool
    /// Whether it offers Undo when the action says nothing: the effects that take an item out
    /// of sight; a toggle that shows its result on the row does not.
    public let undoByDefault: Bool
    /// Whether a full swipe may slide the row off for good: the item leaves its list.
    public let removesItem: Bool

    public var description: String { name }

    public static func == (a: ItemEffect, b: ItemEffect) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Soft-delete (hidden at once, purged when its undo window closes; Undo brings it back).
    public static let delete = ItemEffect(
        name: "delete", isOnSQL: "deleted_at IS NOT NULL", onSQL: "deleted_at = coalesce(deleted_at, ?1)", offSQL: "deleted_at = NULL",
        onAction: "delete", offAction: "undo-delete", onMessage: "Deleted", offMessage: "Restored",
        toggles: false, undoByDefault: true, removesItem: true)
    /// Archive or unarchive ("done").
    public static let archive = ItemEffect(
        name: "archive", isOnSQL: "ifnull(CAST(archived AS INTEGER), 0) != 0", onSQL: "archived = 1", offSQL: "archived = 0",
        onAction: "archive", offAction: "unarchive", onMessage: "Archived", offMessage: "Unarchived",
        toggles: true, undoByDefault: true, removesItem: true)
    /// Flag or unflag.
    public static let flag = ItemEffect(
        name: "flag", isOnSQL: "ifnull(CAST(flagged AS INTEGER), 0) != 0", onSQL: "flagged = 1", offSQL: "flagged = 0",
        onAction: "flag", offAction: "unflag", onMessage: "Flagged", offMessage: "Unflagged",
        toggles: true, undoByDefault: false, removesItem: false)
    /// Mark read or unread (on: read, `unread = 0`).
    public static let read = ItemEffect(
        name: "read", isOnSQL: "ifnull(CAST(unread AS INTEGER), 0) = 0", onSQL: "unread = 0", offSQL: "unread = 1",
        onAction: "read", offAction: "unread", onMessage: "Marked as read", offMessage: "Marked as unread",
        toggles: true, undoByDefault: false, removesItem: false)

    /// Pin or unpin: pinned items come first in their list (ItemStore+Queries).
    public static let pin = ItemEffect(
        name: "pin", isOnSQL: "ifnull(CAST(pinned AS INTEGER), 0) != 0", onSQL: "pinned = 1", offSQL: "pinned = 0",
        onAction: "pin", offAction: "unpin", onMessage: "Pinned", offMessage: "Unpinned",
        toggles: true, undoByDefault: false, removesItem: false)

    /// Every data effect, in the order configuration messages name them.
    public static let all: [ItemEffect] = [.delete, .archive, .flag, .read, .pin]

    /// The effect named `name`, nil for none.
    public static func named(_ name: String) -> ItemEffect? { all.first { $0.name == name } }
}

/// One direction of an effect on one item: what the store writes, logs and Undo takes back.
public struct ItemChange: Hashable, Sendable, CustomStringConvertible {
    public let effect: ItemEffect
    /// Turning the effect on (flag) or off (unflag).
    public let on: Bool

    public init(_ effect: ItemEffect, on: Bool) {
        self.effect = effect
        self.on = on
    }

    /// The `action` written to `actions_log`.
    public var rawValue: String { on ? effect.onAction : effect.offAction }

    /// The change whose `actions_log` action is `rawValue`; nil for any other action.
    public init?(rawValue: String) {
        for effect in ItemEffect.all {
            if effect.onAction == rawValue { self.init(effect, on: true); return }
            if effect.offAction == rawValue { self.init(effect, on: false); return }
        }
        return nil
    }

    public var description: String { rawValue }

    /// What the toast says after it.
    public var message: String { on ? effect.onMessage : effect.offMessage }

    /// The change that takes this one back (Undo).
    public var inverse: ItemChange { ItemChange(effect, on: !on) }

    /// The SQL applying the change to item ?2 at time ?1.
    var updateSQL: String { "UPDATE items SET \(on ? effect.onSQL : effect.offSQL), updated_at = ?1 WHERE id = ?2" }

    public static let delete = ItemChange(.delete, on: true)
    public static let undoDelete = ItemChange(.delete, on: false)
    public static let archive = ItemChange(.archive, on: true)
    public static let unarchive = ItemChange(.archive, on: false)
    public static let flag = ItemChange(.flag, on: true)
    public static let unflag = ItemChange(.flag, on: false)
    public static let markRead = ItemChange(.read, on: true)
    public static let markUnread = ItemChange(.read, on: false)
}
