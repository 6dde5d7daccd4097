// When the app looks at the database for other programs' writes (issue 23: store sync state a
// type of its own). With an inotify watch (AppScreen+DatabaseWatch) only after the watch saw a
// write, so an idle kiosk sleeps; without one, every `[data] poll_interval_ms`; and also every
// interval while the database file is being waited for (a switch blocked by another reader of
// the old file sends no notification). A private in-memory database (replay, screenshot) has no
// other writer: it is never looked at.
import SwipeCore

/// The schedule of the app's looks at the store, on the app's clock.
struct StorePoll: Equatable {
    /// Time between looks when no watch says when.
    let interval: Duration
    /// No other program can write the store (a private in-memory copy).
    let privateStore: Bool
    /// An inotify watch reports the database's writes.
    var watched = false
    /// The database file left its path and no usable file is open yet (+DatabaseFile).
    var waitingForFile = false
    /// The watch saw a write since the last look.
    private(set) var mayHaveChanged = false
    /// When the store was last looked at (the clock's origin at first: the start, in a replay).
    private(set) var lastLook = Instant.zero

    init(intervalMilliseconds: Int, privateStore: Bool) {
        interval = .milliseconds(intervalMilliseconds)
        self.privateStore = privateStore
    }

    /// Whether looks follow events (the watch's, or none for a private store) rather than time.
    var eventDriven: Bool { (watched && !waitingForFile) || privateStore }

    /// The watch saw a write.
    mutating func writeSeen() { mayHaveChanged = true }

    /// When the next look is due after `time`: `time` itself when it is due now; nil: only
    /// when the watch sees a write.
    func nextLook(after time: Instant) -> Instant? {
        eventDriven ? (mayHaveChanged ? time : nil) : lastLook + interval
    }

    /// True when a look is due at `time`; the caller looks now. The same rule as `nextLook`, so a
    /// tick at that deadline always looks.
    mutating func takeLook(at time: Instant) -> Bool {
        guard eventDriven ? mayHaveChanged : time >= lastLook + interval else { return false }
        lastLook = time
        mayHaveChanged = false
        return true
    }
}
