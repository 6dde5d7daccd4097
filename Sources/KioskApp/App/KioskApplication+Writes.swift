// Store writes from the event loop are never lost silently. The loop's connection waits at most
// `loopBusyTimeoutMs` for another writer's lock (less than one frame), so a locked database
// cannot freeze the screen; a write that fails goes to the write queue (WriteQueue: when it is
// tried again, and when it is given up). A write given up is reported: a toast "Could not save:
// <cause>", a line on stderr with the item and the cause, and `<label>-failed` in the action log;
// a write meant for a database file that left its path is given up at once
// (KioskApplication+DatabaseFile). What the person sees follows what was stored: the follow-up
// (collapse, reload, Undo toast) runs only when the write lands, and a row slid off for a delete
// that did not land grows back in when the delete is given up.
import KioskStore
import KioskUI

extension KioskApplication {
    /// The loop connection's `busy_timeout` (ms): below one 60 Hz frame.
    static let loopBusyTimeoutMs: Int32 = 8

    /// Tries `attempt` now; when it fails, queues it for the retry timer.
    func save(_ label: String, itemID: ItemID?, attempt: @escaping () throws(StoreError) -> Void, landed: @escaping () -> Void = {}) {
        do {
            try attempt()
        } catch {
            if !writes.add(label, itemID: itemID, failedAt: now, hopeless: mustGiveUp(error), attempt: attempt, landed: landed) {
                giveUp(label, itemID: itemID, error)
            }
            return
        }
        landed()
    }

    /// Tries the queued writes that are due, in order (called every tick). The queue holds them
    /// all until the tries are over.
    func retryPendingWrites() {
        let due = writes.due(at: now)
        guard !due.isEmpty else { return }
        var settled: [WriteQueue.Write] = []
        for write in due {
            do {
                try write.attempt()
                write.landed()
                settled.append(write)
            } catch {
                guard writes.givesUp(write, at: now, hopeless: mustGiveUp(error)) else { continue }
                giveUp(write.label, itemID: write.itemID, error)
                settled.append(write)
            }
        }
        writes.settle(settled, at: now)
    }

    /// Shows and logs a write that did not happen, and brings the list back to what is stored.
    func giveUp(_ label: String, itemID: ItemID?, _ error: StoreError) {
        reportFailure("could not save \(label)" + (itemID.map { " of item \($0)" } ?? "") + ": \(error)")
        log("\(label)-failed", itemID)
        scene.show(ToastView(id: "failed", message: "Could not save: \(error.shortCause)",
                             shownAt: now, lifetime: Self.toastLifetime))
        if let itemID { for page in pages.values { page.restore(itemID: itemID.key, time: now) } }
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
