// `swipe-kiosk bench --scenario outside-write`: the UI loop's time per change another program
// commits (an importer, the fleet feed), on a list of N items in sections of ten, with the app
// on the device's clock. Each round another connection updates one item; the loop's share is
// timed on the device's path (ask the section reader, later swap in its sections) and on the
// path it replaced (the loop reads the sections itself), alternately, in one run.
import Foundation
import KioskApp
import KioskConfig
import KioskStore
import SwipeCore

struct OutsideWriteBench {
    let items: Int
    let rounds: Int

    struct Result {
        /// Loop time per change on the device's path (ask + swap), and on the loop-only path, in µs.
        let offLoop: BenchStatistics
        let onLoop: BenchStatistics
        /// The device path's two parts: asking the reader, and swapping in what it read.
        let ask: BenchStatistics
        let swap: BenchStatistics
    }

    func run() throws -> Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("items.sqlite3").path
        let store = try ScenarioBench.makeDatabase(at: path, items: items) { ("Person \($0)", "Subject line of message \($0)") }
        var configuration = KioskConfiguration()
        configuration.data.demoData = false
        let app = try KioskApplication(
            configuration: configuration, store: store, size: Size(width: 1280, height: 800),
            fonts: try FontLocator.fonts(regular: nil, bold: nil, icons: nil), storeClock: .wall)
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
        return Result(offLoop: BenchStatistics(samples: offLoop), onLoop: BenchStatistics(samples: onLoop),
                      ask: BenchStatistics(samples: asks), swap: BenchStatistics(samples: swaps))
    }
}
