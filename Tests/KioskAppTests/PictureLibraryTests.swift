// The app's picture pipeline outside replay: a miss returns nil (the placeholder) and queues a
// decode on the worker; the result arrives on a later tick and then damages only the
// thumbnail's square; a bad picture is warned about once however often it is asked for; the
// cache keeps within its byte budget, least recently used first; and the config keys.
import Canvas
import KioskUI
import SwipeCore
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class PictureLibraryTests: XCTestCase {
    func testAMissShowsThePlaceholderAndTheArrivalDamagesOnlyTheThumbnail() throws {
        let f = try PictureFixtures()
        defer { f.remove() }
        try f.writeGoodPictures()
        try f.makeDatabase(["photo.jpg", "", "missing.jpg"])
        var configuration = try KioskConfiguration.parse(f.config(), file: "kiosk.toml")
        configuration.data.database = f.database
        let app = try AppOptions.parse([]).makeApplication(configuration: configuration, databasePath: f.database, size: (600, 400))
        app.pictures.waitsForDecoder = false
        let surface = try Surface(width: 600, height: 400, format: .xrgb8888)
        let painter = Painter(target: surface)
        var previous: FrameSignature?
        XCTAssertNil(app.scene.renderDamage(painter, time: 0, previous: &previous), "the first frame is drawn in full")
        XCTAssertTrue(app.pictures.isDecoding)
        XCTAssertFalse(surface.matches(36 - 8, 102 - 8, PictureFixtures.red, tolerance: 12), "the placeholder, not the picture")
        XCTAssertNotNil(app.nextDeadline(after: 0), "the loop looks for the result")
        // The worker finishes; the next tick takes the results.
        while app.pictures.isDecoding { app.tick(time: 0.008); usleep(1000) }
        XCTAssertEqual(app.pictures.warnings.count, 1)
        XCTAssertTrue(app.pictures.warnings[0].hasPrefix(f.pictures + "/missing.jpg: cannot open"), "\(app.pictures.warnings)")
        painter.reset()
        let drawn = app.scene.renderDamage(painter, time: 0.016, previous: &previous)
        XCTAssertEqual(drawn, PixelRect(x: 16, y: 82, width: 40, height: 40), "only the thumbnail's square")
        XCTAssertTrue(surface.matches(36 - 8, 102 - 8, PictureFixtures.red, tolerance: 12), "\(surface.rgb(28, 94))")
        // Asked again and again: no new request, no new warning.
        for t in 2...5 {
            painter.reset()
            XCTAssertEqual(app.scene.renderDamage(painter, time: Instant(seconds: Double(t) * 0.016), previous: &previous), PixelRect(x: 0, y: 0, width: 0, height: 0))
            app.tick(time: Instant(seconds: Double(t) * 0.016))
        }
        XCTAssertFalse(app.pictures.isDecoding)
        XCTAssertEqual(app.pictures.warnings.count, 1)
    }

    /// Replay's clock: the tick after the frame that asked for a picture waits for the decoder,
    /// so the very next frame shows it (and redraws only its square).
    func testOnTheVirtualClockThePictureIsOnScreenAtTheNextFrame() throws {
        let f = try PictureFixtures()
        defer { f.remove() }
        // A 4000x3000 photo: its decode takes far longer than the step from the frame to the tick,
        // so only a tick that waits finds it finished.
        let big = try Surface(width: 4000, height: 3000)
        big.fill(Color(hex: PictureFixtures.red))
        try f.write(try JPEG.encode(big, quality: 90), "photo.jpg")
        try f.makeDatabase(["photo.jpg"])
        let app = try AppOptions.parse([]).makeApplication(
            configuration: try KioskConfiguration.parse(f.config(), file: "kiosk.toml"), databasePath: f.database, size: (600, 400))
        XCTAssertTrue(app.pictures.waitsForDecoder)
        let surface = try Surface(width: 600, height: 400, format: .xrgb8888)
        let painter = Painter(target: surface)
        var previous: FrameSignature?
        app.tick(time: 0)
        _ = app.scene.renderDamage(painter, time: 0, previous: &previous)
        XCTAssertTrue(app.pictures.isDecoding, "the first frame asked for it")
        app.tick(time: Instant(seconds: 1.0 / 60))
        XCTAssertFalse(app.pictures.isDecoding, "the tick waited for the decoder")
        painter.reset()
        XCTAssertEqual(app.scene.renderDamage(painter, time: Instant(seconds: 1.0 / 60), previous: &previous), PixelRect(x: 16, y: 82, width: 40, height: 40))
        XCTAssertTrue(surface.matches(28, 94, PictureFixtures.red, tolerance: 12), "\(surface.rgb(28, 94))")
    }

    func testTheCacheKeepsWithinItsBudgetDroppingTheLeastRecentlyUsed() throws {
        var cache = PictureCache(budget: 3 * 40 * 40 * 4)
        func key(_ n: Int) -> PictureCache.Key { PictureCache.Key(path: "p\(n)", fit: .cover(width: 40, height: 40)) }
        for n in 0..<3 { cache.insert(try Surface(width: 40, height: 40), for: key(n)) }
        XCTAssertEqual(cache.bytes, 3 * 6400)
        XCTAssertNotNil(cache.surface(key(0)), "p0 is used again: p1 is now the oldest")
        cache.insert(try Surface(width: 40, height: 40), for: key(3))
        XCTAssertEqual(cache.count, 3)
        XCTAssertFalse(cache.contains(key(1)))
        XCTAssertTrue(cache.contains(key(0)) && cache.contains(key(2)) && cache.contains(key(3)))
        // One picture larger than the whole budget is kept alone (it is about to be shown).
        cache.insert(try Surface(width: 100, height: 100), for: key(4))
        XCTAssertEqual(cache.count, 1)
        XCTAssertTrue(cache.contains(key(4)))
    }

    func testImageCacheMegabytesSetsTheBudget() throws {
        let f = try PictureFixtures()
        defer { f.remove() }
        try f.makeDatabase([])
        let configuration = try KioskConfiguration.parse("[data]\ndemo_data = false\nimage_cache_mb = 3\n", file: "kiosk.toml")
        XCTAssertEqual(configuration.data.imageCacheMegabytes, 3)
        let app = try AppOptions.parse([]).makeApplication(configuration: configuration, databasePath: f.database, size: (600, 400))
        XCTAssertEqual(app.pictures.cacheBudget, 3 << 20)
        XCTAssertEqual(app.pictures.directory, f.directory, "relative paths default to the database's directory")
    }

    func testPictureKeysAreCheckedByCheckConfig() {
        func lines(_ source: String) -> [String] {
            do { _ = try KioskConfiguration.parse(source, file: "kiosk.toml"); return [] } catch { return error.lines }
        }
        XCTAssertEqual(lines("[data]\nimage_dir = \"\"\nimage_cache_mb = 0\n[theme]\nthumbnail_shape = \"square\"\n"), [
            "kiosk.toml:2:13: data.image_dir must not be empty",
            "kiosk.toml:3:18: data.image_cache_mb must be between 1 and 4096, not 0",
            "kiosk.toml:5:19: unknown value \"square\" for theme.thumbnail_shape; expected one of: circle, rounded-square",
        ])
        XCTAssertEqual(lines("[data]\nimage_dir = \"/srv/pictures\"\nimage_cache_mb = 64\n[theme]\nthumbnail_shape = \"rounded-square\"\n"), [])
    }
}
