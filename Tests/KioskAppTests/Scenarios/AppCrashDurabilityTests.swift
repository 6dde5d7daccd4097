// Nothing is lost when the app dies mid-action (issue "durable data"): `swipe-kiosk replay`
// swipes rows open, taps Flag, full-swipes to toggle read and to delete, against a database
// file, and is killed with SIGKILL at random moments. After every kill the database opens,
// passes integrity_check, and every item is exactly its initial state plus its logged actions
// (or purged, after the undo window, when its last logged action was a delete).
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskConfig

final class AppCrashDurabilityTests: XCTestCase {
    /// Many actions on rows 1–6: open + Flag, full swipe right (read), now and then a full swipe
    /// left (delete), and a screenshot per cycle: 132 virtual seconds, a few real seconds.
    static func script() -> String {
        var lines = ["size 1280x800"]
        var t = 0
        for cycle in 0..<60 {
            let y = 102 + 76 * (cycle % 6)
            lines.append("at \(t) swipe 0 1200 \(y) 900 \(y) 150")
            lines.append("at \(t + 600) tap 1169 \(y)")
            lines.append("at \(t + 800) swipe 1 40 \(y) 1240 \(y) 300")
            if cycle % 7 == 6 { lines.append("at \(t + 1500) swipe 2 1250 \(y) 40 \(y) 300") }
            // Real work between actions (rendering and encoding a frame), so kills land mid-run.
            lines.append("at \(t + 2000) screenshot c\(cycle).png")
            t += 2200
        }
        lines.append("at \(t + 500) end")
        return lines.joined(separator: "\n") + "\n"
    }

    func testKillingTheAppMidActionLosesNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let database = dir.appendingPathComponent("items.sqlite3").path
        let script = dir.appendingPathComponent("actions.touch").path
        try Self.script().write(toFile: script, atomically: true, encoding: .utf8)
        // Create and seed the database once, and remember where every item started.
        _ = try AppOptions.parse(["--database", database]).makeApplication(
            configuration: .demo, databasePath: database, size: (1280, 800))
        let initial = try ItemStore(path: database).items(ItemQuery(listID: "inbox"), offset: 0, limit: 10_000)
        XCTAssertGreaterThan(initial.count, 6)
        let logged = try killRepeatedly(
            ["replay", script, "--database", database, "--out", dir.path], database: database, rounds: 12,
            delay: 100_000...900_000
        ) { store, log, round in
            for start in initial {
                var flagged = start.flagged, unread = start.unread, deleted = start.deletedAt != nil
                for entry in log where entry.itemID == start.id {
                    switch entry.action {
                    case "flag": flagged = true
                    case "unflag": flagged = false
                    case "read": unread = false
                    case "unread": unread = true
                    case "delete": deleted = true
                    case "undo-delete": deleted = false
                    default: break
                    }
                }
                guard let item = try store.item(id: start.id) else {
                    // Purged after the undo window: only ever an item whose last word was a delete.
                    XCTAssertTrue(deleted, "round \(round): \(start.id) vanished without a logged delete")
                    continue
                }
                XCTAssertEqual(item.flagged, flagged, "round \(round): \(start.id) flagged matches its log")
                XCTAssertEqual(item.unread, unread, "round \(round): \(start.id) unread matches its log")
                XCTAssertEqual(item.deletedAt != nil, deleted, "round \(round): \(start.id) deleted matches its log")
            }
        }
        XCTAssertGreaterThan(logged, 12, "the app did perform actions between kills")
    }
}
