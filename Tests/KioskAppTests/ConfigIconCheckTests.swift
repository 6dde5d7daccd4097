// Action icons: every name the icon table knows draws a glyph of the shipped icon font, the
// shipped configurations use only such names, and `check-config` refuses any other at its
// value (demo.toml's "printer", "heart", "information" and "archive-arrow-up" drew empty buttons).
import Canvas
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class ConfigIconCheckTests: XCTestCase {
    func testEveryIconNameHasAGlyphInTheShippedFont() throws {
        let fonts = FontLocator.candidateDirectories().last!
        let library = try FontLibrary()
        let icons = IconFont(font: try library.font(try library.loadFace(path: fonts + "/materialdesignicons-webfont.ttf"), size: 24))
        for (name, code) in IconFont.codepoints {
            XCTAssertGreaterThan(icons.icon(code).width, 0, "\(name) (U+\(String(code, radix: 16))) has no glyph")
        }
    }

    func testTheShippedConfigurationsUseKnownIcons() throws {
        for name in ["example.toml", "demo.toml"] {
            let file = ConfigLoadingTests.example(name)
            let source = try KioskConfiguration.readSource(file)
            let configuration = try KioskConfiguration.parse(source, file: file)
            XCTAssertEqual(CheckConfigCommand.iconProblems(in: configuration, source: source, file: file).map(\.description), [])
        }
    }

    func testAnUnknownIconIsRefusedAtItsValue() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file("k.toml")
        try """
            [[lists]]
            id = "inbox"
            [[lists.trailing.actions]]
            id = "print"
            icon = "printer-3d"
            effect = "flag"
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try KioskProcess(["check-config", file])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertTrue(run.standardError.hasPrefix("\(file):5:8: lists[0].trailing.actions[0].icon: unknown icon \"printer-3d\"; known: "),
                      run.standardError)
        XCTAssertTrue(run.standardError.contains("printer"), run.standardError)
    }
}
