// The configured theme in the UI's terms: colours as renderer colours, sizes as metrics.
import Canvas
import KioskConfig
import KioskUI
import SwipeCore

extension ThemeSettings {
    /// The colours the UI draws with: the preset's, with the file's colour keys over them.
    public var palette: Palette {
        func c(_ color: SwipeColor) -> Color { Color(rgba: color.rgba) }
        // The preset's colours `[theme]` has no key for; the configurable ones follow.
        var p = preset == .highContrast ? Palette.highContrast : Palette()
        p.background = c(background)
        p.navBar = c(navBar)
        p.navTitle = c(navTitle)
        p.row = c(row)
        p.separator = c(separator)
        p.title = c(title)
        p.subtitle = c(subtitle)
        p.accent = c(accent)
        p.badge = c(badge)
        p.unread = c(unread)
        p.sectionHeader = c(sectionHeader)
        p.sectionTitle = c(sectionTitle)
        return p
    }

    /// `[accessibility] min_text_mm` measured on the rows' smaller text (title or subtitle).
    func textSizeRequirement(minimumCapitalMillimetres: Double) -> TextSizeRequirement {
        TextSizeRequirement(minimumCapitalMillimetres: minimumCapitalMillimetres, textPoints: min(titleSize, subtitleSize))
    }

    var metrics: Metrics {
        var m = Metrics()
        m.titleSize = titleSize
        m.subtitleSize = subtitleSize
        m.navTitleSize = navTitleSize
        m.rowHeight = rowHeight
        m.thumbnailCornerFraction = thumbnailShape.cornerFraction
        return m
    }
}
