// Prefetching row pictures: while a fling moves the list, the rows its leading edge reaches in
// the next quarter second are decoded before any frame asks for them, nearest first, in the
// direction of travel; a list at rest prefetches nothing. Played through the replay session
// (whose clock waits for the decoders, so what was prefetched is known at each tick).
import Canvas
import KioskUI
import XCTest
@testable import KioskApp
@testable import KioskConfig
@testable import KioskReplay

final class PicturePrefetchTests: XCTestCase {
    func testAFlingDecodesTheRowsItIsAboutToShowBeforeAFrameAsksForThem() throws {
        let f = try PictureFixtures()
        defer { f.remove() }
        let jpeg = try JPEG.encode(try PictureFixtures.quadrants(), quality: 80)
        let names = (0..<80).map { "p\($0).jpg" }
        for name in names { try f.write(jpeg, name) }
        try f.makeDatabase(names)
        let app = try AppOptions.parse([]).makeApplication(
            configuration: try KioskConfiguration.parse(f.config(), file: "kiosk.toml"), databasePath: f.database, size: (600, 400))
        // A fling up (the list scrolls down) lifting at 200 ms, then one back down at 1500 ms.
        let replay = try ReplaySession(app: app, width: 600, height: 400, steps: try TouchScript(parsing: """
            at 100 swipe 0 300 350 300 50 100
            at 1500 swipe 0 300 50 300 350 100
            """).steps)
        guard case .list(let list)? = app.scene.top else { return XCTFail("the inbox is on top") }
        let side = Int((app.theme.metrics.avatarRadius * 2).rounded())
        func decoded(_ item: ListItem) -> Bool { app.pictures.thumbnail(item.image ?? "", side: side) != nil }

        try replay.run(untilMs: 50)
        app.tick(time: 0.05)
        XCTAssertEqual(list.itemsAhead(at: 0.05).count, 0, "at rest nothing is prefetched")
        XCTAssertFalse(app.pictures.isDecoding)

        try replay.run(untilMs: 300)
        app.tick(time: 0.3)
        let asked = list.visibleRange(at: 0.3, margin: 2)
        let down = list.itemsAhead(at: 0.3)
        XCTAssertEqual(down.first?.id, "p\(asked.upperBound)", "the next row past the leading edge comes first")
        XCTAssertEqual(down.map(\.id), (asked.upperBound..<asked.upperBound + down.count).map { "p\($0)" }, "in the order they arrive")
        XCTAssertGreaterThan(down.count, 3)
        XCTAssertLessThanOrEqual(down.count, asked.count, "at most a screenful")
        XCTAssertTrue(down.allSatisfy(decoded), "decoded before any frame drew them")
        XCTAssertNil(app.pictures.thumbnail("p79.jpg", side: side), "the list's end, far beyond the horizon, is not decoded")

        try replay.run(untilMs: 1700)
        app.tick(time: 1.7)
        let up = list.itemsAhead(at: 1.7)
        let above = list.visibleRange(at: 1.7, margin: 2).lowerBound
        XCTAssertGreaterThan(up.count, 3)
        XCTAssertEqual(up.map(\.id), (0..<up.count).map { "p\(above - 1 - $0)" }, "upwards: the row above the top edge first")
        XCTAssertTrue(up.allSatisfy(decoded))
    }
}
