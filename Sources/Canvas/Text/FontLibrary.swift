// The FreeType library instance, the faces loaded into it and the glyph cache they share.
// Faces come from a path or from bytes (the app ships its fonts and may embed them); every
// failure is a typed CanvasError naming the file, never a trap.
import CFreeType
import KioskFiles

/// Loads font faces and makes sized `Font`s from them. One per process (or per renderer);
/// not thread-safe.
public final class FontLibrary {
    let library: FT_Library
    /// Rendered glyph masks of every font of this library, under one byte budget.
    public let glyphCache: GlyphCache
    /// The installed fonts that draw what the theme's fonts lack; nil until
    /// `useSystemFonts(preferredFamilies:)` (then text falls back through fontconfig).
    public private(set) var systemFonts: SystemFonts?
    /// Line break opportunities for wrapped text of every font of this library.
    public let lineBreaker = LineBreaker()

    /// A library whose glyph cache keeps at most `glyphCacheBudget` bytes of glyph masks.
    /// - Throws: `CanvasError.fontUnloadable` if FreeType cannot start.
    public init(glyphCacheBudget: Int = 4 << 20) throws {
        var lib: FT_Library?
        let error = FT_Init_FreeType(&lib)
        guard error == 0, let lib else { throw CanvasError.fontUnloadable(source: "FreeType", freeTypeError: error) }
        library = lib
        glyphCache = GlyphCache(byteBudget: glyphCacheBudget)
    }

    deinit { FT_Done_FreeType(library) }

    /// Lets every font of this library fall back to installed fonts (fontconfig, asked lazily),
    /// preferring `preferredFamilies` where several cover a character.
    @discardableResult
    public func useSystemFonts(preferredFamilies: [String] = []) -> SystemFonts {
        let fonts = SystemFonts(library: self, preferredFamilies: preferredFamilies)
        systemFonts = fonts
        return fonts
    }

    /// The directory of the fonts shipped in the repository (`Sources/Canvas/Fonts`), as this
    /// source file saw it at build time. Valid in a checkout (tests, bench); installed builds
    /// pass their own directory to `loadFace(path:)`.
    public static var bundledFontsDirectory: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)  // "Text", "FontLibrary.swift"
        return parts.joined(separator: "/") + "/Fonts"
    }

    /// Loads the face in the font file at `path` (TrueType/OpenType; face 0 of a collection).
    /// The file stays open and FreeType reads the parts it needs from it (FontFace says why).
    /// - Throws: `CanvasError.fileUnreadable` (with errno), `.fileRejected` (a special or too large
    ///   file) or `.fontUnloadable` (corrupt file).
    public func loadFace(path: String) throws -> FontFace {
        try FontFace(library: self, file: Self.openFile(path), index: 0)
    }

    /// Loads a face from the bytes of a font file; `name` is used in error messages.
    /// - Throws: `CanvasError.fontUnloadable` when FreeType does not accept the bytes.
    public func loadFace(data: [UInt8], name: String = "memory") throws -> FontFace {
        try FontFace(library: self, bytes: data, name: name)
    }

    /// The face at `size` pixels (FreeType pixel size = em size). Make each font once and keep
    /// it: its glyphs stay cached for as long as it lives. `kerning: false` lays out by advances
    /// only (no `kern` feature).
    /// - Throws: `CanvasError.invalidFontSize` outside 1...1024, `.fontUnloadable` if FreeType refuses.
    public func font(_ face: FontFace, size: Double, kerning: Bool = true) throws -> Font {
        guard size.isFinite, size >= 1, size <= 1024 else { throw CanvasError.invalidFontSize(size) }
        return try Font(face: face, size: size, kerning: kerning)
    }

    /// The largest picture or font file read whole (`readFile`).
    public static let maximumFileBytes = 64 << 20

    /// The largest font file opened. FreeType reads only the tables and glyphs it uses from an
    /// open font (FontFace), so this bounds no memory: it is a sanity check that lets through
    /// any font fontconfig may pick (a CJK super-collection is 40–60 MB).
    public static let maximumFontFileBytes = Int(Int32.max)

    /// The bytes of a font or image file: a regular file of at most `limit` bytes (`/dev/zero`
    /// or a FIFO as a font path is refused instead of read forever).
    static func readFile(_ path: String, limit: Int = maximumFileBytes) throws -> [UInt8] {
        do {
            return try InputFile.bytes(path, limit: limit)
        } catch {
            throw canvasError(error)
        }
    }

    /// A font file opened for FreeType to read from, with the same checks as `readFile`.
    static func openFile(_ path: String, limit: Int = maximumFontFileBytes) throws -> ReadOnlyFile {
        do {
            return try ReadOnlyFile(path, limit: limit)
        } catch {
            throw canvasError(error)
        }
    }

    private static func canvasError(_ error: FileError) -> CanvasError {
        if case .system(_, let code) = error.reason { return CanvasError.fileUnreadable(path: error.path, errno: code) }
        return CanvasError.fileRejected(error)
    }
}
