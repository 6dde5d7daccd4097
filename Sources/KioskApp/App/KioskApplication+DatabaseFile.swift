// The database file replaced or deleted under the running app (the store's side is
// ItemStore+FileLifecycle). On every poll and change notification the app follows the path:
// - another file renamed over it (an importer's atomic replace) is opened after the start's
//   checks and every list shows its items at once;
// - a deleted file, or a replacement the checks refuse, leaves the app waiting: the rows it
//   showed stay, "Could not read the items: <why>" is shown and written to stderr, every
//   action fails visibly, and the first usable file at the path is opened.
// Nothing that belonged to the old file reaches the new one: a write queued for retry is given
// up ("Could not save: …", `<action>-failed`) rather than applied to an item of another file
// that merely has the same id (it may be another item by now, and the person acted on what the
// old file showed); Undo of an old delete is withdrawn; an open sheet or detail page of an old
// item is closed and open rows close.
import KioskStore
import KioskUI

extension KioskApplication {
    /// Follows the database's path (called on every poll): see the file comment.
    func followDatabaseFile() {
        guard let change = store.followFileAtPath() else { return }
        if let left = change.oldFileLeft { forgetOldFile(left) }
        storePoll.waitingForFile = change.problem != nil
        guard change.problem == nil else {
            if let problem = change.problem { reportReadFailure("the database file", problem) }
            return
        }
        failingReadCause = nil
        reportFailure("database \(store.path) is another file now: showing its items"
            + (store.preMigrationCopy.map { " (migrated to schema \(ItemStore.latestSchemaVersion); the file as it was is kept as \($0))" } ?? ""))
        for id in pages.keys { reload(id) }
        lastSync = storeNow
        scheduleEarlierPurge()
    }

    /// Ends what belonged to the file that left the path: its queued writes are given up, its
    /// deletes can no longer be undone, sheets, pages and open rows of its items close.
    private func forgetOldFile(_ reason: StoreError) {
        let abandoned = writes.takeAll()
        let undoOffered = undoable.offersUndo
        undoable.removeAll()
        scene.dismissSheet(time: now)
        scene.popToRoot()
        for page in pages.values { page.reset(time: now) }
        if undoOffered {
            // The Undo toast's promise is void: say so instead of letting a tap do nothing.
            scene.hideActionToast()
            scene.show(ToastView(id: "file-left", message: "The database file changed: Undo is no longer possible",
                                 shownAt: now, lifetime: Self.toastLifetime))
        }
        for write in abandoned { giveUp(write.label, itemID: write.itemID, reason) }
    }

    /// Whether a failed write must be given up at once instead of retried: the file it was
    /// meant for left the path (a retry would write to whatever file is there next).
    func mustGiveUp(_ error: StoreError) -> Bool {
        if case .fileLeftPath = error { return true }
        return !store.isFileOpen
    }
}
