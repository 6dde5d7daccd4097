// What a person may still take back (issue 27: every action that changes data offers Undo the
// same way, archive "done" included; issue 23: the undo book a type of its own). Each entry is
// the change the kiosk made to an item and when its undo window closes. An expired delete is
// what the purge removes for good; other expired entries simply end.
import KioskStore
import SwipeCore

struct UndoBook {
    struct Entry: Equatable {
        var change: ItemChange
        var closes: Instant
        /// False for a delete whose action says `undo = false`: kept only for the purge.
        var undoable = true
    }

    private(set) var entries: [ItemID: Entry] = [:]

    /// Offers `change` on `itemID` for Undo until `closes` (a newer change on the same item
    /// replaces the older offer: Undo takes back the last thing done to it).
    mutating func offer(_ change: ItemChange, on itemID: ItemID, until closes: Instant, undoable: Bool = true) {
        entries[itemID] = Entry(change: change, closes: closes, undoable: undoable)
    }

    /// The change to take back on `itemID` at `now`, removing its entry; nil once its window
    /// closed (the entry then stays for `expire`, so an expired delete is still purged).
    mutating func take(_ itemID: ItemID, at now: Instant) -> ItemChange? {
        guard let entry = entries[itemID], entry.undoable, now < entry.closes else { return nil }
        entries[itemID] = nil
        return entry.change
    }

    /// Removes the entries whose window closed by `now`, deletes only with `deletes` (they stay
    /// until the purge can run); returns whether a delete's window has closed (the purge is due).
    mutating func expire(at now: Instant, deletes: Bool) -> Bool {
        let expired = entries.filter { now >= $0.value.closes }
        for (id, entry) in expired where deletes || entry.change != .delete { entries[id] = nil }
        return expired.values.contains { $0.change == .delete }
    }

    /// When the next window closes.
    var nextClose: Instant? { entries.values.map(\.closes).min() }

    /// Whether any entry is still offered to a person (not only kept for the purge).
    var offersUndo: Bool { entries.values.contains(where: \.undoable) }

    mutating func removeAll() { entries.removeAll() }
}
