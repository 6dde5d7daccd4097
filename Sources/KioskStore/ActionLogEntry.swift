// What `export-actions`, the feed's outbox and the tests read back from `actions_log`.

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
