// Item pictures through `replay`: thumbnails from JPEG (one turned by its EXIF orientation),
// PNG and WebP in place of the initial avatar; the theme's thumbnail shape; `[data] image_dir`;
// the detail page's picture; and every kind of bad picture showing its placeholder with one
// warning naming the file. Golden images pin the pixels; point checks say what they mean.
// Rows at 600x700: nav bar 64, rows 76 (no sections), so row i's avatar centre is (36, 102 + 76 i).
import Canvas
import Foundation
import GoldenImages
import XCTest
@testable import KioskApp

final class PictureScenarioTests: XCTestCase {
    typealias F = PictureFixtures

    func avatarCentre(_ row: Int) -> (Int, Int) { (36, 102 + 76 * row) }

    /// The four quadrants of a row's thumbnail, 8 pixels from its centre, match `colors`.
    func assertQuadrants(_ image: Surface, row: Int, _ colors: [UInt32], tolerance: Int = 12,
                         file: StaticString = #filePath, line: UInt = #line) {
        let (x, y) = avatarCentre(row)
        for ((dx, dy), hex) in zip([(-8, -8), (8, -8), (8, 8), (-8, 8)], colors) {
            XCTAssertTrue(image.matches(x + dx, y + dy, hex, tolerance: tolerance),
                          "row \(row) at (\(x + dx), \(y + dy)): \(image.rgb(x + dx, y + dy)) is not \(String(hex, radix: 16))",
                          file: file, line: line)
        }
    }

    func testThumbnailsFromJPEGWithEXIFOrientationPNGAndWebP() throws {
        let f = try F()
        defer { f.remove() }
        try f.writeGoodPictures()
        try f.makeDatabase(["photo.jpg", "rotated.jpg", "logo.png", "picture.webp", ""])
        let s = try Scenario("size 600x700\nat 0 screenshot pictures.png\nat 100 state pictures.json\nat 200 end\n",
                             config: f.config(), database: f.database)
        let image = try s.image("pictures")
        let upright = [F.red, F.green, F.yellow, F.blue]
        assertQuadrants(image, row: 0, upright)
        assertQuadrants(image, row: 1, upright)  // stored turned; EXIF orientation 6 puts it upright
        assertQuadrants(image, row: 3, upright)
        // Half-transparent PNG over the white row: each colour halfway to white.
        assertQuadrants(image, row: 2, [0xF29C9A, 0xA1CFA3, 0xFEEC9A, 0x8EC3F2])
        // The item without a picture keeps its initial avatar: a circle, so its corner is the row's white.
        XCTAssertTrue(image.matches(18, 102 + 76 * 4 - 18, 0xFFFFFF), "\(image.rgb(18, 102 + 76 * 4 - 18))")
        XCTAssertEqual(try s.state("pictures")["picture_warnings"] as? [String], [])
        try s.checkGolden("pictures")
    }

    func testThumbnailShapeComesFromTheTheme() throws {
        let f = try F()
        defer { f.remove() }
        try f.writeGoodPictures()
        try f.makeDatabase(["photo.jpg"])
        let script = "size 600x700\nat 0 screenshot pictures-rounded.png\nat 100 end\n"
        // 3 pixels inside the thumbnail's top-left corner: outside a circle, inside a rounded square.
        let (x, y) = avatarCentre(0)
        let circle = try Scenario(script, config: f.config(), database: f.database).image("pictures-rounded")
        XCTAssertTrue(circle.matches(x - 17, y - 17, 0xFFFFFF), "\(circle.rgb(x - 17, y - 17))")
        let rounded = try Scenario(script, config: f.config(theme: "thumbnail_shape = \"rounded-square\""), database: f.database)
        let square = try rounded.image("pictures-rounded")
        XCTAssertTrue(square.matches(x - 17, y - 17, F.red, tolerance: 12), "\(square.rgb(x - 17, y - 17))")
        try rounded.checkGolden("pictures-rounded")
    }

