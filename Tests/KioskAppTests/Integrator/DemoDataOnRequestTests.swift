// The production profile's data: demo items only where a person asks for a demo. A new
// database given to `screenshot` stays empty (it once got 24 fake "inbox" rows); `--demo`
// (screenshot, replay, run, init-db) or `[data] demo_data = true` fills it, once.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskStore

final class DemoDataOnRequestTests: XCTestCase {
    func count(_ path: String) throws -> Int64 {
        try ItemStore(readingOnly: path).db.integer("SELECT count(*) FROM items", operation: "test")
    }

    func testANewDatabaseGetsDemoItemsOnlyWhenAskedFor() throws {
        let dir = try TemporaryDirectory()
        let plain = dir.file("fresh.sqlite3")
        let run = try KioskProcess(["screenshot", "--database", plain, "--output", dir.file("fresh.png")])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(try count(plain), 0, "no demo rows in a database nobody asked a demo of")

        let demo = dir.file("demo.sqlite3")
        XCTAssertEqual(try KioskProcess(["screenshot", "--demo", "--database", demo, "--output", dir.file("demo.png")]).status, 0)
        XCTAssertGreaterThan(try count(demo), 0)

        let configured = dir.file("configured.sqlite3")
        try "[data]\ndemo_data = true\n".write(toFile: dir.file("demo.toml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try KioskProcess(["screenshot", "--config", dir.file("demo.toml"), "--database", configured,
                                         "--output", dir.file("configured.png")]).status, 0)
        XCTAssertEqual(try count(configured), try count(demo), "demo_data = true is the same as --demo")

        try "size 640x400\nat 0 state s.json\nat 10 end\n".write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        let replayed = dir.file("replayed.sqlite3")
        XCTAssertEqual(try KioskProcess(["replay", dir.file("s.touch"), "--demo", "--database", replayed, "--out", dir.path]).status, 0)
        XCTAssertEqual(try count(replayed), try count(demo), "replay --demo")
    }

    func testDefaultsHaveNoDemoAndEveryShowingCommandTakesDemo() throws {
        XCTAssertFalse(KioskConfiguration().data.demoData)
        XCTAssertFalse(try KioskConfiguration.parse("", file: "empty.toml").data.demoData)
        XCTAssertTrue(try RunCommand.parse(["--demo"]).demo.applied(to: KioskConfiguration()).data.demoData)
        XCTAssertFalse(try RunCommand.parse([]).demo.applied(to: KioskConfiguration()).data.demoData)
        XCTAssertTrue(try ReplayCommand.parse(["s.touch", "--demo"]).demo.demo)
        XCTAssertTrue(try ScreenshotCommand.parse(["--output", "x.png", "--demo"]).demo.demo)
    }

    /// A database that already holds items is never given demo rows, even with --demo: its
    /// `inbox-1` keeps its title (a copied example.toml with demo_data = true replaced it).
    func testDemoDataNeverEntersADatabaseThatHasItems() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("real.sqlite3")
        try ItemStore(path: path).insert([ItemRecord(id: "inbox-1", listID: "inbox", title: "Real task", sortKey: 1, updatedAt: 1)])
        XCTAssertEqual(try KioskProcess(["screenshot", "--demo", "--database", path, "--output", dir.file("s.png")]).status, 0)
        XCTAssertEqual(try count(path), 1)
        XCTAssertEqual(try ItemStore(readingOnly: path).item(id: "inbox-1")?.title, "Real task")
    }
}
