// `swipe-kiosk check-text [--database FILE] [TEXT…]` (docs/ARCHITECTURE.md, Command line): shows which
// font draws each run of each string (the given ones, or every item's title, subtitle and
// body), so content is checked before a kiosk is deployed. Exits 65 naming the first item
// (or string) and the code points that no installed font has. It also reports, per item, text
// that can pass for other text (issue 28): bidi controls, zero-width characters and words that
// mix look-alike alphabets (SpoofingScan); those exit 65 as well.
import ArgumentParser
import Canvas
import Foundation
import KioskFiles
import KioskStore
import KioskUI

struct CheckTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-text",
        abstract: "Show which font draws each run of text; exit 65 if some character has no installed font, or on bidi controls, zero-width characters or mixed look-alike scripts.")

    /// --config (its [theme] fonts) and --database (check every item's title, subtitle and body).
    @OptionGroup var options: AppOptions

    @Argument(help: "Strings to check.")
    var text: [String] = []

    func validate() throws {
        if options.database == nil && text.isEmpty { throw ValidationError("give strings to check or --database FILE") }
    }

    func run() throws {
        let configuration = try options.loadConfiguration()
        let theme: Theme
        do {
            let t = configuration.theme
            let files = try FontLocator.fonts(regular: t.regularFont, bold: t.boldFont, icons: t.iconFont)
            let library = try FontLibrary.withSystemFonts(preferring: t.fontFamilies)
            library.systemFonts?.onMissing = nil  // reported below, per string
            theme = try Theme(fonts: files, library: library)
        } catch let error as AppError {
            printError(error.description)
            throw ExitCode(error.exitStatus)
        } catch {
            printError("cannot load the fonts: \(error)")
            throw ExitCode.badData
        }
        var report = MissingReport()
        for (i, string) in text.enumerated() {
            report.check(string, named: "text \(i + 1)", font: theme.body)
        }
        if let database = options.database { try checkDatabase(database, theme: theme, report: &report) }
        if let first = report.first {
            printError("check-text: \(first.name): no installed font has \(CodePoints.list(first.missing))")
            printError("check-text: \(report.failures) string\(report.failures == 1 ? "" : "s") with missing characters")
        }
        if let first = report.firstSpoofing {
            printError("check-text: \(first.name): \(first.findings.map(\.description).joined(separator: "; "))")
            printError("check-text: \(report.spoofing) string\(report.spoofing == 1 ? "" : "s") that can pass for other text")
        }
        if report.first != nil || report.firstSpoofing != nil { throw ExitCode.badData }
    }

    private func checkDatabase(_ path: String, theme: Theme, report: inout MissingReport) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            printError("\(path): no such database")
            throw ExitCode.badData
        }
        do throws(StoreError) {
            let store = try ItemStore(readingOnly: path)
            try store.forEachItemText { item in
                report.check(item.title, named: "item \(item.id) title", font: theme.title)
                report.check(item.subtitle, named: "item \(item.id) subtitle", font: theme.subtitle)
                report.check(item.body, named: "item \(item.id) body", font: theme.body)
                report.check(item.section, named: "item \(item.id) section", font: theme.sectionTitle)
                return true
            }
        } catch {
            throw ExitCode.refused(error, database: path)
        }
    }
}

/// The runs of each checked string, printed, the first one with characters no font has, and
/// the first one that can pass for other text.
struct MissingReport {
    private(set) var first: (name: String, missing: [UInt32])?
    private(set) var failures = 0
    private(set) var firstSpoofing: (name: String, findings: [SpoofingFinding])?
    private(set) var spoofing = 0

    /// The most font runs printed for one text.
    static let runLines = 40

    /// Prints `name` and the font of each run of `string`; remembers code points no font has.
    mutating func check(_ string: String, named name: String, font: Font) {
        guard !string.isEmpty else { return }
        print("\(name):")
        var missing: [UInt32] = []
        let runs = font.runs(of: string)
        for (index, run) in runs.enumerated() {
            // At most `runLines` runs are printed: 20,000 emoji in one title alternate fonts 40,000 times.
            if index == Self.runLines {
                print("  … \(runs.count - index) more runs")
            }
            if index >= Self.runLines {
                missing += run.missing
                continue
            }
            let file = (run.font.face.name as NSString).lastPathComponent
            // A run is printed up to 200 scalars: a 10 MB title is a line, not 10 MB of output.
            let scalars = run.text.unicodeScalars.count
            let shown = run.text.shown(atMost: 200) + (scalars > 200 ? " (\(scalars) code points)" : "")
            var line = "  \(run.font.face.familyName) (\(file)): \(shown)"
            if !run.missing.isEmpty {
                line += "  [no font: \(CodePoints.list(run.missing, separator: " "))]"
                missing += run.missing
            }
            print(line)
        }
        let findings = SpoofingScan.findings(in: string)
        for finding in findings { print("  suspicious: \(finding)") }
        if !findings.isEmpty {
            spoofing += 1
            if firstSpoofing == nil { firstSpoofing = (name, findings) }
        }
        guard !missing.isEmpty else { return }
        failures += 1
        if first == nil { first = (name, missing) }
    }
}
