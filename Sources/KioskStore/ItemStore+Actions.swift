// What swipe actions do to the data: soft delete and undo, archive, flag and read toggles,
// purging after the undo window, and the `actions_log` that integrators read. Each change
// and its log row are written in ONE transaction, so after a kill -9 either both exist or
// neither does: the log never claims a change the items table lacks, and vice versa.

/// A change to one item; the raw value is the `action` written to `actions_log`.
public enum ItemChange: String, Hashable, Sendable, CaseIterable {
    case delete
    case undoDelete = "undo-delete"
    case archive
    case unarchive
    case flag
    case unflag
    case markRead = "read"
    case markUnread = "unread"

    /// The assignment the change makes (?1 is the time, used for deleted_at).
    var assignment: String {
        switch self {
        case .delete: return "deleted_at = coalesce(deleted_at, ?1)"
        case .undoDelete: return "deleted_at = NULL"
        case .archive: return "archived = 1"
        case .unarchive: return "archived = 0"
        case .flag: return "flagged = 1"
        case .unflag: return "flagged = 0"
        case .markRead: return "unread = 0"
        case .markUnread: return "unread = 1"
        }
    }

    /// The change that takes this one back (Undo).
    public var inverse: ItemChange {
        switch self {
        case .delete: return .undoDelete
        case .undoDelete: return .delete
        case .archive: return .unarchive
        case .unarchive: return .archive
        case .flag: return .unflag
        case .unflag: return .flag
        case .markRead: return .markUnread
        case .markUnread: return .markRead
        }
    }

    /// The SQL applying the change to item ?2 at time ?1.
    var updateSQL: String { "UPDATE items SET \(assignment), updated_at = ?1 WHERE id = ?2" }
}

/// What an action may look at before it chooses its change: the item's list and its flags.
public struct ItemState: Sendable {
    public var listID: String
    public var flagged: Bool
    public var unread: Bool
    public var archived: Bool
}

extension ItemStore {
    static let logSQL = "INSERT INTO actions_log (time, action, item_id, list_id, detail) VALUES (?1, ?2, ?3, ?4, ?5)"
    static let listOfItemSQL = "SELECT list_id, flagged, unread, archived FROM items WHERE id = ?1"
    /// Items the kiosk itself soft-deleted before ?1: the ones whose `deleted_at` is the time of
    /// a `delete` row the kiosk logged for them. An item another program marked deleted (no such
    /// row, or another time) is that program's to remove.
    static let purgeSQL = "DELETE FROM items WHERE deleted_at IS NOT NULL AND deleted_at < ?1 AND " + kioskDeletedSQL
    /// The item was soft-deleted by the kiosk: a `delete` row of the kiosk's names it at its `deleted_at`.
    static let kioskDeletedSQL = """
        EXISTS (SELECT 1 FROM actions_log WHERE actions_log.item_id = items.id AND actions_log.action = 'delete'
            AND actions_log.time = items.deleted_at)
        """
    static let readLogSQL = "SELECT id, time, action, item_id, list_id, detail FROM actions_log WHERE id > ?1 ORDER BY id LIMIT ?2"

    /// Applies `change` to item `itemID` and logs it, atomically.
    /// - Returns: the item after the change.
    /// - Throws: `.itemNotFound` (nothing is written) or an SQLite error (nothing is written).
    @discardableResult
    public func apply(_ change: ItemChange, to itemID: ItemID, at time: StoreTime, detail: String? = nil) throws(StoreError) -> ItemRecord {
        try write("\(change.rawValue) item \(itemID)") { () throws(StoreError) in
            try applyRow(change, to: itemID, at: time, detail: detail)
        }
    }

    /// Runs a swipe action on an item, atomically with its log row. `change` picks the data change
    /// from the item's state as it is inside the same transaction (a toggle looks at it there, so
    /// two processes toggling at once cannot both set the flag). The log row's `action` is the
    /// change made (`unflag`, …) and its `detail` is `actionID`; when `change` returns nil the
    /// action changes no data and is logged with `action` = `actionID` and `detail` = `logDetail`.
    /// - Returns: the data change made, or nil for a log-only action.
    @discardableResult
    public func perform(
        actionID: String, on itemID: ItemID, logDetail: String, at time: StoreTime,
        change: (ItemState) -> ItemChange?
    ) throws(StoreError) -> ItemChange? {
        try write("\(actionID) item \(itemID)") { () throws(StoreError) in
            guard let state = try currentState(of: itemID) else { throw .itemNotFound(id: itemID) }
            if let change = change(state) {
                _ = try applyRow(change, to: itemID, at: time, detail: actionID)
                return change
            }
            try appendLog(action: actionID, itemID: itemID, listID: state.listID, detail: logDetail, at: time)
            return nil
        }
    }

