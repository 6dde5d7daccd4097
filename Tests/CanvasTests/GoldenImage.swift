// Test support. Golden-image checking: a scene is rendered at 1280x800 and compared with
// References/<name>.png within a tolerance; on mismatch `<name>.actual.png` is written beside
// the reference; SWIPE_KIOSK_UPDATE_GOLDENS=1 rewrites the references instead. And the fonts
// shipped in Sources/Canvas/Fonts, loaded for each test (`TestFonts`).
import Canvas
import Foundation
import XCTest

enum GoldenImage {
    static let width = 1280
    static let height = 800

    static var testsDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
    }
    static var referencesDirectory: String { testsDirectory + "/References" }
    static var fontsDirectory: String { FontLibrary.bundledFontsDirectory }

    /// Per-pixel difference summary of two surfaces of equal size.
    struct Difference {
        /// Mean absolute difference per channel (0...255).
        var meanAbsolute: Double
        /// Largest channel difference.
        var maximum: Int
        /// Pixels with any channel differing by more than `threshold`.
        var pixelsOver: Int
    }

    static func difference(_ a: Surface, _ b: Surface, threshold: Int = 0) -> Difference {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0, maximum = 0, over = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                var worst = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                    sum += d; worst = max(worst, d)
                }
                maximum = max(maximum, worst)
                if worst > threshold { over += 1 }
            }
        }
        return Difference(meanAbsolute: Double(sum) / Double(a.width * a.height * 4), maximum: maximum, pixelsOver: over)
    }

    /// Compares `surface` with the reference `name`: at most `maxPixels` pixels may differ by
    /// more than `tolerance` in any channel. Fails when the reference is missing (run with
    /// SWIPE_KIOSK_UPDATE_GOLDENS=1 to create it).
    static func check(_ surface: Surface, _ name: String, tolerance: Int = 2, maxPixels: Int = 0,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let path = referencesDirectory + "/\(name).png"
        let actualPath = referencesDirectory + "/\(name).actual.png"
        if ProcessInfo.processInfo.environment["SWIPE_KIOSK_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(atPath: referencesDirectory, withIntermediateDirectories: true)
            try PNG.write(surface, to: path)
            try? FileManager.default.removeItem(atPath: actualPath)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            try PNG.write(surface, to: actualPath)
            XCTFail("missing reference \(path); wrote \(actualPath)", file: file, line: line)
            return
        }
        let reference = try PNG.read(path: path)
        guard reference.width == surface.width, reference.height == surface.height else {
            try PNG.write(surface, to: actualPath)
            XCTFail("\(name): size \(surface.width)x\(surface.height) != reference", file: file, line: line)
            return
        }
        let diff = difference(surface, reference, threshold: tolerance)
        if diff.pixelsOver > maxPixels {
            try PNG.write(surface, to: actualPath)
            XCTFail("\(name): \(diff.pixelsOver) pixels differ by more than \(tolerance) (max \(diff.maximum)); "
                    + "wrote \(actualPath)", file: file, line: line)
        } else {
            try? FileManager.default.removeItem(atPath: actualPath)
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
