// `check-config` loads the font files a configuration names, the way the app loads them at start
// (a regular file of at most 64 MiB that FreeType accepts as a font), and reports one that does
// not at its value as `file:line:column: message`, so a bad path fails the check, not the kiosk.
import Canvas
import KioskConfig

extension CheckConfigCommand {
    /// The configured font keys of `[theme.fonts]` and their paths.
    static func configuredFonts(_ theme: ThemeSettings) -> [(key: String, path: String)] {
        [("regular", theme.regularFont), ("bold", theme.boldFont), ("icon", theme.iconFont)].compactMap { key, path in
            path.map { (key, $0) }
        }
    }

    /// One diagnostic per configured font that cannot be loaded, in key order.
    static func fontProblems(in configuration: KioskConfiguration, source: String, file: String) -> [ConfigDiagnostic] {
        let fonts = configuredFonts(configuration.theme)
        guard !fonts.isEmpty else { return [] }
        let map = ConfigSourceMap(source: source)
        let library: FontLibrary
        do { library = try FontLibrary() } catch {
            return [ConfigDiagnostic(file: file, position: .start, message: "cannot check fonts: \(error)")]
        }
        return fonts.compactMap { key, path in
            do {
                _ = try library.loadFace(path: path)
                return nil
            } catch {
                let at = map.valuePosition(ConfigPath().appending("theme").appending("fonts").appending(key))
                return ConfigDiagnostic(file: file, position: at, message: "theme.fonts.\(key): \(error)")
            }
        }
    }
}
