// The text options an integrator sets and checks: `[theme] fonts` (preferred installed
// families, as an array in [theme] or `families` in [theme.fonts]) with its diagnostics and its
// effect on the fonts chosen, and `check-text` exiting 65 on code points no installed font has.
// Needs fonts-noto-cjk (`make deps`) for the effect and the check of CJK text.
import ArgumentParser
import Canvas
import Foundation
import KioskUI
import XCTest
@testable import KioskApp
@testable import KioskStore
@testable import KioskConfig

final class TextSettingsTests: XCTestCase {
    func testThemeFontsNamesPreferredFamiliesInEitherForm() throws {
        let short = try KioskConfiguration.parse("[theme]\nfonts = [\"Inter\", \"Noto Sans\"]\n", file: "k.toml")
        XCTAssertEqual(short.theme.fontFamilies, ["Inter", "Noto Sans"])
        let table = try KioskConfiguration.parse("[theme.fonts]\nbold = \"/b.ttf\"\nfamilies = [\"Noto Serif CJK JP\"]\n", file: "k.toml")
        XCTAssertEqual(table.theme.fontFamilies, ["Noto Serif CJK JP"])
        XCTAssertEqual(table.theme.boldFont, "/b.ttf")
        XCTAssertEqual(try KioskConfiguration.parse("", file: "k.toml").theme.fontFamilies, [])
    }

    func testThemeFontsProblemsAreReported() {
        func lines(_ source: String) -> [String] {
            do { _ = try KioskConfiguration.parse(source, file: "k.toml"); return [] } catch { return error.lines }
        }
        XCTAssertEqual(lines("[theme]\nfonts = [\"Inter\", \" \"]\n"), ["k.toml:2:19: theme.fonts[1] must name a font family, not be empty"])
        XCTAssertEqual(lines("[theme]\nfonts = [\"Inter\", 3]\n"), ["k.toml:2:19: theme.fonts[1] must be a string, not an integer"])
    }

    func testPreferredFamiliesChooseAmongInstalledFontsThatHaveTheCharacter() throws {
        try requireFonts()
        func family(preferring families: [String]) throws -> String {
            let library = try FontLibrary()
            library.useSystemFonts(preferredFamilies: families)
            let face = try library.loadFace(path: FontLibrary.bundledFontsDirectory + "/DejaVuSans.ttf")
            return try library.font(face, size: 17).runs(of: "田中").first?.font.face.familyName ?? ""
        }
        XCTAssertEqual(try family(preferring: []), "Noto Sans CJK JP")
        XCTAssertEqual(try family(preferring: ["Noto Serif CJK JP"]), "Noto Serif CJK JP")
        XCTAssertEqual(try family(preferring: ["No Such Family", "Noto Serif CJK JP"]), "Noto Serif CJK JP")
    }

    func testTheLocaleChoosesTheDesignOfIdeographsWithoutKanaOrHangul() throws {
        try requireFonts()
        func family(_ text: String, locale: String?) throws -> String {
            let library = try FontLibrary.withSystemFonts(preferring: [], locale: locale)
            let face = try library.loadFace(path: FontLibrary.bundledFontsDirectory + "/DejaVuSans.ttf")
            return try library.font(face, size: 17).runs(of: text).first?.font.face.familyName ?? ""
        }
        XCTAssertEqual(try family("直骨", locale: "zh_CN.UTF-8"), "Noto Sans CJK SC")
        XCTAssertEqual(try family("直骨", locale: "zh_SG"), "Noto Sans CJK SC")
        XCTAssertEqual(try family("直骨", locale: "zh_TW.UTF-8"), "Noto Sans CJK TC")
        XCTAssertEqual(try family("直骨", locale: "zh_HK.UTF-8"), "Noto Sans CJK TC")
        XCTAssertEqual(try family("直骨", locale: "ko_KR.UTF-8"), "Noto Sans CJK KR")
        XCTAssertEqual(try family("直骨", locale: "ja_JP.UTF-8"), "Noto Sans CJK JP")
        XCTAssertEqual(try family("直骨", locale: "de_DE.UTF-8"), "Noto Sans CJK JP", "other locales keep fontconfig's default")
        XCTAssertEqual(try family("直骨", locale: nil), "Noto Sans CJK JP")
        XCTAssertEqual(try family("ひらがな 直骨", locale: "zh_CN.UTF-8"), "Noto Sans CJK JP", "kana decide by themselves")
        XCTAssertEqual(try family("김 直骨", locale: "zh_TW.UTF-8"), "Noto Sans CJK KR", "hangul decides by itself")
        XCTAssertEqual(try family("Grüße", locale: "zh_CN.UTF-8"), "DejaVu Sans", "Latin stays in the theme's font")
    }

