// What `swipe-kiosk bench` times of data changes (issue 26, "data changes off the frame path").
//
// `--scenario outside-write`: the loop's share of bringing in another program's write. The
// device's path asks the section reader and later swaps in its sections; the path it replaced
// read them on the loop. Both are timed on the same app and database in one run, so their ratio
// holds on a noisy machine.
//
// `--scenario own-write`: the loop's share of one of the app's own actions on a list. It runs
// the action the way a tap on its button does (the store write and what shows at once: the
// toast, the collapse) and then ticks the app at 60 Hz until the action's follow-ups are done
// (the collapse's end, the list's re-read and the swap of what was read). Between two ticks the
// device's loop waits for the display; the bench waits for the section reader there instead,
// untimed, so each tick that swaps in sections finds them read, as a frame 16 ms later would.
import KioskHardware
import KioskStore
import SwipeCore

extension KioskApplication {
    /// Microseconds the loop spends on one outside change on the device's path: asking the
    /// section reader (`ask`) and, once it has read, swapping in its sections (`swap`).
    public func loopTimeForOutsideChange() -> (ask: Double, swap: Double) {
        let clock = ContinuousClock()
        let ask = clock.measure { refreshAfterOutsideChange() }
        sectionReader?.waitUntilRead()
        let swap = clock.measure { collectSections() }
        return (Self.microseconds(ask), Self.microseconds(swap))
    }

    /// Microseconds the loop spends on the same change when it reads the sections itself.
    public func loopTimeReadingOnTheLoop() -> Double {
        Self.microseconds(ContinuousClock().measure { pages.keys.forEach { syncWithStore($0) } })
    }

    /// A duration in microseconds (the benches' unit).
    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }
}

extension KioskApplication {
    /// The loop's time for one own action, in microseconds.
    public struct OwnActionTiming: Sendable {
        /// The action itself (the input event's share of the loop).
        public let action: Double
        /// Each tick after it, until the action settled.
        public let ticks: [Double]
        /// The loop thread's CPU time over the action and the ticks: their wall time less what it
        /// waited (for I/O, or for a core another process of a shared machine had).
        public let cpu: Double

        /// Everything the loop spent on the action.
        public var total: Double { action + ticks.reduce(0, +) }
        /// The longest single stretch: the action or one tick (what one frame had to absorb).
        public var worstFrame: Double { max(action, ticks.max() ?? 0) }
    }

    /// Runs the current list's action `actionID` on the item in row `row` at app time `time` (or,
    /// for "undo", takes back the newest change still offered for Undo), then ticks at 60 Hz for
    /// `settle`; nil when there is no such action, row or change.
    public func loopTimeForOwnAction(_ actionID: String, row: Int, at time: Instant, settle: Duration = .milliseconds(500)) -> OwnActionTiming? {
        tick(time: time)
        let action: (wall: Double, cpu: Double)
        if actionID == "undo" {
            guard let itemID = undoable.entries.filter(\.value.undoable).max(by: { $0.value.closes < $1.value.closes })?.key else { return nil }
            action = Self.timed { undo(itemID) }
        } else {
            guard let listID = currentListID, let list = configuration.list(id: listID), let page = pages[listID],
                  row < page.data.count, let itemID = ItemID(key: page.data.item(at: row).id),
                  let ref = actions(of: list).first(where: { $0.ref.id == actionID })?.ref else { return nil }
            action = Self.timed { perform(ref, on: itemID) }
        }
        var ticks: [(wall: Double, cpu: Double)] = []
        for frame in 1...max(1, Int(settle.inSeconds * 60)) {
            ticks.append(Self.timed { tick(time: time + Duration(seconds: Double(frame) / 60)) })
            if sectionReader?.isReading == true { sectionReader?.waitUntilRead() }
        }
        return OwnActionTiming(action: action.wall, ticks: ticks.map(\.wall), cpu: action.cpu + ticks.reduce(0) { $0 + $1.cpu })
    }

    /// The wall and thread CPU time of `body`, in microseconds.
    private static func timed(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        let cpu = ThreadCPUClock.nanoseconds()
        let wall = ContinuousClock().measure(body)
        return (microseconds(wall), Double(ThreadCPUClock.nanoseconds() - cpu) / 1000)
    }
}
