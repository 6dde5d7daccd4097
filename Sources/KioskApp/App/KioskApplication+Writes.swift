// Store writes from the event loop are never lost silently. The loop's connection waits at most
// `loopBusyTimeoutMs` for another writer's lock (less than one frame), so a locked database
// cannot freeze the screen; a write that fails is queued and tried again from the loop's timer
// every `writeRetryInterval` until `writeRetryWindow` has passed. A write that still fails is
// reported: a toast "Could not save: <cause>", a line on stderr with the item and the cause,
// and `<label>-failed` in the action log; a write meant for a database file that left its path
// is given up at once (KioskApplication+DatabaseFile). What the person sees follows what was
// stored: the follow-up (collapse, reload, Undo toast) runs only when the write lands, and a
// row slid off for a delete that did not land grows back in when the delete is given up.
import KioskStore
import KioskUI

/// A store write waiting to be tried (again).
struct PendingWrite {
    /// What is being saved (an action id, `undo-delete`, `purge`), for the log and messages.
    let label: String
    /// The item written (nil for the purge, which writes no one item).
    let itemID: ItemID?
    /// When it was first tried; it is given up `writeRetryWindow` later.
    let since: Double
    var nextTry: Double
    let attempt: () throws(StoreError) -> Void
    /// What follows a landed write (log, collapse, reload).
    let landed: () -> Void
}

extension KioskApplication {
    /// The loop connection's `busy_timeout` (ms): below one 60 Hz frame.
    static let loopBusyTimeoutMs: Int32 = 8
    /// How long a failed write is tried again before it is shown as failed (seconds).
    static let writeRetryWindow = 3.0
    static let writeRetryInterval = 0.1
    /// Pending writes beyond this many are given up at once (a store that fails every write
    /// while a person keeps swiping must not grow the queue).
    static let pendingWriteLimit = 64

    /// Tries `attempt` now; when it fails, queues it for the retry timer.
    func save(_ label: String, itemID: ItemID?, attempt: @escaping () throws(StoreError) -> Void, landed: @escaping () -> Void = {}) {
        var write = PendingWrite(label: label, itemID: itemID, since: now, nextTry: now, attempt: attempt, landed: landed)
        do {
            try attempt()
        } catch {
            guard pendingWrites.count < Self.pendingWriteLimit, !mustGiveUp(error) else { return giveUp(write, error) }
            write.nextTry = now + Self.writeRetryInterval
            pendingWrites.append(write)
            return
        }
        landed()
    }

    /// Tries the queued writes that are due, in order (called every tick).
    func retryPendingWrites() {
        guard pendingWrites.contains(where: { $0.nextTry <= now }) else { return }
        var waiting: [PendingWrite] = []
        for var write in pendingWrites {
            guard write.nextTry <= now else { waiting.append(write); continue }
            do {
                try write.attempt()
                write.landed()
            } catch {
                if now - write.since >= Self.writeRetryWindow || mustGiveUp(error) {
                    giveUp(write, error)
                } else {
                    write.nextTry = now + Self.writeRetryInterval
                    waiting.append(write)
                }
            }
        }
        pendingWrites = waiting
    }

    /// When the retry timer next needs a tick.
    var nextWriteRetry: Double? { pendingWrites.map(\.nextTry).min() }

    /// Shows and logs a write that did not happen, and brings the list back to what is stored.
    func giveUp(_ write: PendingWrite, _ error: StoreError) {
        reportFailure("could not save \(write.label)" + (write.itemID.map { " of item \($0)" } ?? "") + ": \(error)")
        log("\(write.label)-failed", write.itemID)
        scene.show(ToastView(id: "failed", message: "Could not save: \(error.shortCause)",
                             shownAt: now, lifetime: Self.toastLifetime))
        if let itemID = write.itemID { for page in pages.values { page.restore(itemID: itemID.key, time: now) } }
        // Not when the file left the path: the next poll shows the file now there, and until
        // one is open the rows on screen stay as they were read.
        if let id = currentListID, !mustGiveUp(error) { refreshAfterOwnWrite(id) }
    }
}

extension StoreError {
    /// SQLite's message alone, for a toast ("database is locked", "disk is full").
    var shortCause: String {
        switch self {
        case .sqlite(_, let message, _), .corrupt(_, _, let message, _): return message
        case .fileLeftPath(_, let deleted): return deleted ? "the database file was deleted" : "the database file was replaced"
        case .fileSystemFull(_, let directory, _, _, _, _): return "the file system of \(directory) is full"
        default: return description
        }
    }
}
