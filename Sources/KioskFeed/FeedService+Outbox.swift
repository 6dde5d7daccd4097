// Actions and presence out. Every actions_log row goes to `{prefix}/kiosks/{kiosk}/actions` at
// QoS 1 as JSON with the id "{kiosk}:{log id}", in id order, at most ActionOutbox.window in
// flight; the cursor in `feed_outbox` moves only on the broker's PUBACKs (ActionOutbox). The
// retained status on `{prefix}/kiosks/{kiosk}/status` says "online" with counts and counters,
// every minute and when the items change; the Last Will (MQTTClient) replaces it with "offline".
import Foundation
import KioskFiles
import KioskHardware
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
    /// The app's own status (control socket `status`): page, screen, last touch, frame and
    /// touch-to-flip p99; absent until it first answered.
    let app: ControlStatus?
    /// Why the app did not answer the last time it was asked (absent when it did).
    let app_error: String?
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

    /// The most of the app's status a presence message carries (the app's own is ~1 KB: its page
    /// title is clipped), and of the reason it did not answer: the status is retained on the
    /// broker for every kiosk, so a wrong peer on the control socket must not make it megabytes.
    static let appStatusBytes = 16 << 10
    static let appErrorScalars = 400

    /// Asks the app for its status (on the command thread; ``presenceAnswered(_:)`` publishes);
    /// publishes at once with the last answer when the command queue is full.
    func refreshPresence() {
        if !commands.submit(FleetCommand(request: .status, id: nil, forPresence: true)) { publishStatus() }
    }

    /// The app's answer for the presence message: kept, then the status is published (through
    /// `statusDue`, at most once a second).
    func presenceAnswered(_ result: Result<[UInt8], CommandFailure>) {
        switch result {
        case .success(let payload) where payload.count > Self.appStatusBytes:
            appStatus = nil
            appStatusError = "the app's status is \(payload.count) bytes, more than the \(Self.appStatusBytes) a presence message carries"
        case .success(let payload):
            do {
                appStatus = try JSONDecoder().decode(ControlStatus.self, from: Data(payload))
                appStatusError = nil
            } catch {
                appStatus = nil
                appStatusError = "the app's status could not be read: \(error)".shown(atMost: Self.appErrorScalars)
            }
        case .failure(let failure):
            // No stale page or screen beside the reason: the presence says only what is known now.
            appStatus = nil
            appStatusError = failure.message.shown(atMost: Self.appErrorScalars)
        }
        statusDue = true
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
            uptime_s: (loop.now.nanoseconds - started.nanoseconds) / 1_000_000_000, time: ItemStore.now(), feed: counters,
            app: appStatus, app_error: appStatusError)
        guard let payload = try? Self.encoder.encode(status) else { return }
        statusMid = client.publish(topic: setup.statusTopic, payload: Array(payload), retain: true)
    }
}
