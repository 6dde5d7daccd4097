// The app's store writes that failed and wait to be tried again (issue 23: the write queue a
// type of its own). The loop's connection gives up on another writer's lock within a frame, so
// a locked database cannot freeze the screen; a write that fails is queued here and tried again
// every `retryInterval` until `retryWindow` has passed since its first try, then given up. A
// write meant for a database file that left its path is hopeless and given up at once, and so
// is one that finds `limit` writes waiting (a store that fails every write while a person keeps
// swiping must not grow the queue). Writes are tried in the order they were made, and one tried
// again keeps its place: an Undo never lands before the change it takes back. The queue decides
// when and whether; the app (KioskApplication+Writes) makes the store calls and shows, logs and
// reports what happened, and the queue keeps every write until those tries are over (a list
// re-read while they run sees them still waiting).
import KioskStore
import SwipeCore

/// The pending store writes, in order, on the app's clock.
struct WriteQueue {
    /// How long a failed write is tried again before it is given up.
    static let retryWindow = Duration.seconds(3)
    /// How long after a failed try the next one comes.
    static let retryInterval = Duration.milliseconds(100)
    /// How many writes may wait; one more is given up at once.
    static let limit = 64

    /// A store write waiting to be tried again.
    struct Write {
        /// What is being saved (an action id, `undo-delete`, `purge`), for the log and messages.
        let label: String
        /// The item written (nil for the purge, which writes no one item).
        let itemID: ItemID?
        /// When it was first tried; it is given up `retryWindow` later.
        let since: Instant
        /// When it is tried next.
        fileprivate(set) var nextTry: Instant
        let attempt: () throws(StoreError) -> Void
        /// What follows a landed write (log, collapse, reload).
        let landed: () -> Void
        /// Tells two writes of the same label and item apart.
        fileprivate let serial: Int
    }

    /// The writes waiting, oldest first.
    private(set) var pending: [Write] = []
    private var nextSerial = 0

    var isEmpty: Bool { pending.isEmpty }
    var count: Int { pending.count }

    /// The keys of the items some write waits for.
    var itemKeys: Set<String> { Set(pending.compactMap { $0.itemID?.key }) }

    /// Whether a write of `label` on `itemID` is waiting.
    func holds(_ label: String, on itemID: ItemID) -> Bool {
        pending.contains { $0.itemID == itemID && $0.label == label }
    }

    /// When the retry timer next needs a tick.
    var nextTry: Instant? { pending.map(\.nextTry).min() }

    /// A write whose first try failed at `time`: queued, to be tried again `retryInterval` later.
    /// Returns false, queuing nothing, when it must be given up instead: the queue is full, or
    /// the failure is `hopeless`.
    mutating func add(
        _ label: String, itemID: ItemID?, failedAt time: Instant, hopeless: Bool,
        attempt: @escaping () throws(StoreError) -> Void, landed: @escaping () -> Void
    ) -> Bool {
        guard pending.count < Self.limit, !hopeless else { return false }
        pending.append(Write(label: label, itemID: itemID, since: time, nextTry: time + Self.retryInterval,
                             attempt: attempt, landed: landed, serial: nextSerial))
        nextSerial += 1
        return true
    }

    /// The writes to try at `time`, in order. They stay queued until `settle`.
    func due(at time: Instant) -> [Write] { pending.filter { $0.nextTry <= time } }

    /// Whether `write`, failed again at `time`, is given up: its `retryWindow` has passed, or the
    /// failure is `hopeless`.
    func givesUp(_ write: Write, at time: Instant, hopeless: Bool) -> Bool {
        time - write.since >= Self.retryWindow || hopeless
    }

    /// The tries at `time` are over: the `settled` writes (landed or given up) leave the queue,
    /// and the others that were due are tried again `retryInterval` later, in their places.
    mutating func settle(_ settled: [Write], at time: Instant) {
        let gone = Set(settled.map(\.serial))
        pending.removeAll { gone.contains($0.serial) }
        for i in pending.indices where pending[i].nextTry <= time { pending[i].nextTry = time + Self.retryInterval }
    }

    /// Empties the queue (its database file left the path); returns the writes to give up.
    mutating func takeAll() -> [Write] {
        defer { pending = [] }
        return pending
    }
}
