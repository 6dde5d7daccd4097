// The app's font library: the shipped fonts first, then every installed font through
// fontconfig, with one journal warning for each block of code points no installed font has
// (bounded by SystemFonts), so an integrator learns which font package a kiosk lacks. The
// locale picks the design of ideographs that appear without kana or hangul.
import Canvas
import KioskConfig
import Logging

extension FontLibrary {
    /// A library that falls back to installed fonts, preferring `families`, drawing ideographs
    /// in the design of `locale`'s language (Chinese, Japanese or Korean), and logs missing characters.
    public static func withSystemFonts(
        preferring families: [String], locale: String? = DirectionSetting.environmentLocale
    ) throws -> FontLibrary {
        let library = try FontLibrary()
        let logger = Logger(label: "swipe-kiosk")
        let systemFonts = library.useSystemFonts(preferredFamilies: families)
        if let locale {
            systemFonts.hanLanguage = SystemFonts.LanguageHint(locale: locale)
            if systemFonts.hanLanguage != .none {
                logger.info("fonts: ideographs without kana or hangul in the \(systemFonts.hanLanguage.tag ?? "") design (locale \(locale))")
            }
        }
        systemFonts.onMissing = { scalar in
            let block = scalar & ~0x7F
            logger.warning("""
                no installed font has U+\(CodePoints.hex(scalar)) (block U+\(CodePoints.hex(block))-U+\(CodePoints.hex(block | 0x7F))): \
                it is drawn as a box; install fonts-noto-core, fonts-noto-cjk or fonts-noto-color-emoji
                """)
        }
        return library
    }
}

/// Code points as the Unicode standard writes them.
public enum CodePoints {
    /// `scalar` as 4 to 6 upper-case hex digits, e.g. `1F600`.
    public static func hex(_ scalar: UInt32) -> String {
        let digits = String(scalar, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `U+XXXX` of each distinct scalar in first-seen order, at most `limit` of them and then how
    /// many more: a title of 100,000 unknown characters is one short line, not a megabyte.
    public static func list(_ scalars: [UInt32], separator: String = ", ", limit: Int = 16) -> String {
        var seen = Set<UInt32>()
        let distinct = scalars.filter { seen.insert($0).inserted }
        let shown = distinct.prefix(limit).map { "U+" + hex($0) }.joined(separator: separator)
        return distinct.count > limit ? shown + "\(separator)… (\(distinct.count - limit) more)" : shown
    }
}
