// A font is read from its open file while the app runs (FontFace): what happens to that file
// afterwards (truncated in place, renamed over) must not change or crash what is drawn, the
// file is let go with the face, and the fonts of one face, which share its FreeType handle,
// each draw at their own size whatever order they are used in.
import Canvas
import Foundation
import SwipeCore
import TestSupport
import XCTest

final class FontFileTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws { directory = try TemporaryDirectory() }

    override func tearDown() { directory = nil }

    private func copyOfFont(_ name: String) throws -> String {
        let path = directory.file(name)
        try FileManager.default.copyItem(atPath: FontLibrary.bundledFontsDirectory + "/" + name, toPath: path)
        return path
    }

    /// `text` in `font`, black on white, as the surface's pixels.
    private func pixels(_ text: String, _ font: Font) throws -> [UInt32] {
        let surface = try Surface(width: 420, height: 80, format: .xrgb8888)
        surface.fill(.white)
        Painter(target: surface).draw(TextLayout(text, style: TextStyle(font: font)), at: Point(x: 4, y: 4), color: .black)
        return (0..<surface.height).flatMap { y in (0..<surface.width).map { surface.pixel(x: $0, y: y) } }
    }

    private func inked(_ pixels: [UInt32]) -> Int { pixels.filter { $0 & 0xFF_FFFF != 0xFF_FFFF }.count }

    func testFontTruncatedInPlaceAfterLoadingLeavesGlyphsOutInsteadOfCrashing() throws {
        let path = try copyOfFont("DejaVuSans.ttf")
        let library = try FontLibrary()
        let font = try library.font(try library.loadFace(path: path), size: 24)
        XCTAssertGreaterThan(inked(try pixels("Ab", font)), 0)
        // Keep the tables FreeType read at load; the glyph outlines (glyf) are past 4 KiB.
        XCTAssertEqual(truncate(path, 4096), 0)
        // Glyphs not drawn yet are read now, from the shortened file: a short read, no SIGBUS.
        let after = try pixels("Ab xyzXYZ 0123 ÅÉÎ", font)
        XCTAssertEqual(after.count, 420 * 80)
        // A new size of the face is made from what FreeType holds, and draws without a crash too.
        _ = try pixels("Qwerty", try library.font(font.face, size: 31))
    }

    func testFontRenamedOverAfterLoadingKeepsDrawingTheFileThatWasLoaded() throws {
        let path = try copyOfFont("DejaVuSans.ttf")
        let hebrew = try copyOfFont("NotoSansHebrew-Regular.ttf")
        let reference = try FontLibrary()
        let expected = try pixels("Kiosk 42", try reference.font(try reference.loadFace(path: path), size: 28))

        let library = try FontLibrary()
        let face = try library.loadFace(path: path)
        XCTAssertEqual(rename(hebrew, path), 0)
        // Made and drawn after the rename: still DejaVu's glyphs (the Hebrew font has no Latin).
        XCTAssertTrue(try pixels("Kiosk 42", try library.font(face, size: 28)) == expected, "other glyphs drawn")
        XCTAssertEqual(face.familyName, "DejaVu Sans")
    }

    func testAFontLargerThanAPictureMayBeIsOpenedForWhatItHolds() throws {
        // Fontconfig may pick a 40-60 MB CJK collection: read through a stream, its size takes no
        // memory, so only special files are refused, not large ones.
        let path = try copyOfFont("DejaVuSans.ttf")
        XCTAssertEqual(truncate(path, off_t(FontLibrary.maximumFileBytes) + (6 << 20)), 0)  // sparse: no disk used
        let library = try FontLibrary()
        XCTAssertGreaterThan(inked(try pixels("Large", try library.font(try library.loadFace(path: path), size: 20))), 0)
        XCTAssertThrowsError(try library.loadFace(path: "/dev/zero"))
    }

    func testTheFileIsClosedWithTheFaceAndWhenItIsNoFont() throws {
        let path = try copyOfFont("DejaVuSans-Bold.ttf")
        let notFont = directory.file("not-a-font.ttf")
        try Data(repeating: 0x41, count: 5000).write(to: URL(fileURLWithPath: notFont))
        let library = try FontLibrary()
        let before = try openDescriptors()
        do {
            let face = try library.loadFace(path: path)
            let fonts = try [12.0, 20, 33].map { try library.font(face, size: $0) }
            XCTAssertGreaterThan(inked(try pixels("Open", fonts[2])), 0)
            XCTAssertEqual(try openDescriptors(), before + 1)
        }
        XCTAssertEqual(try openDescriptors(), before)
        XCTAssertThrowsError(try library.loadFace(path: notFont))
        XCTAssertEqual(try openDescriptors(), before)
    }

    func testFontsOfOneFaceDrawAtTheirOwnSizesInAnyOrder() throws {
        // Each font alone in a library of its own: the pixels to expect.
        let sizes: [Double] = [9, 13, 17.5, 24, 40, 61]
        let words = ["Swipe", "AVATAR", "gjpqy", "Åland", "0123", "Wave"]
        var expected: [[[UInt32]]] = []
        for size in sizes {
            let library = try FontLibrary()
            let font = try library.font(try library.loadFace(path: FontLibrary.bundledFontsDirectory + "/DejaVuSans.ttf"),
                                        size: size)
            expected.append(try words.map { try pixels($0, font) })
        }
        // All sizes of one face, used in a random order (shaping and new glyphs interleaved).
        var random = SplitMix64(state: 26)
        let library = try FontLibrary()
        let face = try library.loadFace(path: FontLibrary.bundledFontsDirectory + "/DejaVuSans.ttf")
        let fonts = try sizes.map { try library.font(face, size: $0) }
        for _ in 0..<60 {
            let (s, w) = (Int.random(in: 0..<sizes.count, using: &random), Int.random(in: 0..<words.count, using: &random))
            XCTAssertTrue(try pixels(words[w], fonts[s]) == expected[s][w], "\(words[w]) at \(sizes[s]) px differs")
        }
    }

    private func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }
}
