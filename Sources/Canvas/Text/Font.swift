// A face at one pixel size: the FreeType handle set to that size, the HarfBuzz font that shapes
// with it, its line metrics, and the glyph-id → cache-entry table that makes warm glyph
// look-ups a single array read. Icons are glyphs of an icon font (`IconFont`, also here),
// addressed by codepoint or by the names the app configuration uses.
import CFreeType
import CHarfBuzz

/// A `FontFace` at a pixel size, ready to shape and draw. Get one from `FontLibrary.font`.
/// Fonts listed in `fallbacks` supply characters this face lacks (e.g. Arabic or Hebrew).
public final class Font {
    public let face: FontFace
    /// The em size in pixels.
    public let size: Double
    /// Pixels from the baseline up to the top of the line (positive).
    public let ascent: Double
    /// Pixels from the baseline down to the bottom of the line (positive).
    public let descent: Double
    /// Distance between two baselines.
    public let lineHeight: Double
    /// Whether shaping applies kerning (the OpenType `kern` feature).
    public let kerning: Bool
    /// Faces tried, in order, for characters this one has no glyph for: those the theme
    /// names, then the installed ones fontconfig found for text already laid out.
    public var fallbacks: [Font] = []
    /// Whether the glyphs are colour bitmaps (emoji), drawn as they are instead of in the text colour.
    public let isColor: Bool
    /// Design pixels → layout pixels: 1 for outline fonts, text size / strike size for bitmap ones.
    let scale: Double
    /// The language hint a fallback font was found for through the system fonts; nil for the
    /// theme's fonts (see `fontIndex(forCluster:language:)`).
    var language: SystemFonts.LanguageHint?
    /// Cluster key → index in `[self] + fallbacks` found through the system fonts (-1: none).
    var systemChoices: [UInt64: Int32] = [:]

    /// The face's FreeType handle, shared by its fonts; ``activate()`` before using it.
    let ftFace: FT_Face
    /// This font's size on `ftFace`.
    private let ftSize: FT_Size
    let hbFont: OpaquePointer
    let cache: GlyphCache
    /// Glyph id → index in `cache`, -1 when not cached.
    let slots: UnsafeMutablePointer<Int32>
    let glyphCount: Int

