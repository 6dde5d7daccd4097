// Which palette colour is drawn on which, so that readability can be checked for every pair
// (issue 25: the high-contrast preset promises text at ≥ 7:1, WCAG AAA / EN 301 549), and the
// colours of that preset which `[theme]` has no key for. The pairs are listed here, beside the
// palette, from the drawing code (RowRenderer, SheetView, ToastView, IdentifyBanner, NavigationBar,
// DetailPage, OutOfServicePage, the empty list): a colour added to Palette must be put either in
// `textPairs` or in `shapeColours`, and ThemeContrastTests fails until it is.
import Canvas

/// One text colour on one background it is drawn on.
public struct ContrastPair: Sendable, CustomStringConvertible {
    /// Palette field names: the text colour and the background it sits on.
    public var text: String
    public var background: String
    /// True when the background is the keyboard focus's accent tint over `background`.
    public var focused: Bool
    public var textColor: Color
    public var backgroundColor: Color

    /// The WCAG contrast ratio of the pair as drawn: a text colour with alpha is blended over
    /// its background first (white at 12 % alpha on black is grey, not white).
    public var ratio: Double { textColor.over(backgroundColor).contrastRatio(with: backgroundColor) }

    public var description: String {
        let ratio = (self.ratio * 100).rounded() / 100
        return "\(text) on \(background)\(focused ? " (focused)" : ""): \(ratio):1"
    }
}

extension Palette {
    /// The accent's share of the keyboard focus's tint (Theme.drawFocus).
    static let focusTint = 0.12

    /// Every (text, background) pair the UI draws with these colours. Backgrounds a row or a
    /// sheet row can be focused on appear twice: plain and under the focus tint.
    public var textPairs: [ContrastPair] {
        var pairs: [ContrastPair] = []
        func add(_ text: String, _ textColor: Color, on background: String, _ backgroundColor: Color, focusable: Bool = false) {
            pairs.append(ContrastPair(text: text, background: background, focused: false,
                                      textColor: textColor, backgroundColor: backgroundColor))
            if focusable {
                pairs.append(ContrastPair(text: text, background: background, focused: true, textColor: textColor,
                                          backgroundColor: accent.withAlpha(Self.focusTint).over(backgroundColor)))
            }
        }
        add("navTitle", navTitle, on: "navBar", navBar)
        for (name, color) in [("title", title), ("subtitle", subtitle)] {
            add(name, color, on: "row", row, focusable: true)          // list rows, the detail page
            add(name, color, on: "background", background)            // the empty list, out of service
        }
        add("title", title, on: "sheet", sheet)                          // the sheet's title
        for (name, color) in [("accent", accent), ("destructive", destructive), ("subtitle", subtitle)] {
            add(name, color, on: "sheet", sheet, focusable: true)      // sheet rows and their values
        }
        add("sectionTitle", sectionTitle, on: "sectionHeader", sectionHeader)
        add("onBadge", onBadge, on: "badge", badge)
        add("onAccent", onAccent, on: "accent", accent)                // the identify banner
        add("toastText", toastText, on: "toast", toast)
        add("accent", accent, on: "toast", toast)                      // the toast's button
        for color in avatars { add("onAvatar", onAvatar, on: "avatars", color) }
        return pairs
    }

    /// Colours drawn only as shapes (dots, lines, the dim behind a sheet), never under or as text.
    public static let shapeColours: Set<String> = ["separator", "unread", "flag", "dim"]

    /// The lowest-contrast pair.
    public var weakestPair: ContrastPair? { textPairs.min { $0.ratio < $1.ratio } }

    /// The high-contrast preset's colours that `[theme]` has no key for: white and yellow on
    /// black, black on yellow. The configurable ones come from the configuration's preset
    /// (KioskConfig's ThemeSettings), which the app lays over this.
    public static var highContrast: Palette {
        var p = Palette()
        p.onBadge = .black
        p.onAccent = .black
        p.toast = Color(hex: 0x333333)
        p.toastText = .white
        p.sheet = Color(hex: 0x1A1A1A)
        p.destructive = Color(hex: 0xFFB4B4)
        p.flag = Color(hex: 0xFFB000)
        p.onAvatar = .black
        p.avatars = [0xFFFF00, 0x00FFFF, 0xFFFFFF, 0xFFB0FF, 0xB0FFB0, 0xFFD080].map { Color(hex: $0) }
        return p
    }
}
