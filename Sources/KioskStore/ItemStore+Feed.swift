// What the fleet feed (`swipe-kiosk feed`, KioskFeed) writes: items from the broker, applied
// in batches as one transaction each (all of a batch or none of it), and the outbox cursor of
// the actions it published. The feed writes the file like any other program, so the app's
// outside-write path shows every change; only parameterised SQL, and a network id is only ever
// a bound value.

/// One change an MQTT message asks for.
public enum FeedChange: Hashable, Sendable {
    /// Insert or replace the item, unless the stored one is as new or newer (`updated_at`).
    case upsert(ItemRecord)
    /// Remove the item, when it is (still) in `listID`.
    case remove(id: ItemID, listID: String)

    /// The item it concerns.
    public var itemID: ItemID {
        switch self {
        case .upsert(let item): return item.id
        case .remove(let id, _): return id
        }
    }
}

extension ItemStore {
    /// Insert, or update only when the message is newer than the stored row: the same message
    /// twice, or a catalogue re-sent after a reconnect, writes nothing.
    /// `itemColumns` in their order, bound by `bind(_:to:)` as `insertSQL` is.
    static let feedUpsertSQL = """
        INSERT INTO items (\(itemColumns)) VALUES (\(itemParameters))
        ON CONFLICT (id) DO UPDATE SET \(ItemRecord.columns.dropFirst().map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", "))
        WHERE excluded.updated_at > items.updated_at
        """
    static let feedRemoveSQL = "DELETE FROM items WHERE id = ?1 AND list_id = ?2"
    static let readOutboxSQL = "SELECT log_id FROM feed_outbox WHERE name = ?1"
    /// The cursor never moves back (a second feed process, a stale acknowledgement).
    static let writeOutboxSQL = """
        INSERT INTO feed_outbox (name, log_id) VALUES (?1, ?2)
        ON CONFLICT (name) DO UPDATE SET log_id = max(log_id, excluded.log_id)
        """
    static let countListSQL = "SELECT count(*) FROM items WHERE list_id = ?1 AND deleted_at IS NULL AND archived = 0"

    /// Applies `changes` in order in one transaction: every one of them or, when it throws, none.
    /// - Returns: how many rows changed (0 when everything was already as the messages say).
    @discardableResult
    public func applyFeed(_ changes: [FeedChange]) throws(StoreError) -> Int {
        guard !changes.isEmpty else { return 0 }
        return try write("apply \(changes.count) feed changes") { () throws(StoreError) in
            var changed = 0
            for change in changes {
                switch change {
                case .upsert(let item):
                    try db.withStatement(Self.feedUpsertSQL, operation: "apply feed item \(item.id)") { s throws(StoreError) in
                        try Self.bind(item, to: s)
                        try s.run()
                    }
                case .remove(let id, let listID):
                    try db.withStatement(Self.feedRemoveSQL, operation: "remove feed item \(id)") { s throws(StoreError) in
                        try s.bind(1, id.value)
                        try s.bind(2, listID)
                        try s.run()
                    }
                }
                changed += db.changes
            }
            return changed
        }
    }

    /// The last `actions_log` id outbox `name` had acknowledged (0: none yet).
    public func outboxCursor(_ name: String) throws(StoreError) -> Int64 {
        try db.withStatement(Self.readOutboxSQL, operation: "read outbox cursor \(name)") { s throws(StoreError) in
            try s.bind(1, name)
            return try s.step() ? s.int64(0) : 0
        }
    }

    /// Moves outbox `name`'s cursor forward to `logID` (never back).
    public func advanceOutboxCursor(_ name: String, to logID: Int64) throws(StoreError) {
        try write("advance outbox cursor \(name)") { () throws(StoreError) in
            try db.withStatement(Self.writeOutboxSQL, operation: "advance outbox cursor \(name)") { s throws(StoreError) in
                try s.bind(1, name)
                try s.bind(2, logID)
                try s.run()
            }
        }
    }

    /// How many items list `listID` shows (not deleted, not archived).
    public func visibleItemCount(listID: String) throws(StoreError) -> Int {
        try db.withStatement(Self.countListSQL, operation: "count items of \(listID)") { s throws(StoreError) in
            try s.bind(1, listID)
            return try s.step() ? Int(s.int64(0)) : 0
        }
    }
}