    /// Logs an action that changed no item (a command run, a page opened) in its own transaction.
    public func log(action: String, itemID: ItemID?, listID: String?, detail: String? = nil, at time: StoreTime) throws(StoreError) {
        try write("log \(action)") { () throws(StoreError) in
            try appendLog(action: action, itemID: itemID, listID: listID, detail: detail, at: time)
        }
    }

    /// Removes for good the items the kiosk soft-deleted before `cutoff` (now minus the undo
    /// window), logging one `purge` row with the count when any were removed. Items other
    /// programs marked `deleted_at` are never purged (`purgeSQL`).
    /// - Returns: how many items were removed.
    @discardableResult
    public func purgeDeleted(before cutoff: StoreTime, at time: StoreTime) throws(StoreError) -> Int {
        try write("purge deleted items") { () throws(StoreError) in
            let removed = try db.withStatement(Self.purgeSQL, operation: "purge deleted items") { s throws(StoreError) in
                try s.bind(1, cutoff)
                try s.run()
                return db.changes
            }
            if removed > 0 {
                try appendLog(action: "purge", itemID: nil, listID: nil, detail: "\(removed) items", at: time)
            }
            return removed
        }
    }

    /// When the oldest item the kiosk soft-deleted and has not purged yet was deleted (what
    /// `purgeDeleted` may remove); nil when there is none. A kiosk restarted inside the undo
    /// window purges these when their window ends, though it did not delete them this run.
    public func oldestKioskDeletion() throws(StoreError) -> StoreTime? {
        let sql = "SELECT min(deleted_at) FROM items WHERE deleted_at IS NOT NULL AND " + Self.kioskDeletedSQL
        return try db.withStatement(sql, operation: "find the kiosk's deletions") { s throws(StoreError) in
            try s.step() && !s.isNull(0) ? s.int64(0) : nil
        }
    }

    /// Log rows with an id above `afterID`, oldest first, at most `limit`.
    public func actionLog(after afterID: Int64 = 0, limit: Int = 1000) throws(StoreError) -> [ActionLogEntry] {
        try db.withStatement(Self.readLogSQL, operation: "read action log") { s throws(StoreError) in
            try s.bind(1, afterID)
            try s.bind(2, Int64(limit))
            var entries: [ActionLogEntry] = []
            while try s.step() {
                entries.append(ActionLogEntry(
                    id: s.int64(0), time: s.int64(1), action: s.text(2), itemID: s.isNull(3) ? nil : ItemID(s.value(3)),
                    listID: s.optionalText(4), detail: s.optionalText(5)))
            }
            return entries
        }
    }

    // MARK: Inside a transaction

    private func currentState(of itemID: ItemID) throws(StoreError) -> ItemState? {
        try db.withStatement(Self.listOfItemSQL, operation: "read item \(itemID)") { s throws(StoreError) in
            try s.bind(1, itemID.value)
            guard try s.step() else { return nil }
            return ItemState(listID: s.text(0), flagged: s.bool(1), unread: s.bool(2), archived: s.bool(3))
        }
    }

    private func applyRow(_ change: ItemChange, to itemID: ItemID, at time: StoreTime, detail: String?) throws(StoreError) -> ItemRecord {
        try db.withStatement(change.updateSQL, operation: "\(change.rawValue) item \(itemID)") { s throws(StoreError) in
            try s.bind(1, time)
            try s.bind(2, itemID.value)
            try s.run()
        }
        guard db.changes == 1, let item = try item(id: itemID) else { throw .itemNotFound(id: itemID) }
        try appendLog(action: change.rawValue, itemID: itemID, listID: item.listID, detail: detail, at: time)
        return item
    }

    private func appendLog(action: String, itemID: ItemID?, listID: String?, detail: String?, at time: StoreTime) throws(StoreError) {
        try db.withStatement(Self.logSQL, operation: "log \(action)") { s throws(StoreError) in
            try s.bind(1, time)
            try s.bind(2, action)
            try s.bind(3, itemID?.value ?? .null)
            try s.bind(4, listID)
            try s.bind(5, detail)
            try s.run()
        }
    }
}
