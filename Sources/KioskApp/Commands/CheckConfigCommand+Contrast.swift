// `check-config` warns when the colours a file sets make text hard to read, measured on the pairs
// the UI really draws (Palette.textPairs): under `preset = "high-contrast"` every pair must keep
// the 7:1 the preset promises (WCAG AAA, what EN 301 549 asks of a closed product's text); under
// the default preset a pair the file takes below 3:1 and below the preset's own (black on black,
// a title in the row's colour) is reported: the default's grey subtitle (2.8:1, the iOS look)
// is the integrator's starting point, not their mistake. A warning, not an error: the
// configuration still loads, as the panel's owner chose.
import Canvas
import Foundation
import KioskConfig

extension CheckConfigCommand {
    /// The least contrast any text may have, and the least the high-contrast preset keeps.
    static let leastContrast = 3.0
    static let highContrastLeast = 7.0

    /// One warning per text colour on a background below the floor, at the key the file set
    /// (the text colour's, else the background's, else `[theme]`). `textPairs` lists the same pairs in the same
    /// order for any palette, so the preset's own pairs line up with the file's.
    static func contrastWarnings(in configuration: KioskConfiguration, source: String, file: String) -> [ConfigDiagnostic] {
        let map = ConfigSourceMap(source: source)
        let highContrast = configuration.theme.preset == .highContrast
        let floor = highContrast ? highContrastLeast : leastContrast
        let preset = ThemeSettings(preset: configuration.theme.preset).palette.textPairs
        var seen: Set<String> = []
        var warnings: [ConfigDiagnostic] = []
        for (pair, own) in zip(configuration.theme.palette.textPairs, preset)
        where pair.ratio < floor && (highContrast || pair.ratio < own.ratio - 0.01) && seen.insert(pair.text + "/" + pair.background).inserted {
            // At the key the file set: the text colour's, else the background's, else [theme].
            let theme = ConfigPath().appending("theme")
            let keys = [pair.text, pair.background].map(snakeCase).filter(ThemeSettings.colorKeyNames.contains).map { theme.appending($0) }
            let position = keys.map(map.valuePosition).first { $0 != map.valuePosition(theme) } ?? map.valuePosition(theme)
            let ratio = (pair.ratio * 100).rounded() / 100
            let pairName = "\(named(pair.text)) on \(named(pair.background))\(pair.focused ? " (the focused row's tint)" : "")"
            warnings.append(ConfigDiagnostic(
                file: file, position: position,
                message: "warning: theme: \(pairName) has a contrast of \(ratio):1, below \(Int(floor)):1"
                    + (highContrast ? ", the least the high-contrast preset keeps" : "; it is hard to read")))
        }
        if highContrast { warnings += actionContrastWarnings(in: configuration, map: map, file: file) }
        return warnings
    }

    /// Under the high-contrast preset, each swipe action's label (`text_color` over its button's
    /// `color`, or the style's default) below 7:1: the preset recolours text on the theme's
    /// colours, not the buttons, whose colours are the list's.
    private static func actionContrastWarnings(in configuration: KioskConfiguration, map: ConfigSourceMap, file: String) -> [ConfigDiagnostic] {
        var warnings: [ConfigDiagnostic] = []
        for (index, list) in configuration.lists.enumerated() {
            for (sideName, side) in [("leading", list.leading), ("trailing", list.trailing)] {
                for (number, configured) in side.actions.enumerated() {
                    let action = configured.action
                    let background = Color(rgba: action.resolvedBackground.rgba)
                    let text = Color(rgba: action.textColor.rgba).over(background)
                    let ratio = (text.contrastRatio(with: background) * 100).rounded() / 100
                    guard ratio < highContrastLeast else { continue }
                    let path = ConfigPath().appending("lists").appending(index: index).appending(sideName).appending("actions").appending(index: number)
                    warnings.append(ConfigDiagnostic(
                        file: file, position: map.valuePosition(path.appending(action.backgroundColor == nil ? "text_color" : "color")),
                        message: "warning: \(path) (\(action.id)): its label has a contrast of \(ratio):1 on its button, below 7:1, "
                            + "the least the high-contrast preset keeps; set color and text_color"))
                }
            }
        }
        return warnings
    }

    /// A palette colour as a message names it: its `[theme]` key, or what it is (the preset's
    /// colours without a key).
    private static func named(_ field: String) -> String {
        let key = snakeCase(field)
        if ThemeSettings.colorKeyNames.contains(key) { return key }
        let described = ["sheet": "the sheet's background", "destructive": "the destructive rows' text", "onBadge": "the badge's text",
                         "onAccent": "the banner's text", "toastText": "the toast's text", "toast": "the toast's background",
                         "onAvatar": "the initials", "avatars": "the avatar colours"]
        return described[field] ?? "the preset's \(key.replacingOccurrences(of: "_", with: " ")) colour"
    }

    /// `navTitle` → `nav_title`: a palette field as `[theme]` spells its key.
    private static func snakeCase(_ name: String) -> String {
        String(name.flatMap { $0.isUppercase ? ["_", Character($0.lowercased())] : [$0] })
    }
}
