// `check-config` warns when the colours a file sets make text hard to read, measured on the pairs
// the UI really draws (Palette.textPairs): under `preset = "high-contrast"` every pair must keep
// the 7:1 the preset promises (WCAG AAA, what EN 301 549 asks of a closed product's text); under
// the default preset a pair the file takes below 3:1 and below the preset's own (black on black,
// a title in the row's colour) is reported: the default's grey subtitle (2.8:1, the iOS look)
// is the integrator's starting point, not their mistake. A warning, not an error: the
// configuration still loads, as the panel's owner chose.
import KioskApp
import KioskConfig

extension CheckConfigCommand {
    /// The least contrast any text may have, and the least the high-contrast preset keeps.
    static let leastContrast = 3.0
    static let highContrastLeast = 7.0

    /// One warning per text colour on a background below the floor, at the text colour's key
    /// when the file sets it (else at `[theme]`). `textPairs` lists the same pairs in the same
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
            let key = ConfigPath().appending("theme").appending(snakeCase(pair.text))
            let ratio = (pair.ratio * 100).rounded() / 100
            warnings.append(ConfigDiagnostic(
                file: file, position: map.valuePosition(key),
                message: "warning: theme: \(snakeCase(pair.text)) on \(snakeCase(pair.background)) has a contrast of \(ratio):1, below \(Int(floor)):1"
                    + (highContrast ? ", the least the high-contrast preset keeps" : "; it is hard to read")))
        }
        return warnings
    }

    /// `navTitle` → `nav_title`: a palette field as `[theme]` spells its key.
    private static func snakeCase(_ name: String) -> String {
        String(name.flatMap { $0.isUppercase ? ["_", Character($0.lowercased())] : [$0] })
    }
}
