// How the kiosk looks and feels: the `[theme]` colours, fonts and sizes and the `[haptics]`
// backend and per-event patterns. Colours are SwipeColor so they reach the renderer as they are.
import SwipeCore

/// `[theme] preset`: the colours a theme starts from; colour keys in the file override them.
public enum ThemePreset: String, Hashable, Sendable, CaseIterable {
    case standard = "default"
    /// White and yellow on black, black on yellow: every text at ≥ 7:1 contrast (WCAG AAA).
    case highContrast = "high-contrast"
}

/// `[theme]`: colours, optional font files and sizes in points.
public struct ThemeSettings: Hashable, Sendable {
    public var preset = ThemePreset.standard
    public var background = SwipeColor(rgb: 0xF2F2F7)
    public var navBar = SwipeColor(rgb: 0xF9F9F9)
    public var navTitle = SwipeColor(rgb: 0x000000)
    public var row = SwipeColor(rgb: 0xFFFFFF)
    public var separator = SwipeColor(rgb: 0xC6C6C8)
    public var title = SwipeColor(rgb: 0x000000)
    public var subtitle = SwipeColor(rgb: 0x8E8E93)
    public var accent = SwipeColor(rgb: 0x007AFF)
    public var badge = SwipeColor(rgb: 0xFF3B30)
    /// The dot in front of unread rows.
    public var unread = SwipeColor(rgb: 0x007AFF)
    /// The band of a section header, and its label.
    public var sectionHeader = SwipeColor(rgb: 0xE8E8ED)
    public var sectionTitle = SwipeColor(rgb: 0x6D6D72)

    /// Font files; nil uses the fonts that ship with the app (DejaVu Sans, Noto, MDI icons).
    public var regularFont: String?
    public var boldFont: String?
    public var iconFont: String?
    /// Installed font families preferred for text the app's fonts cannot draw (`fonts = [...]`).
    public var fontFamilies: [String] = []

    public var titleSize: Double = 17
    public var subtitleSize: Double = 15
    public var navTitleSize: Double = 20
    public var rowHeight: Double = 76
    /// The shape of a row's picture thumbnail.
    public var thumbnailShape: ThumbnailShape = .circle

    public init() {}

    /// The colours of `preset` (the standard ones are the defaults above).
    public init(preset: ThemePreset) {
        self.preset = preset
        guard preset == .highContrast else { return }
        let black = SwipeColor(rgb: 0x000000), white = SwipeColor(rgb: 0xFFFFFF), yellow = SwipeColor(rgb: 0xFFFF00)
        (background, navBar, row) = (black, black, black)
        (navTitle, title) = (white, white)
        subtitle = SwipeColor(rgb: 0xE0E0E0)
        separator = SwipeColor(rgb: 0x808080)
        (accent, badge, unread, sectionTitle) = (yellow, yellow, yellow, yellow)
        sectionHeader = SwipeColor(rgb: 0x262626)
    }

    /// Parses `#RRGGBB` (opaque) or `#RRGGBBAA`; nil when malformed.
    public static func color(parsing text: String) -> SwipeColor? {
        guard text.hasPrefix("#") else { return nil }
        let digits = text.dropFirst()
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        return digits.count == 6 ? SwipeColor(rgb: value) : SwipeColor(rgba: value)
    }
}

/// `[theme] thumbnail_shape`: how a row's picture is cut.
public enum ThumbnailShape: String, Hashable, Sendable, CaseIterable {
    case circle
    /// A square with corners rounded by a fifth of its side.
    case roundedSquare = "rounded-square"

    /// Corner radius as a fraction of the side.
    public var cornerFraction: Double { self == .circle ? 0.5 : 0.2 }
}

/// How haptic events are made felt.
public enum HapticBackendKind: String, Hashable, Sendable, CaseIterable {
    /// Linux force feedback (`EV_FF`/`FF_RUMBLE`) on an input device.
    case forcefeedback
    /// A sysfs LED, e.g. a vibrator or buzzer wired as an LED.
    case led
    /// An external command run with the event name and pattern.
    case command
    /// A short visual pulse on the screen.
    case visual
    case none
}

/// `[haptics]`.
public struct HapticsSettings: Hashable, Sendable {
    public var backend: HapticBackendKind = .visual
    /// Input device with force feedback, e.g. `/dev/input/event3` (forcefeedback backend).
    public var device: String?
    /// sysfs LED directory, e.g. `/sys/class/leds/vibrator` (led backend).
    public var ledPath: String?
    /// argv of the command backend; the event name is appended.
    public var command: [String]?
    /// Events closer together than this are dropped, in milliseconds.
    public var rateLimit: Int = 40
    /// Pattern per event (KioskHardware's defaults for those the file does not set).
    public var patterns: [HapticEvent: HapticPattern] = HapticPattern.defaults

    public init() {}

    /// The pattern of `event`.
    public func pattern(for event: HapticEvent) -> HapticPattern {
        patterns[event] ?? HapticPattern.defaults[event]!  // the defaults cover every case
    }
}