    func testTheAppsFontsPreferTheConfiguredFamilies() throws {
        var configuration = try KioskConfiguration.parse("[theme]\nfonts = [\"Noto Serif CJK JP\"]\n[data]\ndemo_data = false\n", file: "k.toml")
        configuration.data.demoData = false
        let options = try AppOptions.parse([])
        let app = try options.makeApplication(configuration: configuration, databasePath: ItemStore.inMemoryPath,
                                              size: (width: 320, height: 240))
        XCTAssertEqual(app.theme.library.systemFonts?.preferredFamilies, ["Noto Serif CJK JP"])
    }

    func testALatinListNeverStartsFontconfig() throws {
        let options = try AppOptions.parse([])
        let app = try options.makeApplication(configuration: .demo, databasePath: ItemStore.inMemoryPath,
                                              size: (width: 1280, height: 800))
        try ReplaySession(app: app, width: 1280, height: 800).run(untilMs: 0)  // the first frame
        XCTAssertEqual(app.theme.library.systemFonts?.queries, 0, "the demo list is Latin: fontconfig is never asked")
    }

    func testCheckTextExitsWithBadDataForCodePointsNoFontHas() throws {
        try requireFonts()
        XCTAssertNoThrow(try CheckTextCommand.parse(["田中 愛子", "Lunch 🍕", "สวัสดี"]).run())
        XCTAssertThrowsError(try CheckTextCommand.parse(["fine", "bad \u{10FFFD}"]).run()) { error in
            XCTAssertEqual((error as? ExitCode)?.rawValue, 65)
        }
    }

    func testCheckTextReadsEveryItemOfADatabase() throws {
        try requireFonts()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("check-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("items.sqlite3").path
        let store = try ItemStore(path: path)
        try store.insert((0..<1200).map {
            ItemRecord(id: ItemID(String(format: "item-%04d", $0)), listID: "inbox", title: "田中 \($0)", sortKey: Int64($0), updatedAt: 1)
        })
        XCTAssertNoThrow(try CheckTextCommand.parse(["--database", path]).run())
        var seen = 0
        try store.forEachItemText(pageSize: 500) { _ in seen += 1; return true }
        XCTAssertEqual(seen, 1200, "every item, across pages")
        try store.insert([ItemRecord(id: "item-9999", listID: "inbox", title: "ok", body: "\u{10FFFD}", sortKey: 0, updatedAt: 1)])
        XCTAssertThrowsError(try CheckTextCommand.parse(["--database", path]).run()) { error in
            XCTAssertEqual((error as? ExitCode)?.rawValue, 65)
        }
        XCTAssertThrowsError(try CheckTextCommand.parse(["--database", dir.appendingPathComponent("none").path]).run())
        XCTAssertThrowsError(try CheckTextCommand.parse([]).run(), "strings or a database are needed")
    }

    struct MissingFonts: Error, CustomStringConvertible {
        var description: String { "this test needs the Debian package fonts-noto-cjk: run make deps" }
    }

    func requireFonts() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc") else {
            throw MissingFonts()
        }
    }
}
