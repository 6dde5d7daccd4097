// The fonts shipped in Sources/Canvas/Fonts, loaded once per test: regular and bold DejaVu
// with the Noto Arabic and Hebrew faces as fallbacks, and the icon font.
import Canvas
import XCTest

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
