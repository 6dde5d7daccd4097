// What swipe actions do to the data: soft delete and undo, archive, flag and read toggles,
// purging after the undo window, and the `actions_log` that integrators read. Each change
// and its log row are written in ONE transaction, so after a kill -9 either both exist or
// neither does: the log never claims a change the items table lacks, and vice versa.

extension ItemStore {
    static let logSQL = "INSERT INTO actions_log (time, action, item_id, list_id, detail) VALUES (?1, ?2, ?3, ?4, ?5)"
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

    /// Runs a swipe action on an item, atomically with its log row. A data `effect` is turned
    /// on, or off when it toggles and is on, as the item is inside the same transaction (two
    /// processes toggling at once cannot both set the flag); the log row's `action` is the change
    /// made (`unflag`, …) and its `detail` is `actionID`. Without an effect the action changes no
    /// data and is logged with `action` = `actionID` and `detail` = `logDetail`.
    /// - Returns: the data change made, or nil for a log-only action.
    @discardableResult
    public func perform(
        actionID: String, on itemID: ItemID, effect: ItemEffect?, logDetail: String, at time: StoreTime
    ) throws(StoreError) -> ItemChange? {
        try write("\(actionID) item \(itemID)") { () throws(StoreError) in
            guard let (listID, isOn) = try currentState(of: itemID, effect: effect) else { throw .itemNotFound(id: itemID) }
            if let effect {
                let change = ItemChange(effect, on: !(effect.toggles && isOn))
                _ = try applyRow(change, to: itemID, at: time, detail: actionID)
                return change
            }
            try appendLog(action: actionID, itemID: itemID, listID: listID, detail: logDetail, at: time)
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

    /// The item's list and whether `effect` is on for it; nil when there is no such item.
    private func currentState(of itemID: ItemID, effect: ItemEffect?) throws(StoreError) -> (listID: String, isOn: Bool)? {
        let sql = "SELECT list_id, \(effect?.isOnSQL ?? "0") FROM items WHERE id = ?1"
        return try db.withStatement(sql, operation: "read item \(itemID)") { s throws(StoreError) in
            try s.bind(1, itemID.value)
            guard try s.step() else { return nil }
            return (s.text(0), s.bool(1))
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
