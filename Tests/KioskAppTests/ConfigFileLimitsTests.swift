// A configuration file is read only when it is a regular file of at most 1 MiB of UTF-8 text
// without NUL bytes (issue 12): `check-config /dev/zero` grew memory without end, a FIFO blocked
// forever, and a NUL byte hid the rest of the file from the checker.
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskConfig

final class ConfigFileLimitsTests: XCTestCase {
    func lines(_ path: String) -> [String] {
        do { _ = try KioskConfiguration.load(file: path); return [] } catch { return error.lines }
    }

    func testDevicesAndFIFOsAreRefusedWithoutReading() throws {
        XCTAssertEqual(lines("/dev/zero"), ["/dev/zero: cannot read configuration: is a character device, not a regular file"])
        let dir = try TemporaryDirectory()
        XCTAssertEqual(mkfifo(dir.file("kiosk.toml"), 0o600), 0)
        XCTAssertEqual(lines(dir.file("kiosk.toml")), ["\(dir.file("kiosk.toml")): cannot read configuration: is a FIFO, not a regular file"])
        XCTAssertEqual(lines(dir.path), ["\(dir.path): cannot read configuration: is a directory"])
    }

    func testAnOversizedFileIsRefused() throws {
        let dir = try TemporaryDirectory()
        let comment = "#" + String(repeating: "x", count: 1 << 20) + "\n"
        try comment.write(toFile: dir.file("big.toml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(lines(dir.file("big.toml")),
                       ["\(dir.file("big.toml")): cannot read configuration: is larger than 1 MiB, the most this file may have"])
    }

    func testANulByteIsRefusedAtItsPosition() throws {
        let dir = try TemporaryDirectory()
        // A tail zero-filled by a power cut hid an invalid section from the checker.
        let bytes = Data("[display]\nrotation = 0\n".utf8) + Data(repeating: 0, count: 8) + Data("\n[bogus]\n".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir.file("cut.toml"), contents: bytes))
        XCTAssertEqual(lines(dir.file("cut.toml")), [
            "\(dir.file("cut.toml")):3:1: NUL byte at offset 23: the file is truncated or corrupted (text files have no NUL bytes)",
        ])
    }

    func testInvalidUTF8IsRefusedAtItsPosition() throws {
        let dir = try TemporaryDirectory()
        let bytes = Data("[[lists]]\ntitle = \"caf".utf8) + Data([0xE9]) + Data("\"\n".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir.file("latin1.toml"), contents: bytes))
        XCTAssertEqual(lines(dir.file("latin1.toml")), [
            "\(dir.file("latin1.toml")):2:13: invalid UTF-8 (byte 0xE9 at offset 22); the file must be UTF-8 text",
        ])
    }

    func testAnEmptyFontPathIsNamed() {
        XCTAssertThrowsError(try KioskConfiguration.parse("[theme.fonts]\nregular = \"\"\n", file: "k.toml")) {
            XCTAssertEqual(($0 as? ConfigurationError)?.lines, ["k.toml:2:11: theme.fonts.regular must be a font file path; it is empty"])
        }
    }
}
