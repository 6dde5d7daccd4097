// `swipe-kiosk bench --scenario outside-write | own-write`: the UI loop's time per data change on
// a list of N items in sections of ten (issue 26), with the app on the device's clock over a
// database file, so the section reader runs as on a panel.
// - outside-write: each round another connection updates one item (an importer, the fleet
//   feed); the loop's share is timed on the device's path (ask the section reader, later swap in
//   its sections) and on the path it replaced (the loop reads the sections itself), alternately,
//   in one run.
// - own-write: each round the app runs one of its own actions on the first row, in the order of
//   `ownActions` (delete, Undo, archive, Undo, flag, read), and the loop's share is timed from
//   the action to the end of its follow-ups (KioskApplication+WriteTiming).
import ArgumentParser
import Foundation
import KioskConfig
import KioskStore
import SwipeCore

struct WriteBench {
    let items: Int
    let rounds: Int

    struct OutsideResult {
        /// Loop time per change on the device's path (ask + swap), and on the loop-only path, in µs.
        let offLoop: BenchStatistics
        let onLoop: BenchStatistics
        /// The device path's two parts: asking the reader, and swapping in what it read.
        let ask: BenchStatistics
        let swap: BenchStatistics
    }

    struct OwnResult {
        /// All the loop spent per action (the action and every tick until it settled), in µs.
        let total: BenchStatistics
        /// The longest single stretch per action (the action, or one tick): what one frame absorbed.
        let worstFrame: BenchStatistics
        /// The loop thread's CPU time per action (all of it less waits: for I/O, or for a core
        /// another process of a shared machine had).
        let cpu: BenchStatistics
        /// The total per action kind, in `ownActions` order.
        let byAction: [(action: String, total: BenchStatistics)]
    }

    /// The own actions in the order the rounds run them: each Undo takes back the change before it.
    static let ownActions = ["delete", "undo", "archive", "undo", "flag", "read"]

    /// The inbox of the own-write rounds: unarchived items (an archive takes the row out), each
    /// action of `ownActions`, and an undo window no round outlives (no purge while timing).
    static let ownWriteConfiguration = """
        [data]
        undo_window_s = 3600
        [[lists]]
        id = "inbox"
        title = "Inbox"
        [lists.filter]
        archived = false
        [[lists.leading.actions]]
        id = "read"
        title = "Read"
        effect = "read"
        [[lists.trailing.actions]]
        id = "delete"
        title = "Delete"
        effect = "delete"
        [[lists.trailing.actions]]
        id = "archive"
        title = "Archive"
        effect = "archive"
        [[lists.trailing.actions]]
        id = "flag"
        title = "Flag"
        effect = "flag"
        """

    func outsideWrites() throws -> OutsideResult {
        try withApp(configuration: KioskConfiguration()) { app, path in
            let writer = try ItemStore(path: path)
            var offLoop: [Double] = [], onLoop: [Double] = [], asks: [Double] = [], swaps: [Double] = []
            for round in 0..<rounds {
                try writer.insert([ItemRecord(id: ItemID("item-\(round % max(1, items))"), listID: "inbox", title: "Edited \(round)",
                                              section: "Day \(round % max(1, items) / 10 + 1)", sortKey: Int64(round % max(1, items)),
                                              updatedAt: Int64(round + 1))])
                if round % 2 == 0 {
                    let time = app.loopTimeForOutsideChange()
                    offLoop.append(time.ask + time.swap)
                    asks.append(time.ask)
                    swaps.append(time.swap)
                } else {
                    onLoop.append(app.loopTimeReadingOnTheLoop())
                }
            }
            return OutsideResult(offLoop: BenchStatistics(samples: offLoop), onLoop: BenchStatistics(samples: onLoop),
                                 ask: BenchStatistics(samples: asks), swap: BenchStatistics(samples: swaps))
        }
    }

    func ownWrites() throws -> OwnResult {
        try withApp(configuration: try KioskConfiguration.parse(Self.ownWriteConfiguration, file: "own-write.toml")) { app, _ in
            var timings: [(String, KioskApplication.OwnActionTiming)] = []
            var time: Instant = 1
            for round in 0..<rounds {
                let action = Self.ownActions[round % Self.ownActions.count]
                guard let timing = app.loopTimeForOwnAction(action, row: 0, at: time) else {
                    printError("bench own-write: round \(round): the action \(action) could not run")
                    throw ExitCode.software
                }
                timings.append((action, timing))
                time += .seconds(1)
            }
            return OwnResult(
                total: BenchStatistics(samples: timings.map(\.1.total)),
                worstFrame: BenchStatistics(samples: timings.map(\.1.worstFrame)),
                cpu: BenchStatistics(samples: timings.map(\.1.cpu)),
                byAction: Self.ownActions.reduce(into: []) { kinds, action in
                    guard !kinds.contains(where: { $0.action == action }) else { return }
                    kinds.append((action, BenchStatistics(samples: timings.filter { $0.0 == action }.map(\.1.total))))
                })
        }
    }

    /// Runs `body` with an app over a new database file of `items` items (removed afterwards).
    private func withApp<T>(configuration: KioskConfiguration, _ body: (KioskApplication, String) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("items.sqlite3").path
        let store = try ScenarioBench.makeDatabase(at: path, items: items) { ("Person \($0)", "Subject line of message \($0)") }
        var configuration = configuration
        configuration.data.demoData = false
        let app = try KioskApplication(
            configuration: configuration, store: store, size: Size(width: 1280, height: 800),
            fonts: try FontLocator.fonts(regular: nil, bold: nil, icons: nil), storeClock: .wall)
        return try body(app, path)
    }
}
