// The installed fonts, asked through fontconfig which one draws a code point the theme's fonts
// lack. Fontconfig starts only on the first such question (a Latin-only kiosk never pays for
// it), every answer is cached (bounded), faces are opened once and read by FreeType from their
// open files as it needs them (FontFace), and each code point no installed font has is reported
// once per block.
import CFontconfig

/// Finds installed fonts for code points through fontconfig. One per `FontLibrary`; not
/// thread-safe (the UI loop owns it).
public final class SystemFonts {
    /// Fontconfig's answer: a font file and the face's index in it, nil when no font has it.
    struct Answer {
        let file: (path: String, index: Int)?
    }

    /// Faces are held by the fonts made from them (which hold the library): no cycle.
    struct WeakFace {
        weak var face: FontFace?
    }

    /// Families preferred when several installed fonts cover a code point (`[theme] fonts`).
    public let preferredFamilies: [String]
    /// Called once for each 128-code-point block in which a code point has no installed font
    /// (at most `maximumWarnings` times): the app logs it.
    public var onMissing: ((UInt32) -> Void)?
    /// The most missing-block reports made (a hostile string cannot flood the journal).
    public static let maximumWarnings = 64
    /// Answers kept before the cache starts over.
    static let cacheCapacity = 8192

    private unowned let library: FontLibrary
    private var config: OpaquePointer?
    private var started = false
    private var answers: [UInt64: Answer] = [:]
    private var faces: [String: WeakFace] = [:]
    private var reportedBlocks: Set<UInt32> = []

    /// Fontconfig queries made so far (tests check that Latin text makes none).
    public private(set) var queries = 0

    init(library: FontLibrary, preferredFamilies: [String]) {
        self.library = library
        self.preferredFamilies = preferredFamilies
    }

    deinit { if let config { FcConfigDestroy(config) } }

    /// The language hint of a run, so that fontconfig picks the Japanese, Korean or Chinese
    /// design of a CJK collection for its ideographs (Han unification gives 直 or 骨 one code
    /// point whose form differs by language).
    public enum LanguageHint: UInt64, Sendable {
        case none = 0, japanese = 1, korean = 2, simplifiedChinese = 3, traditionalChinese = 4

        public var tag: String? {
            switch self {
            case .none: return nil
            case .japanese: return "ja"
            case .korean: return "ko"
            case .simplifiedChinese: return "zh-cn"
            case .traditionalChinese: return "zh-tw"
            }
        }

        /// The hint a POSIX locale (`zh_CN.UTF-8`, `ja_JP`, `zh-Hant`) gives ideographs that
        /// appear without kana or hangul; `.none` for other languages.
        public init(locale: String) {
            let parts = locale.split(whereSeparator: { "_.@-".contains($0) }).map { $0.lowercased() }
            switch parts.first {
            case "ja": self = .japanese
            case "ko": self = .korean
            case "zh":
                let traditional: Set<String> = ["tw", "hk", "mo", "hant"]
                self = parts.dropFirst().contains(where: traditional.contains) ? .traditionalChinese : .simplifiedChinese
            default: self = .none
            }
        }
    }

    /// The design of ideographs in text without kana or hangul (which decide by themselves):
    /// set from the kiosk's locale by the app; `.none` leaves fontconfig's default (Japanese
    /// with Debian's Noto CJK).
    public var hanLanguage: LanguageHint = .none

    /// The best installed face for `scalar` in the given weight, preferring a colour face for
    /// emoji; nil when no installed font has it (reported through `onMissing`).
    public func face(for scalar: UInt32, bold: Bool, color: Bool, language: LanguageHint = .none) -> FontFace? {
        let key = UInt64(scalar) | (bold ? 1 << 32 : 0) | (color ? 1 << 33 : 0) | language.rawValue << 34
        if let answer = answers[key] { return answer.file.flatMap(openFace) }
        if answers.count >= Self.cacheCapacity { answers.removeAll(keepingCapacity: true) }
        var found = match(scalar, bold: bold, color: color, language: language)
        if found == nil && color { found = match(scalar, bold: bold, color: false, language: language) }
        answers[key] = Answer(file: found)
        let face = found.flatMap(openFace)
        if face == nil { reportMissing(scalar) }
        return face
    }

    private func reportMissing(_ scalar: UInt32) {
        let block = scalar >> 7
        guard reportedBlocks.count < Self.maximumWarnings, !reportedBlocks.contains(block) else { return }
        reportedBlocks.insert(block)
        onMissing?(scalar)
    }

    private func openFace(_ file: (path: String, index: Int)) -> FontFace? {
        let key = "\(file.path)#\(file.index)"
        if let face = faces[key]?.face { return face }
        guard let face = try? FontFace(library: library, file: FontLibrary.openFile(file.path), index: file.index) else {
            return nil
        }
        if faces.count >= 256 { faces = faces.filter { $0.value.face != nil } }
        faces[key] = WeakFace(face: face)
        return face
    }

    private func start() -> OpaquePointer? {
        if !started {
            started = true
            config = FcInitLoadConfigAndFonts()
        }
        return config
    }

    /// Asks fontconfig for the best font with `scalar`; nil when the best match lacks it.
    private func match(_ scalar: UInt32, bold: Bool, color: Bool, language: LanguageHint) -> (path: String, index: Int)? {
        guard let config = start(), let pattern = FcPatternCreate() else { return nil }
        queries += 1
        defer { FcPatternDestroy(pattern) }
        for family in preferredFamilies { add(pattern, FC_FAMILY, family) }
        let charset = FcCharSetCreate()
        FcCharSetAddChar(charset, scalar)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcCharSetDestroy(charset)
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? 200 : 80)  // FC_WEIGHT_BOLD, FC_WEIGHT_REGULAR
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        if color { FcPatternAddBool(pattern, FC_COLOR, 1) }
        // An explicit language keeps the choice independent of the kiosk's locale.
        add(pattern, FC_LANG, language.tag ?? "en")
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let best = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(best) }
        var coverage: OpaquePointer?
        guard FcPatternGetCharSet(best, FC_CHARSET, 0, &coverage) == FcResultMatch,
              FcCharSetHasChar(coverage, scalar) != 0 else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(best, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(best, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index))
    }

    private func add(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        value.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { _ = FcPatternAddString(pattern, object, $0) }
        }
    }
}
