// A soak of the runtime `run` uses (ReplaySession: KioskSession, its loop, routing and damage-
// tracked present, on virtual time) with varied interaction — partial swipes, full swipes
// (deletes) undone, scrolling, long presses opening the action sheet, detail pages and swipe-back
// — while another connection inserts, updates, deletes and purges rows. Peak RSS must stay
// within 2 MB of the first virtual hour's and the open file descriptors must not grow.
// Shortened in the unit suite (4 virtual hours); SWIPE_KIOSK_SOAK_DAYS=7 plays the full week and
// prints the figures per day (BENCHMARKS.md).
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore

final class SoakTests: XCTestCase {
    /// Interaction rounds per virtual hour (idle time between them is skipped).
    static let roundsPerHour = 4

    /// A size field of /proc/self/status in kB: VmHWM (peak resident set), VmRSS (current).
    static func statusKilobytes(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static func peakRSSKilobytes() -> Int { statusKilobytes("VmHWM") }

    static func openFileDescriptors() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
    }

    /// One round of varied interaction (touch-script text, times relative to the round).
    static func round(_ n: Int) -> String {
        let y = [150, 230, 310][n % 3]
        var lines: [String] = []
        func drag(_ t0: Int, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, ms: Int) {
            lines.append("at \(t0) down 0 \(x0) \(y0)")
            for i in 1...(ms / 16) {
                let f = Double(i * 16) / Double(ms)
                lines.append("at \(t0 + i * 16) move 0 \(x0 + Int(Double(x1 - x0) * f)) \(y0 + Int(Double(y1 - y0) * f))")
            }
            lines.append("at \(t0 + ms + 8) up 0")
        }
        drag(0, 700, y, 520, y, ms: 160)          // partial swipe: the row opens
        lines.append("at 900 tap 400 420")          // a tap elsewhere closes it
        drag(1500, 780, y, 20, y, ms: 320)          // full swipe: delete (undone below)
        drag(3000, 400, 400, 400, 160, ms: 240)     // scroll down
        drag(4000, 400, 160, 400, 420, ms: 240)     // and back
        lines.append("at 5000 down 0 300 \(y)")     // long press: the action sheet
        lines.append("at 5900 up 0")
        drag(6600, 400, 200, 400, 470, ms: 200)     // drag the sheet down
        lines.append("at 8000 tap 300 \(y)")        // open the detail page
        drag(9000, 4, 300, 600, 300, ms: 240)       // swipe back
        return lines.joined(separator: "\n")
    }

    func testLongRunKeepsMemoryAndFileDescriptorsFlat() throws {
        let days = ProcessInfo.processInfo.environment["SWIPE_KIOSK_SOAK_DAYS"].flatMap(Double.init)
        let hours = days.map { Int(($0 * 24).rounded()) } ?? 4
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        let harness = try AppStreamHarness(database: path, width: 800, height: 480, styles: [:])
        let other = try ItemStore(path: path)
        var firstHourPeak = 0, firstHourFDs = 0
        var outside = 0
        for hour in 0..<hours {
            for r in 0..<Self.roundsPerHour {
                let n = hour * Self.roundsPerHour + r
                _ = try harness.play(Self.round(n), durationMs: 11_000)
                // Undo the round's full-swipe delete, as the toast's Undo does.
                for id in harness.app.undoable.entries.keys.sorted(by: { $0.key < $1.key }) { harness.app.undo(id) }
                // Another process: a new row, an edit, the previous new row deleted, a purge.
                outside += 1
                let time = AppOptions.headlessEpoch + StoreTime(harness.app.timeMs)
                try other.insert([ItemRecord(id: ItemID("outside-\(outside)"), listID: "inbox", title: "Outside \(outside)",
                                             sortKey: Int64(-outside), updatedAt: time)])
                _ = try other.apply(n % 2 == 0 ? .markRead : .markUnread, to: ItemID("inbox-\(n % 8 + 1)"), at: time)
                if outside > 1 { _ = try other.apply(.delete, to: ItemID("outside-\(outside - 1)"), at: time) }
                _ = try other.purgeDeleted(before: time, at: time)
                // The rest of the quarter hour is idle (skipped by the loop).
                _ = try harness.play("", durationMs: 15 * 60_000 - 11_000)
            }
            let peak = Self.peakRSSKilobytes(), fds = Self.openFileDescriptors()
            if hour == 0 { firstHourPeak = peak; firstHourFDs = fds }
            if days != nil, (hour + 1) % 24 == 0 {
                print("soak: day \((hour + 1) / 24): peak RSS \(peak) kB (first hour \(firstHourPeak) kB), RSS now \(Self.statusKilobytes("VmRSS")) kB, open fds \(fds) (first hour \(firstHourFDs))")
            }
        }
        let peak = Self.peakRSSKilobytes(), fds = Self.openFileDescriptors()
        XCTAssertLessThanOrEqual(peak - firstHourPeak, 2048, "peak RSS grew from \(firstHourPeak) kB to \(peak) kB over \(hours) h")
        XCTAssertLessThanOrEqual(fds, firstHourFDs, "open file descriptors grew from \(firstHourFDs) to \(fds)")
        XCTAssertLessThanOrEqual(harness.app.log.count, KioskApplication.historyLimit)
        let actions = Set(try other.actionLog(limit: 1_000_000).map(\.action))
        XCTAssertTrue(actions.isSuperset(of: ["delete", "undo-delete"]), "the rounds did act: \(actions.sorted())")
    }
}
