// The lock-down of issue 28 as the `swipe-kiosk` binary shows it: `out-of-service` draws its
// notice without any configuration or database, `check-text` exits 65 naming an item whose text
// can pass for other text, and an override in one item's title reorders nothing outside it.
import Canvas
import Foundation
import KioskStore
import XCTest

final class LockdownCommandTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lockdown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testOutOfServiceDrawsItsNoticeWithoutConfigurationOrDatabase() throws {
        let dir = try temporaryDirectory()
        let png = dir.appendingPathComponent("oos.png").path
        // HOME and the working directory hold nothing the app could read.
        let run = try KioskProcess(["out-of-service", "--output", png, "--size", "800x480"], in: dir.path)
        XCTAssertEqual(run.status, 0, run.standardError)
        let image = try PNG.read(path: png)
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 480)
        XCTAssertTrue(image.matches(4, 4, 0xF2F2F7), "the theme's background at the edge")
        var dark = 0
        for y in 150..<330 { for x in 100..<700 where image.matches(x, y, 0x000000, tolerance: 40) { dark += 1 } }
        XCTAssertGreaterThan(dark, 500, "the headline is drawn in the middle")
        XCTAssertEqual(try KioskProcess(["out-of-service", "--config", "/etc/swipe-kiosk/config.toml"]).status, 64,
                       "it takes no configuration at all")
    }

    func testCheckTextExits65NamingTheItemThatCanPassForAnother() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("items.sqlite3").path
        let store = try ItemStore(path: path)
        try store.insert([
            ItemRecord(id: "genuine", listID: "inbox", title: "PayPal", sortKey: 1, updatedAt: 1),
            ItemRecord(id: "fake", listID: "inbox", title: "P\u{0430}yPal", subtitle: "Invoice \u{202E}fdp.exe", sortKey: 2, updatedAt: 1),
        ])
        let run = try KioskProcess(["check-text", "--database", path])
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.standardError.contains("check-text: item fake title: mixed scripts in \"P\u{0430}yPal\" (Latin + Cyrillic)"),
                      run.standardError)
        XCTAssertTrue(run.standardError.contains("check-text: 2 strings that can pass for other text"), run.standardError)
        XCTAssertEqual(try KioskProcess(["check-text", "pay\u{200B}ment"]).status, 65, "a zero-width space")
        XCTAssertEqual(try KioskProcess(["check-text", "Lunch on Thursday?", "שלום world"]).status, 0)
    }

    /// The section header is drawn, so it is checked like the other fields (it was not read).
    func testCheckTextScansTheSectionHeaderToo() throws {
        let path = try temporaryDirectory().appendingPathComponent("items.sqlite3").path
        try ItemStore(path: path).insert([
            ItemRecord(id: "a", listID: "inbox", title: "Lunch", section: "P\u{0430}yments", sortKey: 1, updatedAt: 1),
        ])
        let run = try KioskProcess(["check-text", "--database", path])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertTrue(run.standardError.contains("check-text: item a section: mixed scripts in \"P\u{0430}yments\""), run.standardError)
    }

    /// Two rows with the same subtitle, one of them under a title ending in an unclosed
    /// right-to-left override: the subtitles are drawn pixel for pixel the same, and so are
    /// the rows below, right of the avatars. (Each field is laid out as its own bidi paragraph, TextLayout; this pins it.)
    func testAnOverrideInATitleDoesNotReorderAnotherField() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("items.sqlite3").path
        let store = try ItemStore(path: path)
        try store.insert([
            ItemRecord(id: "a", listID: "inbox", title: "Invoice \u{202E}", subtitle: "Pay 100 EUR to DE89 3704", sortKey: 1, updatedAt: 1),
            ItemRecord(id: "b", listID: "inbox", title: "Invoice ", subtitle: "Pay 100 EUR to DE89 3704", sortKey: 2, updatedAt: 1),
            ItemRecord(id: "c", listID: "inbox", title: "Next", subtitle: "Unchanged", sortKey: 3, updatedAt: 1),
        ])
        let s = try Scenario("size 800x480\nat 0 screenshot a.png\nat 0 state a.json\nat 100 end\n",
                             config: "[data]\ndemo_data = false\n", database: path)
        let state = try s.state("a"), image = try s.image("a")
        let a = try XCTUnwrap(state.rowFrame("a")), b = try XCTUnwrap(state.rowFrame("b"))
        XCTAssertEqual(a[3], b[3])
        var differing = 0
        // From x = 64: the avatars left of the text take their colour from the item.
        for dy in 0..<Int(a[3]) { for x in 64..<800 where image.pixel(x: x, y: Int(a[1]) + dy) != image.pixel(x: x, y: Int(b[1]) + dy) {
            differing += 1
        } }
        XCTAssertEqual(differing, 0, "the override draws nothing and reaches neither the subtitle nor the next row")
    }
}