    init(face: FontFace, size: Double, kerning: Bool) throws {
        self.face = face
        self.size = size
        self.kerning = kerning
        cache = face.library.glyphCache
        ftFace = face.ftFace
        var newSize: FT_Size?
        let sizeError = FT_New_Size(ftFace, &newSize)
        guard sizeError == 0, let newSize else {
            throw CanvasError.fontUnloadable(source: face.name, freeTypeError: sizeError)
        }
        ftSize = newSize
        FT_Activate_Size(ftSize)
        let flags = ftFace.pointee.face_flags
        isColor = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        let error: FT_Error
        if flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 && ftFace.pointee.num_fixed_sizes > 0 {
            // Bitmap-only (Noto Color Emoji's CBDT): the strike nearest above the size, scaled down.
            let strikes = UnsafeBufferPointer(start: ftFace.pointee.available_sizes, count: Int(ftFace.pointee.num_fixed_sizes))
            let wanted = FT_Pos(size * 64)
            let best = strikes.indices.min { a, b in
                let (da, db) = (strikes[a].y_ppem - wanted, strikes[b].y_ppem - wanted)
                return da >= 0 && db >= 0 ? da < db : da > db
            } ?? 0
            error = FT_Select_Size(ftFace, FT_Int(best))
            scale = error == 0 ? size * 64 / Double(max(1, ftFace.pointee.size.pointee.metrics.y_ppem << 6)) : 1
        } else {
            error = FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(size * 64), 72, 72)
            scale = 1
        }
        guard error == 0 else {
            FT_Done_Size(ftSize)
            throw CanvasError.fontUnloadable(source: face.name, freeTypeError: error)
        }
        let metrics = ftFace.pointee.size.pointee.metrics
        ascent = Double(metrics.ascender) / 64 * scale
        descent = Double(-metrics.descender) / 64 * scale
        lineHeight = Double(metrics.height) / 64 * scale
        hbFont = hb_ft_font_create_referenced(ftFace)
        hb_ft_font_set_load_flags(hbFont, isColor ? Int32(FT_LOAD_COLOR) : Int32(FT_LOAD_DEFAULT))
        glyphCount = max(1, Int(ftFace.pointee.num_glyphs))
        slots = .allocate(capacity: glyphCount)
        slots.initialize(repeating: -1, count: glyphCount)
    }

    deinit {
        for g in 0..<glyphCount where slots[g] >= 0 { cache.remove(slots[g]) }
        slots.deallocate()
        hb_font_destroy(hbFont)
        FT_Done_Size(ftSize)
    }

    /// Makes this font's size the face's active one: FreeType and HarfBuzz (through `hbFont`)
    /// load and measure glyphs at the face's active size.
    @inline(__always)
    func activate() {
        if ftFace.pointee.size != ftSize { FT_Activate_Size(ftSize) }
    }

    /// Whether the face has a glyph for `scalar`.
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(ftFace, FT_ULong(scalar.value)) != 0
    }

    /// The glyph id of `scalar` in this face (0 = missing).
    func glyphID(_ scalar: UInt32) -> UInt32 { UInt32(FT_Get_Char_Index(ftFace, FT_ULong(scalar))) }

    /// The cache index of glyph `id`, rendering it on first use; nil for ids outside the face.
    /// The entry is at `cache.entries + index` until the next glyph is rendered.
    @inline(__always)
    func entryIndex(_ id: UInt32) -> Int? {
        guard Int(id) < glyphCount else { return nil }
        let index = slots[Int(id)]
        return Int(index >= 0 ? index : render(id))
    }

    /// Rasterises glyph `id` (grey anti-aliasing, hinted as FreeType does by default; colour
    /// bitmaps scaled to the text size) into the cache. A glyph FreeType cannot render is cached
    /// as empty so it is not retried.
    func render(_ id: UInt32) -> Int32 {
        var entry = GlyphEntry(mask: nil, spread: nil, width: 0, height: 0, pitch: 0, left: 0, top: 0, lastUse: 0,
                               owner: slots + Int(id))
        activate()
        if FT_Load_Glyph(ftFace, id, isColor ? Int32(FT_LOAD_COLOR) : Int32(FT_LOAD_DEFAULT)) == 0,
           FT_Render_Glyph(ftFace.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0 {
            let slot = ftFace.pointee.glyph.pointee
            let bitmap = slot.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows)
            if w > 0, h > 0, let buffer = bitmap.buffer {
                if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) {
                    entry = colorEntry(buffer, width: w, height: h, pitch: Int(bitmap.pitch), left: slot.bitmap_left,
                                       top: slot.bitmap_top, owner: slots + Int(id))
                } else {
                    maskEntry(&entry, bitmap: bitmap, buffer: buffer, width: w, height: h)
                    entry.left = slot.bitmap_left; entry.top = slot.bitmap_top
                }
            }
        }
        return cache.insert(entry)
    }

    private func maskEntry(_ entry: inout GlyphEntry, bitmap: FT_Bitmap, buffer: UnsafeMutablePointer<UInt8>,
                           width w: Int, height h: Int) {
        let pitch = (w + 3) & ~3
        // One block: the spread words first (aligned), then the 8-bit mask.
        let spread = UnsafeMutablePointer<UInt32>.allocate(capacity: pitch * h + (pitch * h + 3) / 4)
        let mask = UnsafeMutableRawPointer(spread + pitch * h).bindMemory(to: UInt8.self, capacity: pitch * h)
        mask.initialize(repeating: 0, count: pitch * h)
        let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        for y in 0..<h {
            let src = buffer + y * Int(bitmap.pitch)
            for x in 0..<w {
                mask[y * pitch + x] = mono ? ((src[x >> 3] >> (7 - UInt8(x & 7))) & 1) * 255 : src[x]
            }
        }
        PixelOps.spreadCoverage(mask, into: spread, count: pitch * h)
        entry.mask = mask
        entry.spread = spread
        entry.width = Int32(w); entry.height = Int32(h); entry.pitch = Int32(pitch)
    }

    /// A premultiplied BGRA bitmap (FreeType's colour glyphs: 0xAARRGGBB words, as surfaces
    /// hold them) box-filtered down by `scale`, once, when the glyph is first drawn.
    private func colorEntry(_ buffer: UnsafeMutablePointer<UInt8>, width sw: Int, height sh: Int, pitch: Int,
                            left: Int32, top: Int32, owner: UnsafeMutablePointer<Int32>) -> GlyphEntry {
        let dw = max(1, Int((Double(sw) * scale).rounded())), dh = max(1, Int((Double(sh) * scale).rounded()))
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: dw * dh)
        for y in 0..<dh {
            let y0 = y * sh / dh, y1 = max(y0 + 1, (y + 1) * sh / dh)
            for x in 0..<dw {
                let x0 = x * sw / dw, x1 = max(x0 + 1, (x + 1) * sw / dw)
                var sum = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    let row = buffer + sy * pitch
                    for sx in x0..<x1 {
                        let p = row + sx * 4
                        sum.0 += Int(p[0]); sum.1 += Int(p[1]); sum.2 += Int(p[2]); sum.3 += Int(p[3])
                    }
                }
                let n = (y1 - y0) * (x1 - x0)
                pixels[y * dw + x] = UInt32(sum.3 / n) << 24 | UInt32(sum.2 / n) << 16 | UInt32(sum.1 / n) << 8 | UInt32(sum.0 / n)
            }
        }
        return GlyphEntry(mask: nil, spread: nil, width: Int32(dw), height: Int32(dh), pitch: Int32(dw),
                          left: Int32((Double(left) * scale).rounded()), top: Int32((Double(top) * scale).rounded()),
                          lastUse: 0, owner: owner, color: pixels)
    }
}

