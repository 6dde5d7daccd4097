// Actions and presence out. Every actions_log row goes to `{prefix}/kiosks/{kiosk}/actions` at
// QoS 1 as JSON with the id "{kiosk}:{log id}", in id order, at most ActionOutbox.window in
// flight; the cursor in `feed_outbox` moves only on the broker's PUBACKs (ActionOutbox, below). The
// retained status on `{prefix}/kiosks/{kiosk}/status` says "online" with counts and counters,
// every minute and when the items change; the Last Will (MQTTClient) replaces it with "offline".
import Foundation
import KioskStore

/// One actions_log row as published.
struct ActionMessage: Encodable {
    let id: String
    let kiosk: String
    let log_id: Int64
    let time: Int64
    let action: String
    /// The item's `ItemID.key` (its text for ordinary ids), as `export-actions --json` prints it.
    let item_id: String?
    let list_id: String?
    let detail: String?
}

/// The retained status.
struct StatusMessage: Encodable {
    let state = "online"
    let kiosk: String
    let version: String
    let lists: [String: Int]
    let uptime_s: Int64
    let time: Int64
    let feed: FeedCounters
}

extension FeedService {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Publishes the rows after the last one sent, as far as the window allows.
    func publishActions() {
        guard connected, outbox.room > 0 else { return }
        let rows: [ActionLogEntry]
        do {
            rows = try store.actionLog(after: outbox.lastSent, limit: outbox.room)
        } catch {
            logger.warning("feed: cannot read the action log: \(error)")
            return
        }
        for row in rows {
            let message = ActionMessage(
                id: "\(setup.kioskID):\(row.id)", kiosk: setup.kioskID, log_id: row.id, time: row.time, action: row.action,
                item_id: row.itemID?.key, list_id: row.listID, detail: row.detail)
            guard let payload = try? Self.encoder.encode(message),
                  let mid = client.publish(topic: setup.actionsTopic, payload: Array(payload), retain: false) else { return }
            outbox.sent(logID: row.id, mid: mid)
            counters.published += 1
        }
    }

    /// A PUBACK: the status, or an action row (then the cursor may move and more rows go out).
    func acknowledged(mid: Int32) {
        if mid == statusMid { statusMid = nil; return }
        let result = outbox.acknowledge(mid: mid)
        if result.known { counters.acked += 1 }
        guard result.cursorMoved else { return }
        do {
            try store.advanceOutboxCursor(Self.outboxName, to: outbox.cursor)
        } catch {
            // The cursor stays behind: the rows after it are published again later, same ids.
            logger.warning("feed: cannot store the outbox cursor \(outbox.cursor): \(error)")
        }
        publishActions()
    }

    /// Publishes the retained "online" status now (when connected).
    func publishStatus() {
        statusDue = false
        guard connected else { return }
        lastStatus = loop.now
        var counts: [String: Int] = [:]
        for list in setup.lists { counts[list] = (try? store.visibleItemCount(listID: list)) ?? -1 }
        let status = StatusMessage(
            kiosk: setup.kioskID, version: setup.version, lists: counts,
            uptime_s: (loop.now.nanoseconds - started.nanoseconds) / 1_000_000_000, time: ItemStore.now(), feed: counters)
        guard let payload = try? Self.encoder.encode(status) else { return }
        statusMid = client.publish(topic: setup.statusTopic, payload: Array(payload), retain: true)
    }
}

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
