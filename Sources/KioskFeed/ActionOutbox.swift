// Which `actions_log` rows are on their way to the broker. The rows are published in id order;
// the cursor (the last row the broker acknowledged, kept in the database by the feed) moves
// only over a run of acknowledged rows from its start: when PUBACKs come out of order it stays
// at the lowest row not yet acknowledged. After a kill -9 or a reconnect everything above the
// cursor is published again with the same ids, so a consumer sees every row, in order, and
// drops a duplicate by its id. The window bounds what is in flight (libmosquitto would queue
// without a bound, in memory, also while offline: reference §1.1).

/// The rows in flight and the acknowledged cursor.
struct ActionOutbox {
    /// At most this many rows unacknowledged at once.
    static let window = 100

    /// The last row acknowledged in order (what the database stores).
    private(set) var cursor: Int64
    /// Rows published and not yet folded into the cursor, in id order.
    private var inFlight: [(logID: Int64, mid: Int32, acknowledged: Bool)] = []

    init(cursor: Int64) { self.cursor = cursor }

    /// The id after which the next rows to publish start.
    var lastSent: Int64 { inFlight.last?.logID ?? cursor }

    /// How many more rows may be published now.
    var room: Int { Self.window - inFlight.count }

    /// Row `logID` was handed to libmosquitto as message `mid`.
    mutating func sent(logID: Int64, mid: Int32) {
        precondition(logID > lastSent, "outbox rows are sent in id order")
        inFlight.append((logID, mid, false))
    }

    /// The broker acknowledged `mid`: `known` when it is a row in flight, `cursorMoved` when
    /// that completed a run from the cursor.
    mutating func acknowledge(mid: Int32) -> (known: Bool, cursorMoved: Bool) {
        guard let index = inFlight.firstIndex(where: { $0.mid == mid && !$0.acknowledged }) else { return (false, false) }
        inFlight[index].acknowledged = true
        let done = inFlight.prefix { $0.acknowledged }.count
        guard done > 0 else { return (true, false) }
        cursor = inFlight[done - 1].logID
        inFlight.removeFirst(done)
        return (true, true)
    }

    /// The connection was lost: nothing in flight counts any more; all of it is published again.
    mutating func resend() { inFlight = [] }
}
