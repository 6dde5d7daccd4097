// Previews that match the device (issue 27): `replay` and `screenshot --config` show the
// configured database's own items (they showed a fresh empty database: a newcomer's list
// looked empty) and the configured mode's size, while a replayed swipe changes only an
// in-memory copy: the kiosk's file, its action log included, is left byte for byte. `--list`
// starts a preview on another configured list.
import Foundation
import XCTest
@testable import KioskStore

final class PreviewDatabaseTests: XCTestCase {
    /// A directory with `list.sqlite3` holding three items of list "todo" and `k.toml` naming it.
    func makeKiosk(extraConfiguration: String = "") throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let store = try ItemStore(path: dir.file("list.sqlite3"))
        try store.db.execute("""
            INSERT INTO items (id, list_id, title, sort_key) VALUES
              ('1', 'todo', 'Water the plants', 1), ('2', 'todo', 'Check the printer', 2), ('3', 'todo', 'Open the shop', 3)
            """, operation: "test")
        try """
            \(extraConfiguration)
            [data]
            database = "\(dir.file("list.sqlite3"))"
            [[lists]]
            id = "todo"
            title = "To do"
            [lists.trailing]
            expansion = "destructive"
            [[lists.trailing.actions]]
            id = "done"
            title = "Done"
            effect = "delete"
            """.write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        return dir
    }

    func state(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
    }

    func itemIDs(_ state: [String: Any]) -> [String] {
        (state["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    /// The file's bytes and those of its WAL (a reader of a WAL database may leave an empty one):
    /// what a write would change.
    func digest(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path)) + (FileManager.default.contents(atPath: path + "-wal") ?? Data())
    }

    func testReplayShowsTheConfiguredDatabaseAndNeverWritesIt() throws {
        let dir = try makeKiosk()
        let before = try digest(dir.file("list.sqlite3"))
        // A full swipe to the left on the first row deletes it (in the preview).
        try """
            size 1280x800
            at 0 state before.json
            at 100 swipe 0 1200 100 80 100 200
            at 3000 state after.json
            at 3100 end
            """.write(toFile: dir.file("delete.touch"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", dir.file("delete.touch"), "--config", dir.file("k.toml"), "--out", dir.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(itemIDs(try state(dir.file("before.json"))), ["1", "2", "3"], "the panel's own items")
        let after = try state(dir.file("after.json"))
        XCTAssertEqual(itemIDs(after), ["2", "3"], "the swipe acted on the preview")
        XCTAssertEqual((after["log"] as? [[String: Any]])?.compactMap { $0["action"] as? String }, ["done"])
        XCTAssertEqual(try digest(dir.file("list.sqlite3")), before, "the kiosk's file was not written")
        let store = try ItemStore(readingOnly: dir.file("list.sqlite3"))
        XCTAssertEqual(try store.db.integer("SELECT count(*) FROM items", operation: "test"), 3)
        XCTAssertEqual(try store.db.integer("SELECT count(*) FROM actions_log", operation: "test"), 0)
    }

    func testScreenshotTakesTheConfiguredModeAndRotation() throws {
        let dir = try makeKiosk(extraConfiguration: "[display]\nmode = \"800x480@60\"\nrotation = 90\n")
        let run = try KioskProcess(["screenshot", "--config", dir.file("k.toml"), "--output", dir.file("shot.png")])
        XCTAssertEqual(run.status, 0, run.standardError)
        let png = try Data(contentsOf: URL(fileURLWithPath: dir.file("shot.png")))
        func word(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual([word(16), word(20)], [800, 480], "the panel as mounted, in its configured mode")

        try "at 0 state s.json\nat 10 end\n".write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try KioskProcess(["replay", dir.file("s.touch"), "--config", dir.file("k.toml"), "--out", dir.path]).status, 0)
        let screen = try state(dir.file("s.json"))["screen"] as? [String: Any]
        XCTAssertEqual([screen?["width"] as? Int, screen?["height"] as? Int], [480, 800], "the app's upright screen")
    }

    func testAConfiguredDatabaseThatIsNotThereYetShowsAnEmptyListAndSaysSo() throws {
        let dir = try makeKiosk()
        try FileManager.default.removeItem(atPath: dir.file("list.sqlite3"))
        try "at 0 state s.json\nat 10 end\n".write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", dir.file("s.touch"), "--config", dir.file("k.toml"), "--out", dir.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardError.contains("does not exist yet: showing an empty database"), run.standardError)
        XCTAssertEqual(itemIDs(try state(dir.file("s.json"))), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("list.sqlite3")), "no file was created")
    }

    /// `--list ID` previews another configured list; an unknown one is a usage error naming the lists.
    func testListPicksTheListAPreviewStartsOn() throws {
        let dir = try makeKiosk(extraConfiguration: "")
        let store = try ItemStore(path: dir.file("list.sqlite3"))
        try store.db.execute("INSERT INTO items (id, list_id, title) VALUES ('r1', 'rooms', 'Room 1')", operation: "test")
        let toml = try String(contentsOfFile: dir.file("k.toml"), encoding: .utf8) + "\n[[lists]]\nid = \"rooms\"\ntitle = \"Rooms\"\n"
        try toml.write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        try "at 0 state s.json\nat 10 end\n".write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", dir.file("s.touch"), "--config", dir.file("k.toml"), "--list", "rooms", "--out", dir.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        let state = try state(dir.file("s.json"))
        XCTAssertEqual((state["page"] as? [String: Any])?["title"] as? String, "Rooms")
        XCTAssertEqual(itemIDs(state), ["r1"])

        let unknown = try KioskProcess(["screenshot", "--config", dir.file("k.toml"), "--list", "nope", "--output", dir.file("x.png")])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.standardError,
                       "--list nope: the configuration has no such list; its lists are \"todo\", \"rooms\"\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("x.png")))
    }

    /// Adversarial pass: a preview of a 415 MB database took 492 MB of RAM. Over the cap it is
    /// refused, naming the way to preview it (a sparse file stands for a big database).
    func testADatabaseTooBigToCopyIntoMemoryIsRefused() throws {
        let dir = try makeKiosk()
        XCTAssertEqual(truncate(dir.file("list.sqlite3"), off_t(ItemStore.maximumPreviewBytes + 1)), 0)
        let run = try KioskProcess(["screenshot", "--config", dir.file("k.toml"), "--output", dir.file("shot.png")])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertTrue(run.standardError.contains("a preview copies it into memory, at most 128 MB"), run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("shot.png")))
    }

    func testAFileTheKioskRefusesIsRefusedByThePreviewToo() throws {
        let dir = try makeKiosk()
        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: dir.file("list.sqlite3")))
        let run = try KioskProcess(["screenshot", "--config", dir.file("k.toml"), "--output", dir.file("shot.png")])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("shot.png")))
    }
}
