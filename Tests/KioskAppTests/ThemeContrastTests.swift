// The high-contrast preset (issue 25): every text colour the UI draws is at ≥ 7:1 (WCAG 2
// relative luminance; EN 301 549 / WCAG AAA) on every background it is drawn on. The pairs come
// from Palette.textPairs, and every colour field of Palette (found by reflection, so one added
// later is seen) must be in a pair or be declared a shape colour. Explicit `[theme]` colours
// override the preset's; the preset's first screen is a golden image.
import Canvas
import Foundation
import KioskConfig
import KioskUI
import TestSupport
import XCTest
@testable import KioskApp

final class ThemeContrastTests: XCTestCase {
    /// WCAG 2's AAA contrast for normal text.
    static let enhanced = 7.0

    func palette(_ toml: String) throws -> Palette {
        try KioskConfiguration.parse(toml, file: "theme.toml").theme.palette
    }

    /// The names of Palette's colour fields (a colour or a list of them).
    func colourFields(of palette: Palette) -> [String] {
        Mirror(reflecting: palette).children.compactMap { ($0.value is Color || $0.value is [Color]) ? $0.label : nil }
    }

    func testEveryColourOfThePaletteIsInATextPairOrDeclaredAShape() {
        let palette = Palette()
        let named = Set(palette.textPairs.flatMap { [$0.text, $0.background] })
        let fields = colourFields(of: palette)
        XCTAssertGreaterThanOrEqual(fields.count, 20, "reflection sees the palette's colours")
        XCTAssertEqual(fields.filter { !named.contains($0) && !Palette.shapeColours.contains($0) }, [],
                       "colours neither in Palette.textPairs nor in Palette.shapeColours: say what they are drawn on")
        XCTAssertEqual(named.union(Palette.shapeColours).subtracting(fields), [], "names that are no palette field")
    }

    func testEveryTextOfTheHighContrastPresetIsAtLeastSevenToOne() throws {
        let palette = try palette("[theme]\npreset = \"high-contrast\"\n")
        XCTAssertGreaterThanOrEqual(palette.textPairs.count, 25)
        for pair in palette.textPairs {
            XCTAssertGreaterThanOrEqual(pair.ratio, Self.enhanced, "\(pair)")
        }
        // The default theme is not held to it; its weakest pair is reported for the record.
        let standard = try self.palette("")
        print("default theme's weakest text pair: \(standard.weakestPair.map(String.init(describing:)) ?? "none")")
        XCTAssertLessThan(standard.weakestPair?.ratio ?? 21, Self.enhanced, "the default theme is the light one it was")
    }

    func testContrastRatioIsWCAGs() {
        XCTAssertEqual(Color.black.contrastRatio(with: .white), 21, accuracy: 1e-9)
        XCTAssertEqual(Color.white.contrastRatio(with: .white), 1, accuracy: 1e-9)
        // #767676 on white is the well-known 4.54:1 (the lightest grey at AA).
        XCTAssertEqual(Color(hex: 0x767676).contrastRatio(with: .white), 4.54, accuracy: 0.01)
        XCTAssertEqual(Color(hex: 0xFFFF00).contrastRatio(with: .black), 19.56, accuracy: 0.01)
        XCTAssertEqual(Color(hex: 0x007AFF).relativeLuminance, 0.211, accuracy: 0.001)
    }

    func testExplicitColoursOverrideThePresets() throws {
        let preset = try palette("[theme]\npreset = \"high-contrast\"\n")
        let mixed = try palette("[theme]\npreset = \"high-contrast\"\ntitle = \"#00FF00\"\nrow = \"#101010\"\n")
        XCTAssertEqual(mixed.title, Color(hex: 0x00FF00))
        XCTAssertEqual(mixed.row, Color(hex: 0x101010))
        XCTAssertEqual(mixed.subtitle, preset.subtitle, "the colours not given stay the preset's")
        XCTAssertEqual(mixed.sheet, preset.sheet)
        XCTAssertNotEqual(preset.title, Color(hex: 0x00FF00))
    }

