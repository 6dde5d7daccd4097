// The reference list frame (the bench scene) against its golden image and against the frame
// cairo drew for the same specification.
import Canvas
import GoldenImages
import Foundation
import XCTest

final class ReferenceSceneTests: XCTestCase {
    /// Cairo's frame, copied from the shared project files (`../shared/bench/` beside the
    /// repository) so the test runs wherever the repository is cloned.
    static let cairoPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("References/reference-scene-1280x800.cairo.png").path
    /// The shared original, when the repository sits beside it.
    static let sharedCairoPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()  // the repository root
        .deletingLastPathComponent().appendingPathComponent("shared/bench/reference-scene-1280x800.cairo.png").path

    func render(width: Int = 1280, height: Int = 800) throws -> Surface {
        let library = try FontLibrary()
        let scene = try ReferenceScene(width: width, height: height, library: library)
        let surface = try Surface(width: width, height: height, format: .xrgb8888)
        let list = DisplayList()
        scene.record(into: list)
        list.render(with: Painter(target: surface))
        return surface
    }

    func testReferenceSceneGolden() throws {
        try GoldenImage.check(try render(), "reference-scene")
    }

    /// Our frame and cairo's differ only in glyph rasterisation details: the mean absolute
    /// difference per channel stays small and nearly all pixels agree closely.
    func testReferenceSceneMatchesCairo() throws {
        if let shared = FileManager.default.contents(atPath: Self.sharedCairoPath) {
            XCTAssertEqual(FileManager.default.contents(atPath: Self.cairoPath), shared,
                           "the copy in References/ is out of date: copy \(Self.sharedCairoPath) over it")
        }
        let ours = try render()
        let cairo = try PNG.read(path: Self.cairoPath)
        let diff = GoldenImage.difference(ours, cairo, threshold: 48)
        print("reference scene vs cairo: mean absolute difference \(diff.meanAbsolute) per channel, "
              + "max \(diff.maximum), \(diff.pixelsOver) pixels differ by > 48")
        XCTAssertLessThan(diff.meanAbsolute, 1.0)
        XCTAssertLessThan(diff.pixelsOver, 1280 * 800 / 100)
    }

    /// Recording the scene and rendering it twice gives identical pixels (caches are warm the
    /// second time), and the occlusion culling leaves no background visible under rows.
    func testWarmFrameEqualsColdFrame() throws {
        let library = try FontLibrary()
        let scene = try ReferenceScene(width: 1280, height: 800, library: library)
        let a = try Surface(width: 1280, height: 800, format: .xrgb8888)
        let b = try Surface(width: 1280, height: 800, format: .xrgb8888)
        b.fill(Color(hex: 0xFF00FF))
        let list = DisplayList()
        scene.record(into: list)
        list.render(with: Painter(target: a))
        list.render(with: Painter(target: b))
        XCTAssertEqual(GoldenImage.difference(a, b).maximum, 0)
        XCTAssertEqual(a.pixel(x: 5, y: 64 + 64 * 3 + 5), 0xFFFF_FFFF, "row background is white")
        XCTAssertEqual(a.pixel(x: 5, y: 799), 0xFFF2_F2F7, "background below the last row")
    }
}
