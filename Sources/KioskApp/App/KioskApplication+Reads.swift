// Store reads from the event loop are never dropped silently either (writes: +Writes). A read
// that fails (a damaged file, an I/O error, a table another program dropped, a lock held past
// the busy timeout) is reported with its cause on stderr and as a toast "Could not read the
// items: <cause>", and the screen keeps what it showed; the next poll or touch reads again. The
// same cause repeated (a poll every 250 ms against a broken file) is reported once, until a read
// succeeds again.
import KioskStore
import KioskUI

extension KioskApplication {
    /// What `body` reads from the store, or nil once its failure is reported.
    func read<T>(_ what: String, _ body: () throws(StoreError) -> T) -> T? {
        do {
            let value = try body()
            failingReadCause = nil
            return value
        } catch {
            reportReadFailure(what, error)
            return nil
        }
    }

    /// The stored item, nil when it is gone or cannot be read (reported).
    func item(_ itemID: ItemID) -> ItemRecord? {
        read("item \(itemID)", { () throws(StoreError) in try store.item(id: itemID) }) ?? nil
    }

    /// Logs and shows a failed read, once per cause in a row.
    func reportReadFailure(_ what: String, _ error: StoreError) {
        guard failingReadCause != error.shortCause else { return }
        failingReadCause = error.shortCause
        reportFailure("could not read \(what): \(error)")
        scene.show(ToastView(id: "read-failed", message: "Could not read the items: \(error.shortCause)",
                             shownAt: now, lifetime: Self.toastLifetime))
    }
}