    /// check-config measures what the file's colours make of the pairs the UI draws: under the
    /// high-contrast preset below 7:1 is reported at the colour's key; under any preset below
    /// 3:1 (black on black). Warnings: the file still loads (exit 0). The defaults are silent.
    func testCheckConfigWarnsAboutUnreadableColours() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        func check(_ toml: String) throws -> (status: Int32, warnings: [String]) {
            try toml.write(toFile: config, atomically: true, encoding: .utf8)
            let run = try KioskProcess(["check-config", config])
            return (run.status, run.standardError.split(separator: "\n").map(String.init).filter { $0.contains("contrast of") })
        }
        for quiet in ["", "[theme]\npreset = \"high-contrast\"\n"] {
            let run = try check(quiet)
            XCTAssertEqual(run.status, 0)
            XCTAssertEqual(run.warnings, [], "the presets as they are: \(quiet)")
        }
        let overridden = try check("[theme]\npreset = \"high-contrast\"\ntitle = \"#555555\"\n")
        XCTAssertEqual(overridden.status, 0, "a warning, not an error")
        XCTAssertTrue(overridden.warnings.contains { $0.hasPrefix(config + ":3:9: warning: theme: title on row has a contrast of") && $0.contains("below 7:1") },
                      "\(overridden.warnings)")
        let dark = try check("[theme]\ntitle = \"#000000\"\nrow = \"#000000\"\n")
        XCTAssertEqual(dark.status, 0)
        XCTAssertTrue(dark.warnings.contains { $0.hasPrefix(config + ":2:9: warning: theme: title on row has a contrast of 1.0:1, below 3:1") },
                      "\(dark.warnings)")
    }

    /// A swipe button's label is text too: under the high-contrast preset the buttons the file
    /// leaves uncoloured are black on yellow (black on light red for Delete), and a label colour
    /// the file left out is the one that stands out on the colour it gave.
    func testTheHighContrastPresetRecoloursTheButtonsTheFileLeftToIt() throws {
        func ratio(_ action: ActionConfiguration) -> Double {
            let background = Color(rgba: action.action.resolvedBackground.rgba)
            return Color(rgba: action.action.textColor.rgba).contrastRatio(with: background)
        }
        let builtIn = try KioskConfiguration.parse("[theme]\npreset = \"high-contrast\"\n", file: "theme.toml")
        let actions = builtIn.lists.flatMap { $0.leading.actions + $0.trailing.actions }
        XCTAssertGreaterThanOrEqual(actions.count, 4)
        for action in actions { XCTAssertGreaterThanOrEqual(ratio(action), Self.enhanced, action.id) }
        let standard = try KioskConfiguration.parse("", file: "theme.toml").lists.flatMap { $0.trailing.actions }
        XCTAssertLessThan(standard.map(ratio).min() ?? 21, 3, "the default preset keeps the iOS buttons (More is 1.7:1)")
        let file = try KioskConfiguration.parse("""
            [theme]
            preset = "high-contrast"
            [[lists]]
            id = "inbox"
            [[lists.trailing.actions]]
            id = "flag"
            color = "#003366"
            effect = "flag"
            [[lists.trailing.actions]]
            id = "keep"
            color = "#FF9500"
            text_color = "#FFFFFF"
            effect = "flag"
            """, file: "theme.toml").lists[0].trailing.actions
        XCTAssertEqual(file[0].action.textColor.rgba, 0xFFFF_FFFF, "white stands out on the dark blue the file gave")
        XCTAssertEqual(file[1].action.backgroundColor?.rgba, 0xFF95_00FF, "colours the file gave stay")
        XCTAssertEqual(file[1].action.textColor.rgba, 0xFFFF_FFFF)
    }

    func testAnUnknownPresetIsReportedWithItsPlace() {
        XCTAssertThrowsError(try KioskConfiguration.parse("[theme]\npreset = \"dark\"\n", file: "theme.toml")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("theme.toml:2:"), text)
            XCTAssertTrue(text.contains("high-contrast"), text)
        }
    }

    /// The preset's first screen with a section, a badge, an unread dot and the focus.
    func testHighContrastFirstScreenIsTheGolden() throws {
        let s = try Scenario("size 800x480\nat 0 key DOWN\nat 400 screenshot high-contrast.png\nat 500 end",
                             config: "[theme]\npreset = \"high-contrast\"\n")
        try s.checkGolden("high-contrast")
        let image = try s.image("high-contrast")
        XCTAssertTrue(image.matches(400, 470, 0x000000), "the list's background is the preset's black")
    }
}