    func testRelativePathsAreFoundUnderImageDir() throws {
        let f = try F()
        defer { f.remove() }
        try f.writeGoodPictures()
        try f.makeDatabase(["photo.jpg"])
        let script = "size 600x700\nat 0 screenshot dir.png\nat 0 state dir.json\nat 100 end\n"
        let found = try Scenario(script, config: f.config(imageDirectory: true), database: f.database)
        assertQuadrants(try found.image("dir"), row: 0, [F.red, F.green, F.yellow, F.blue])
        XCTAssertEqual(try found.state("dir")["picture_warnings"] as? [String], [])
        // Without image_dir, relative paths are looked up beside the database: not there.
        let missing = try Scenario(script, config: f.config(imageDirectory: false), database: f.database)
        let warnings = try missing.state("dir")["picture_warnings"] as? [String] ?? []
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.hasPrefix(f.directory + "/photo.jpg: cannot open") == true, "\(warnings)")
    }

    func testBadPicturesShowTheirPlaceholderWithOneWarningEachAndNoStall() throws {
        let f = try F()
        defer { f.remove() }
        try f.writeBadPictures()
        try f.makeDatabase(F.badNames)
        // Scrolled down and back, so every row is drawn (and asks for its picture) more than once.
        let s = try Scenario("""
            size 600x900
            at 0    screenshot bad.png
            at 100  swipe 0 300 800 300 600 150
            at 1500 swipe 0 300 600 300 800 150
            at 3000 screenshot pictures-bad.png
            at 3000 state bad.json
            at 3100 end
            """, config: f.config(), database: f.database)
        let state = try s.state("bad")
        XCTAssertEqual(state["time_ms"] as? Int, 3000, "the replay ran to its end: no frame stalled")
        let warnings = state["picture_warnings"] as? [String] ?? []
        XCTAssertEqual(warnings.count, F.badNames.count, "\(warnings)")
        let expected = [
            "missing.jpg": "cannot open", "unreadable.jpg": "cannot open", "truncated.jpg": "truncated or corrupt JPEG",
            "directory.jpg": "a directory", "text.png": "not a picture", "jpeg-named.png": "holds a JPEG, not the PNG",
            "huge.png": "30000x30000 pixels is above the limit", "loop.jpg": "cannot open", "fifo.webp": "not a regular file",
        ]
        for (name, reason) in expected {
            let matching = warnings.filter { $0.hasPrefix(f.pictures + "/" + name + ": ") }
            XCTAssertEqual(matching.count, 1, "\(name): \(warnings)")
            XCTAssertTrue(matching.first?.contains(reason) == true, "\(name): \(matching)")
        }
        // Every row shows the placeholder: the avatar colour under the initial, nothing else.
        let image = try s.image("pictures-bad")
        XCTAssertEqual(GoldenImage.difference(image, try s.image("bad")).maximum, 0)
        try s.checkGolden("pictures-bad")
    }

    func testDetailPageShowsThePictureFittedToThePageWidth() throws {
        let f = try F()
        defer { f.remove() }
        try f.writeGoodPictures()
        try f.makeDatabase(["photo.jpg"], body: "A short body under the picture.")
        let s = try Scenario("size 600x700\nat 0 tap 300 102\nat 1000 screenshot pictures-detail.png\nat 1000 state detail.json\nat 1100 end\n",
                             config: f.config(), database: f.database)
        XCTAssertEqual(try s.state("detail").stack, ["inbox", "detail:p0"])
        let image = try s.image("pictures-detail")
        // 300x200 fitted to 600 wide: 600x400 from the top of the content (y 64), quadrants of 300x200.
        for (x, y, hex) in [(150, 164, F.red), (450, 164, F.green), (450, 364, F.yellow), (150, 364, F.blue)] {
            XCTAssertTrue(image.matches(x, y, hex, tolerance: 12), "(\(x), \(y)): \(image.rgb(x, y))")
        }
        try s.checkGolden("pictures-detail")
    }

    func testDetailBodyScrollsWithFlingAndRubberBand() throws {
        let f = try F()
        defer { f.remove() }
        try f.writeGoodPictures()
        let body = (1...40).map { "Line \($0) of a body much longer than the page." }.joined(separator: "\n")
        try f.makeDatabase(["photo.jpg"], body: body)
        let s = try Scenario("""
            size 600x700
            at 0    tap 300 102
            at 1000 screenshot top.png
            at 1100 down 0 300 300
            at 1116 move 0 300 320
            at 1132 move 0 300 400
            at 1148 move 0 300 500
            at 1300 screenshot pulled.png
            at 1400 up 0
            at 2500 screenshot released.png
            at 2600 swipe 0 300 500 300 150 120
            at 4500 screenshot pictures-detail-scrolled.png
            at 4600 swipe 0 300 150 300 550 80
            at 7000 screenshot back.png
            at 7100 end
            """, config: f.config(), database: f.database)
        let top = try s.image("top")
        XCTAssertTrue(top.matches(150, 70, F.red, tolerance: 12), "the picture starts under the bar: \(top.rgb(150, 70))")
        // Pulled down 200 px past the top: the 0.55 rubber band moves the content about 90 px (its top
        // between y 140 and 160, not at 264).
        let pulled = try s.image("pulled")
        XCTAssertTrue(pulled.matches(150, 140, 0xFFFFFF), "above the picture is the page: \(pulled.rgb(150, 140))")
        XCTAssertTrue(pulled.matches(150, 160, F.red, tolerance: 12), "\(pulled.rgb(150, 160))")
        XCTAssertTrue(pulled.matches(150, 360, F.blue, tolerance: 12), "the picture moved less than the finger: \(pulled.rgb(150, 360))")
        // Released: it springs back to the top.
        XCTAssertEqual(GoldenImage.difference(try s.image("released"), top).maximum, 0)
        // A fling up scrolls the picture away and shows the body.
        let flung = try s.image("pictures-detail-scrolled")
        XCTAssertFalse(flung.matches(150, 70, F.red, tolerance: 12), "scrolled: \(flung.rgb(150, 70))")
        XCTAssertFalse(flung.matches(150, 300, F.blue, tolerance: 12), "scrolled: \(flung.rgb(150, 300))")
        // A fast fling down overshoots the top, bounces and rests where it started.
        XCTAssertEqual(GoldenImage.difference(try s.image("back"), top).maximum, 0)
        try s.checkGolden("pictures-detail-scrolled")
    }

    /// Replay draws no frame between the push and the drag: the scroll range must not wait for one.
    func testDetailScrollsWithoutAFrameDrawnFirst() throws {
        let f = try F()
        defer { f.remove() }
        try f.writeGoodPictures()
        try f.makeDatabase(["photo.jpg"], body: (1...40).map { "Line \($0)" }.joined(separator: "\n"))
        let s = try Scenario("size 600x700\nat 0 tap 300 102\nat 1000 swipe 0 300 500 300 300 400\nat 2500 screenshot moved.png\nat 2600 end\n",
                             config: f.config(), database: f.database)
        let moved = try s.image("moved")
        XCTAssertFalse(moved.matches(150, 70, F.red, tolerance: 12), "a slow drag of 200 px scrolled: \(moved.rgb(150, 70))")
    }
}