/// A sized icon font: look up icons by name or codepoint and lay them out as one-glyph lines.
public final class IconFont {
    /// The icon font at its pixel size.
    public let font: Font

    /// Codepoints of the names the app's configuration may use (MDI 1.6 numbering, as in
    /// Debian's materialdesignicons.css; "cog" is called "settings" there).
    /// `check-config` refuses an action icon that is not here (a name would otherwise draw nothing).
    public static let codepoints: [String: UInt32] = [
        "delete": 0xF1C0, "flag": 0xF23B, "archive": 0xF03C, "email-open": 0xF1EF,
        "dots-horizontal": 0xF1D8, "star": 0xF4CE, "bell": 0xF09A, "check": 0xF12C,
        "close": 0xF156, "chevron-left": 0xF141, "undo": 0xF54C, "cog": 0xF493, "settings": 0xF493,
        "paperclip": 0xF3E2, "printer": 0xF42A, "heart": 0xF2D1, "heart-outline": 0xF2D5,
        "information": 0xF2FC, "information-outline": 0xF2FD, "package-up": 0xF3D5, "package-down": 0xF3D4,
        "email": 0xF1EE, "email-outline": 0xF1F0, "pin": 0xF403, "pin-off": 0xF404, "share": 0xF496,
        "pencil": 0xF3EB, "phone": 0xF3F2, "message": 0xF361, "cart": 0xF110, "clock": 0xF150,
        "check-circle": 0xF5E0, "alert": 0xF026, "alert-circle": 0xF028, "account": 0xF004,
        "calendar": 0xF0ED, "map-marker": 0xF34E, "home": 0xF2DC, "magnify": 0xF349, "plus": 0xF415,
        "minus": 0xF374, "refresh": 0xF450, "lock": 0xF33E, "lock-open": 0xF33F, "eye": 0xF208,
        "eye-off": 0xF209, "download": 0xF1DA, "upload": 0xF552, "star-outline": 0xF4D2,
        "bookmark": 0xF0C0, "tag": 0xF4F9, "truck": 0xF53D, "food": 0xF25A, "coffee": 0xF176,
    ]

    /// Wraps `font`, which should be made from the MDI face.
    public init(font: Font) { self.font = font }

    /// The codepoint of a named icon.
    /// - Throws: `CanvasError.unknownIcon` for names not in `codepoints`.
    public static func codepoint(named name: String) throws -> UInt32 {
        guard let code = codepoints[name] else { throw CanvasError.unknownIcon(name) }
        return code
    }

    /// The icon at `codepoint` as a drawable line (empty if the font lacks it or the
    /// codepoint is not a Unicode scalar).
    public func icon(_ codepoint: UInt32) -> TextLine {
        guard let scalar = Unicode.Scalar(codepoint), font.hasGlyph(scalar) else {
            return TextLine(runs: [], width: 0, isRightToLeft: false)
        }
        return TextLayout(String(Character(scalar)), style: TextStyle(font: font, direction: .leftToRight)).lines[0]
    }

    /// The named icon as a drawable line.
    /// - Throws: `CanvasError.unknownIcon` for names not in `codepoints`.
    public func icon(named name: String) throws -> TextLine { icon(try Self.codepoint(named: name)) }
}
