// Finds the fonts the app ships, wherever it was installed: the configured paths first, then
// $SWIPE_KIOSK_FONTS, the share directory next to the binary, the system share directories,
// and last the source tree it was built from (development and tests).
import Canvas
import KioskUI
import Foundation

/// Resolves the theme's font files and says where it looked when it cannot.
public enum FontLocator {
    static let requiredFile = "DejaVuSans.ttf"

    /// Candidate font directories, most specific first.
    static func candidateDirectories(executable: String = CommandLine.arguments.first ?? "") -> [String] {
        var result: [String] = []
        if let env = ProcessInfo.processInfo.environment["SWIPE_KIOSK_FONTS"], !env.isEmpty { result.append(env) }
        let exe = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        result.append(exe.appendingPathComponent("../share/swipe-kiosk/fonts").standardized.path)
        result += ["/usr/share/swipe-kiosk/fonts", "/usr/local/share/swipe-kiosk/fonts", FontLibrary.bundledFontsDirectory]
        return result
    }

    /// The bundled font set from the first directory that has it, with configured overrides applied.
    public static func fonts(regular: String?, bold: String?, icons: String?) throws -> FontFiles {
        let candidates = candidateDirectories()
        guard let dir = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/" + requiredFile) }) else {
            throw AppError.fontsMissing(searched: candidates)
        }
        var files = FontFiles.bundled(in: dir)
        if let regular { files.regular = regular }
        if let bold { files.bold = bold }
        if let icons { files.icons = icons }
        return files
    }
}
