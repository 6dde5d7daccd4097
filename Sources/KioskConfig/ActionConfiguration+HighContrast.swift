// The high-contrast preset's swipe buttons. `[theme] preset = "high-contrast"` promises text at
// 7:1 or more, and a button's label is text: the standard buttons (white on orange, on grey, on
// red) are 1.7:1 to 3.6:1. So, under that preset, what the file leaves to the app is recoloured:
// black on yellow for an ordinary button, black on light red for a destructive one, and a label
// colour the file did not give is black or white, whichever stands out on the button it did give.
// Colours the file gives stay as given; `check-config` measures them (CheckConfigCommand+Contrast).
import SwipeCore

extension ListConfiguration {
    /// This list with its buttons recoloured for the high-contrast preset.
    func withHighContrastActions() -> ListConfiguration {
        var list = self
        for side in [\ListConfiguration.leading, \ListConfiguration.trailing] {
            list[keyPath: side].actions = list[keyPath: side].actions.map { $0.withHighContrastColours() }
        }
        return list
    }
}

extension ActionConfiguration {
    static let highContrastButton = SwipeColor(rgb: 0xFFFF00)
    static let highContrastDestructiveButton = SwipeColor(rgb: 0xFFB4B4)

    func withHighContrastColours() -> ActionConfiguration {
        var configured = self
        let (background, text) = fileColours
        if !background {
            configured.action.backgroundColor = text && Self.isLight(action.textColor)
                ? SwipeColor(rgb: 0x000000)
                : action.style == .destructive ? Self.highContrastDestructiveButton : Self.highContrastButton
        }
        if !text {
            configured.action.textColor = Self.isLight(configured.action.resolvedBackground) ? SwipeColor(rgb: 0x000000) : SwipeColor(rgb: 0xFFFFFF)
        }
        return configured
    }

    /// Light enough that black reads better on it than white (relative luminance above 0.179,
    /// where the two contrasts are equal).
    static func isLight(_ color: SwipeColor) -> Bool { color.relativeLuminance > 0.179 }
}
