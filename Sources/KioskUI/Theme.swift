// Colours, fonts and metrics of the UI in one value, built once from font files. Integrators
// change it through the configuration; widgets only read it.
import Canvas
import SwipeCore

/// Where the theme's fonts come from.
public struct FontFiles: Sendable {
    public var regular: String
    public var bold: String
    public var icons: String
    /// Faces tried when the primary face lacks a character (Arabic, Hebrew…).
    public var fallbacks: [String]

    public init(regular: String, bold: String, icons: String, fallbacks: [String] = []) {
        self.regular = regular
        self.bold = bold
        self.icons = icons
        self.fallbacks = fallbacks
    }

    /// The fonts shipped in `directory` (the repository's `Sources/Canvas/Fonts` or an install dir).
    public static func bundled(in directory: String) -> FontFiles {
        FontFiles(
            regular: directory + "/DejaVuSans.ttf", bold: directory + "/DejaVuSans-Bold.ttf",
            icons: directory + "/materialdesignicons-webfont.ttf",
            fallbacks: [directory + "/NotoSansArabic-Regular.ttf", directory + "/NotoSansHebrew-Regular.ttf"])
    }
}

/// Colours of the UI.
public struct Palette: Sendable {
    public var background = Color(hex: 0xF2F2F7)
    public var navBar = Color(hex: 0x2C3E50)
    public var navTitle = Color.white
    public var row = Color.white
    public var separator = Color(hex: 0xC6C6C8)
    public var title = Color.black
    public var subtitle = Color(hex: 0x8E8E93)
    public var accent = Color(hex: 0x007AFF)
    public var badge = Color(hex: 0x007AFF)
    /// Text on the badge pill, on the accent band (identify banner), on the toast, on avatars.
    public var onBadge = Color.white
    public var onAccent = Color.white
    public var toastText = Color.white
    public var onAvatar = Color.white
    /// A destructive sheet row's label.
    public var destructive = Color(hex: 0xFF3B30)
    public var unread = Color(hex: 0x007AFF)
    public var flag = Color(hex: 0xFF9500)
    public var dim = Color.black
    public var sheet = Color.white
    public var toast = Color(hex: 0x323232)
    /// The band of a section header, and its label.
    public var sectionHeader = Color(hex: 0xE8E8ED)
    public var sectionTitle = Color(hex: 0x6D6D72)
    public var avatars: [Color] = [0x5856D6, 0x34C759, 0xFF2D55, 0xAF52DE, 0x5AC8FA, 0xFF9500].map { Color(hex: $0) }

    public init() {}
}

/// Sizes in pixels. The defaults are points of a 1x panel; `scaled(by:)` turns them into the
/// pixels of a HiDPI one. The UI lays out in screen pixels with these scaled lengths, so a touch
/// (in screen pixels too) hits what is drawn under it without any conversion, and the Painter
/// and the input path stay untouched: one factor, applied once where lengths are made.
public struct Metrics: Sendable {
    /// Pixels per point (`[display] scale`): every other length here is already multiplied by it;
    /// widgets multiply their own literal lengths by it through `Theme.px`.
    public private(set) var scale = 1.0
    public var navBarHeight = 64.0
    public var rowHeight = 72.0
    public var avatarRadius = 20.0
    /// Corner radius of a row's picture thumbnail as a fraction of its side: 0.5 is a circle
    /// (the initial avatar's shape), less a rounded square (`[theme] thumbnail_shape`).
    public var thumbnailCornerFraction = 0.5
    public var titleSize = 17.0
    public var subtitleSize = 14.0
    public var navTitleSize = 22.0
    public var badgeSize = 13.0
    public var actionTitleSize = 15.0
    public var iconSize = 24.0
    public var bodySize = 16.0
    public var sectionHeaderHeight = 28.0
    public var sectionTitleSize = 13.0

    public init() {}

    /// These metrics with every length multiplied by `factor` (the corner fraction is a ratio).
    public func scaled(by factor: Double) -> Metrics {
        var m = self
        m.scale = scale * factor
        for length in Self.lengths { m[keyPath: length] *= factor }
        return m
    }

    /// The fields that are lengths.
    static var lengths: [WritableKeyPath<Metrics, Double>] { [
        \.navBarHeight, \.rowHeight, \.avatarRadius, \.titleSize, \.subtitleSize, \.navTitleSize, \.badgeSize,
        \.actionTitleSize, \.iconSize, \.bodySize, \.sectionHeaderHeight, \.sectionTitleSize,
    ] }
}

/// Everything widgets need to draw.
public final class Theme {
    public let palette: Palette
    public let metrics: Metrics
    public let library: FontLibrary
    public let title: Font
    public let subtitle: Font
    public let navTitle: Font
    public let badge: Font
    public let actionTitle: Font
    public let body: Font
    public let bodyBold: Font
    public let sectionTitle: Font
    public let icons: IconFont
    public let largeIcons: IconFont
    /// Decoded item pictures (the app's cache); nil: items show their placeholders.
    public var pictures: PictureSource?

    /// `points` in pixels at the theme's scale: how widgets size their literal lengths.
    @inline(__always)
    public func px(_ points: Double) -> Double { points * metrics.scale }

    /// Loads the fonts. Throws a `CanvasError` naming the file when one is missing or corrupt.
    public init(fonts: FontFiles, palette: Palette = Palette(), metrics: Metrics = Metrics(), library: FontLibrary) throws {
        self.palette = palette
        self.metrics = metrics
        self.library = library
        let regular = try library.loadFace(path: fonts.regular)
        let bold = try library.loadFace(path: fonts.bold)
        let icon = try library.loadFace(path: fonts.icons)
        let extra = try fonts.fallbacks.map { try library.loadFace(path: $0) }
        func make(_ face: FontFace, _ size: Double) throws -> Font {
            let font = try library.font(face, size: size)
            font.fallbacks = try extra.map { try library.font($0, size: size) }
            return font
        }
        title = try make(bold, metrics.titleSize)
        subtitle = try make(regular, metrics.subtitleSize)
        navTitle = try make(bold, metrics.navTitleSize)
        badge = try make(bold, metrics.badgeSize)
        actionTitle = try make(regular, metrics.actionTitleSize)
        body = try make(regular, metrics.bodySize)
        bodyBold = try make(bold, metrics.bodySize + 4 * metrics.scale)
        sectionTitle = try make(bold, metrics.sectionTitleSize)
        icons = IconFont(font: try library.font(icon, size: metrics.iconSize))
        largeIcons = IconFont(font: try library.font(icon, size: metrics.iconSize * 1.5))
    }
}

extension Theme {
    /// The focus on the row band `band` (already cut to the row's drawn height): the row tinted
    /// with the theme's accent and a 3 pt accent ring inside its edges (Material's focus ring,
    /// iOS's tinted focused cell), fixed on the band whatever the swipe offset, so an opened row
    /// shows its focus too. Drawn only inside the band, so a row's damage covers it. List rows
    /// and sheet rows (KioskUI's two keyboard foci) draw it alike.
    func drawFocus(_ painter: Painter, band: Rect, rowHeight: Double) {
        guard band.height >= 0.5 else { return }
        let px = self.px, ring = px(3), inset = px(2) + ring / 2
        painter.withSavedState {
            painter.clip(to: band)
            painter.fill(band, color: palette.accent.withAlpha(0.12))
            let outline = Rect(x: band.x + inset, y: band.y + inset,
                               width: max(0, band.width - 2 * inset), height: max(0, rowHeight - 2 * inset))
            painter.strokeRoundedRect(outline, radii: CornerRadii(px(8)), width: ring, color: palette.accent)
        }
    }
}
