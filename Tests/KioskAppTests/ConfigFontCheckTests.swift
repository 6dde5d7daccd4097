// `check-config` loads the configured fonts (issue 12): a font path of /dev/zero grew memory
// without end and a FIFO blocked forever; a file that is not a font passed the check and failed
// on the kiosk. Each is now a `file:line:column` diagnostic at the path's value, exit 65.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class ConfigFontCheckTests: XCTestCase {
    func testFontsThatDoNotLoadAreReportedAtTheirValue() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(mkfifo(dir.file("font.fifo"), 0o600), 0)
        try "not a font".write(toFile: dir.file("text.ttf"), atomically: true, encoding: .utf8)
        let config = "[theme.fonts]\nregular = \"/dev/zero\"\nbold = \"\(dir.file("font.fifo"))\"\nicon = \"\(dir.file("text.ttf"))\"\n"
        try config.write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["check-config", dir.file("k.toml")])
        XCTAssertEqual(run.status, 65)
        let file = dir.file("k.toml")
        let lines = run.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, run.standardError)
        XCTAssertEqual(lines.prefix(2), [
            "\(file):2:11: theme.fonts.regular: /dev/zero: is a character device, not a regular file",
            "\(file):3:8: theme.fonts.bold: \(dir.file("font.fifo")): is a FIFO, not a regular file",
        ])
        // FreeType's error number for a file that is no font depends on its version.
        XCTAssertTrue(lines.last?.hasPrefix("\(file):4:8: theme.fonts.icon: \(dir.file("text.ttf")): not a usable font (FreeType error ") ?? false,
                      run.standardError)
    }

    func testTheBundledFontsPass() throws {
        let fonts = FontLocator.candidateDirectories().last!
        let configuration = try KioskConfiguration.parse("[theme.fonts]\nregular = \"\(fonts)/DejaVuSans.ttf\"\n", file: "k.toml")
        XCTAssertEqual(CheckConfigCommand.fontProblems(in: configuration, source: "", file: "k.toml"), [])
    }

    func testAFontPathOfDevZeroStopsTheStartWithItsReason() throws {
        let dir = try TemporaryDirectory()
        try "[theme.fonts]\nregular = \"/dev/zero\"\n".write(toFile: dir.file("k.toml"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["screenshot", "--output", dir.file("x.png"), "--config", dir.file("k.toml")])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.standardError, "cannot start: /dev/zero: is a character device, not a regular file\n")
    }
}
