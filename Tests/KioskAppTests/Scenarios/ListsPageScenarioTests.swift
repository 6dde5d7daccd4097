// `[ui] lists_page = true` (issue 27): a person reaches every configured list without the
// Styles sheet. The root page lists the lists with their item counts; a tap opens one, an edge
// swipe goes back, a list keeps its scroll position between visits, the idle reset returns to
// the lists page, and the counts follow the store. Played through the real binary's replay.
import Foundation
import XCTest
@testable import KioskStore

final class ListsPageScenarioTests: XCTestCase {
    struct Frame {
        var stack: [String]
        var rows: [(id: String, y: Double)]
        var items: [String]
        var title: String?
    }

    /// Replays `script` over a database of 30 tasks and 1 room with the lists page on.
    func play(_ script: String, configuration: String = "") throws -> (dir: TemporaryDirectory, frames: [String: Frame]) {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("k.sqlite3"))
        for i in 0..<30 {
            try store.db.execute("INSERT INTO items (id, list_id, title, sort_key) VALUES ('t\(i)', 'tasks', 'Task \(i)', \(i))",
                                 operation: "test")
        }
        try store.db.execute("INSERT INTO items (id, list_id, title) VALUES ('r1', 'rooms', 'Room 1')", operation: "test")
        try """
            \(configuration)
            [ui]
            lists_page = true
            lists_title = "Ward 4"
            [[lists]]
            id = "tasks"
            title = "Tasks"
            [[lists]]
            id = "rooms"
            title = "Rooms"
            """.write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        try ("size 800x480\n" + script).write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", dir.file("s.touch"), "--config", dir.file("k.toml"),
                                    "--database", dir.file("k.sqlite3"), "--out", dir.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        var frames: [String: Frame] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".json") {
            let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file(name)))) as? [String: Any]
            let navigation = state?["navigation"] as? [String: Any]
            frames[String(name.dropLast(5))] = Frame(
                stack: navigation?["stack"] as? [String] ?? [],
                rows: (state?["rows"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", ($0["frame"] as? [Double])?[1] ?? -1) },
                items: (state?["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String },
                title: (state?["page"] as? [String: Any])?["title"] as? String)
        }
        return (dir, frames)
    }

    func testATapOpensAListSwipingBackReturnsAndTheListKeepsItsPlace() throws {
        let (_, frames) = try play("""
            at 0 state start.json
            at 100 tap 200 100
            at 900 state tasks.json
            at 1000 swipe 0 400 400 400 100 300
            at 4000 state scrolled.json
            at 4100 swipe 0 2 240 700 240 300
            at 5000 state back.json
            at 5100 tap 200 180
            at 6000 state rooms.json
            at 6100 key Escape
            at 7000 tap 200 100
            at 8000 state again.json
            at 8100 end
            """)
        XCTAssertEqual(frames["start"]?.stack, [""])
        XCTAssertEqual(frames["start"]?.title, "Ward 4", "lists_title")
        XCTAssertEqual(frames["start"]?.rows.map(\.id), ["tasks", "rooms"], "a row per configured list")
        XCTAssertEqual(frames["tasks"]?.stack, ["", "tasks"])
        XCTAssertEqual(frames["tasks"]?.items.count, 30)
        XCTAssertEqual(frames["back"]?.stack, [""], "an edge swipe goes back to the lists")
        XCTAssertEqual(frames["rooms"]?.stack, ["", "rooms"])
        XCTAssertEqual(frames["rooms"]?.items, ["r1"])
        let scrolled = try XCTUnwrap(frames["scrolled"]?.rows.first)
        XCTAssertNotEqual(scrolled.id, "t0", "the fling scrolled the tasks")
        XCTAssertEqual(frames["again"]?.rows.first?.id, scrolled.id, "the tasks kept their place")
        XCTAssertEqual(try XCTUnwrap(frames["again"]?.rows.first?.y), scrolled.y, accuracy: 0.01)
    }

    func testTheIdleResetReturnsToTheListsPage() throws {
        let (_, frames) = try play("""
            at 100 tap 200 180
            at 900 state rooms.json
            at 7000 state idle.json
            at 7100 end
            """, configuration: "[idle]\nreset_after_s = 5")
        XCTAssertEqual(frames["rooms"]?.stack, ["", "rooms"])
        XCTAssertEqual(frames["idle"]?.stack, [""])
    }
}
