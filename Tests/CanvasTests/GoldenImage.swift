// Test support. Golden images of the renderer: scenes are rendered at 1280x800 and checked
// against References/<name>.png (GoldenImage, shared with the app's tests). And the fonts
// shipped in Sources/Canvas/Fonts, loaded for each test (`TestFonts`).
import Canvas
import Foundation
import GoldenImages
import XCTest

extension GoldenImage {
    static let width = 1280
    static let height = 800

    static let references = GoldenImage(
        directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/References")

    /// Fails the test when `surface` differs from the reference `name` (see `mismatch`).
    static func check(_ surface: Surface, _ name: String, tolerance: Int = 2, maxPixels: Int = 0,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        if let message = try references.mismatch(surface, name, tolerance: tolerance, maxPixels: maxPixels) {
            XCTFail(message, file: file, line: line)
        }
    }

    /// A 1280x800 opaque frame cleared to `color`, and a painter for it.
    static func frame(_ color: Color = Color(hex: 0xF2F2F7)) throws -> (Surface, Painter) {
        let surface = try Surface(width: width, height: height, format: .xrgb8888)
        surface.fill(color)
        return (surface, Painter(target: surface))
    }
}

struct TestFonts {
    let library: FontLibrary
    let regularFace: FontFace
    let boldFace: FontFace
    let arabicFace: FontFace
    let hebrewFace: FontFace
    let iconFace: FontFace

    init(glyphCacheBudget: Int = 4 << 20) throws {
        library = try FontLibrary(glyphCacheBudget: glyphCacheBudget)
        let dir = FontLibrary.bundledFontsDirectory
        regularFace = try library.loadFace(path: dir + "/DejaVuSans.ttf")
        boldFace = try library.loadFace(path: dir + "/DejaVuSans-Bold.ttf")
        arabicFace = try library.loadFace(path: dir + "/NotoSansArabic-Regular.ttf")
        hebrewFace = try library.loadFace(path: dir + "/NotoSansHebrew-Regular.ttf")
        iconFace = try library.loadFace(path: dir + "/materialdesignicons-webfont.ttf")
    }

    /// DejaVu Sans (bold if asked) at `size`, falling back to Noto Arabic, then Noto Hebrew.
    func font(_ size: Double, bold: Bool = false, kerning: Bool = true) throws -> Font {
        let font = try library.font(bold ? boldFace : regularFace, size: size, kerning: kerning)
        font.fallbacks = [try library.font(arabicFace, size: size), try library.font(hebrewFace, size: size)]
        return font
    }

    /// Noto Sans Arabic first (so Arabic uses its joining forms), DejaVu for the rest.
    func arabicFirst(_ size: Double) throws -> Font {
        let font = try library.font(arabicFace, size: size)
        font.fallbacks = [try library.font(regularFace, size: size), try library.font(hebrewFace, size: size)]
        return font
    }

    func icons(_ size: Double) throws -> IconFont { IconFont(font: try library.font(iconFace, size: size)) }
}
