// `[accessibility] min_text_mm` (issue 25): the display scale that gives the rows' text capitals
// of at least so many millimetres on a panel of known physical size (EDID, or `[display]
// panel_mm`); unchanged, with a log line saying why, when the size is unknown. The choice is a
// pure function (TextSizeRequirement) checked on explicit panels, then the app through replay.
import XCTest
@testable import KioskApp
@testable import KioskConfig
import KioskUI
import SwipeCore

final class TextSizeTests: XCTestCase {
    /// 4.8 mm (Section 508 402.4, ADA 707.7.2) on the default subtitle, 15 pt of DejaVu Sans.
    static let ada = TextSizeRequirement(minimumCapitalMillimetres: 4.8, textPoints: 15)

    func choose(_ pixels: (Int, Int), _ millimetres: (Int, Int), scale: Double = 1,
                _ requirement: TextSizeRequirement = ada) -> TextSizeRequirement.Choice {
        requirement.choose(scale: scale, pixels: pixels, millimetres: millimetres, maximum: 4)
    }

    func testKnownPanelsGetTheScaleThatMakesCapitalsTheMinimum() throws {
        // Panel, then the scale expected: ceil(4.8 mm × px/mm ÷ (15 × 1493/2048) × 100) / 100.
        let panels: [(name: String, pixels: (Int, Int), mm: (Int, Int), scale: Double, dpi: Double)] = [
            ("7-inch 1024x600", (1024, 600), (154, 86), 2.92, 168.9),
            ("10.1-inch 1280x800", (1280, 800), (217, 136), 2.59, 149.4),
            ("15.6-inch 1920x1080", (1920, 1080), (344, 194), 2.45, 141.4),
            ("32-inch 1920x1080", (1920, 1080), (698, 393), 1.21, 69.8),
        ]
        for panel in panels {
            let choice = choose(panel.pixels, panel.mm)
            XCTAssertEqual(choice.scale, panel.scale, accuracy: 1e-9, panel.name)
            XCTAssertEqual(try XCTUnwrap(choice.dotsPerInch), panel.dpi, accuracy: 0.05, panel.name)
            let capital = try XCTUnwrap(choice.capitalMillimetres)
            XCTAssertGreaterThanOrEqual(capital, 4.8, panel.name)
            XCTAssertLessThan(capital, 4.82, "\(panel.name): no larger than the hundredth rounding needs")
            XCTAssertTrue(choice.summary.contains("panel \(panel.mm.0)x\(panel.mm.1) mm"), choice.summary)
            XCTAssertTrue(choice.summary.contains("raised from 1"), choice.summary)
        }
        XCTAssertEqual(choose((1024, 600), (154, 86)).summary,
                       "min_text_mm = 4.8: panel 154x86 mm, 168.89 dpi, capitals 4.8 mm at scale 2.92 (raised from 1)")
    }

    func testARotatedScreenPairsTheLongSides() {
        // A portrait screen (rotation 90) on the panel EDID describes as landscape.
        XCTAssertEqual(choose((600, 1024), (154, 86)), choose((1024, 600), (154, 86)))
        XCTAssertEqual(choose((600, 1024), (86, 154)).scale, 2.92)
    }

    func testALargerConfiguredScaleIsKeptAndTheMaximumIsNotPassed() {
        let kept = choose((1280, 800), (217, 136), scale: 3)
        XCTAssertEqual(kept.scale, 3)
        XCTAssertFalse(kept.summary.contains("raised"), kept.summary)
        let watch = choose((1280, 800), (50, 31))
        XCTAssertEqual(watch.scale, 4, "never above [display] scale's maximum")
        XCTAssertTrue(watch.summary.hasSuffix("the largest scale, 4, cannot reach the minimum"), watch.summary)
    }

    func testAnUnknownSizeOrNoMinimumChangesNothingAndSaysWhy() {
        let unknown = choose((1280, 800), (0, 0), scale: 1.5)
        XCTAssertEqual(unknown.scale, 1.5)
        XCTAssertNil(unknown.dotsPerInch)
        XCTAssertEqual(unknown.summary, "min_text_mm = 4.8: the panel does not report its size (no EDID size; set [display] panel_mm): scale 1.5 unchanged")
        let off = choose((1024, 600), (154, 86), TextSizeRequirement(minimumCapitalMillimetres: 0, textPoints: 15))
        XCTAssertEqual(off.scale, 1)
        XCTAssertEqual(off.summary, "min_text_mm is off: scale 1")
    }

    func testTheAppScalesItsRowsForTheConfiguredPanel() throws {
        let script = "size 1024x600\nat 0 state a.json\nat 50 end\n"
        let min = "[accessibility]\nmin_text_mm = 4.8\n"
        let sized = try Scenario(script, config: min + "[display]\npanel_mm = \"154x86\"\n")
        let unknown = try Scenario(script, config: min)
        let plain = try Scenario(script)
        let row = try XCTUnwrap(try plain.state("a").rowFrame("inbox-1"))[3]
        XCTAssertEqual(row, 76, "[theme.sizes] row_height at scale 1")
        XCTAssertEqual(try XCTUnwrap(try sized.state("a").rowFrame("inbox-1"))[3], (76 * 2.92).rounded(), accuracy: 1,
                       "154x86 mm at 1024x600: scale 2.92")
        XCTAssertEqual(try XCTUnwrap(try unknown.state("a").rowFrame("inbox-1"))[3], row, "no size known: scale 1")
    }

    func testPanelMillimetresAndMinTextAreCheckedWithTheirPlace() {
        for (toml, message) in [
            ("[display]\npanel_mm = \"154 x 86\"\n", "k.toml:2:12: display.panel_mm must be the panel's width and height in millimetres"),
            ("[display]\npanel_mm = \"0x86\"\n", "k.toml:2:12: display.panel_mm"),
            ("[accessibility]\nmin_text_mm = -1\n", "k.toml:2:15: accessibility.min_text_mm must be between 0 and 100"),
        ] {
            XCTAssertThrowsError(try KioskConfiguration.parse(toml, file: "k.toml")) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
        XCTAssertEqual(try KioskConfiguration.parse("[display]\npanel_mm = \"154x86\"\n", file: "k.toml").display.panelMillimetres,
                       PixelSize(width: 154, height: 86))
    }
}
