// libmosquitto (with libssl and libcrypto) and espeak-ng (with PulseAudio, X11, libsndfile and
// five codecs) are opened by the processes that use them, not mapped by every process at exec
// (SharedLibrary). The dynamic loader says what it maps when LD_DEBUG=files is set; these tests
// read that from the real binary.
import TestSupport
import XCTest

final class LibrariesOpenedWhenUsedTests: XCTestCase {
    /// What the loader mapped during `swipe-kiosk check-config` of `toml`, and how: each
    /// `file=NAME [0];  needed by …` or `… dynamically loaded by …` line.
    private func librariesMapped(checking toml: String) throws -> [String: String] {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try toml.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try KioskProcess(["check-config", config], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(run.status, 0, run.standardError)
        var mapped: [String: String] = [:]
        for line in run.standardError.split(separator: "\n") {
            guard let start = line.range(of: "file="), let end = line.range(of: " [", range: start.upperBound..<line.endIndex) else { continue }
            let name = String(line[start.upperBound..<end.lowerBound])
            if line.contains("dynamically loaded by") { mapped[name] = "opened" }
            else if line.contains("needed by"), mapped[name] == nil { mapped[name] = "needed" }
        }
        return mapped
    }

    func testAKioskThatDoesNotSpeakMapsNeitherEspeakNorMosquittoNorWhatTheyBring() throws {
        let mapped = try librariesMapped(checking: "[accessibility]\nspeech = \"off\"\n")
        // The loader did report: the libraries every process needs are there.
        XCTAssertEqual(mapped["libsqlite3.so.0"], "needed", "\(mapped.keys.sorted())")
        XCTAssertEqual(mapped["libfreetype.so.6"], "needed")
        for absent in ["libmosquitto", "libespeak-ng", "libssl", "libcrypto", "libpulse", "libX11", "libsndfile"] {
            XCTAssertFalse(mapped.keys.contains { $0.hasPrefix(absent) }, "\(absent) mapped: \(mapped.keys.sorted())")
        }
    }

    func testSpeechOpensEspeakWhenItIsFirstUsed() throws {
        // check-config asks espeak-ng whether it has the configured voice, as the app does when it speaks.
        let mapped = try librariesMapped(checking: "[accessibility]\nspeech = \"on\"\nvoice = \"de\"\n")
        XCTAssertEqual(mapped["libespeak-ng.so.1"], "opened", "\(mapped.keys.sorted())")
        XCTAssertFalse(mapped.keys.contains { $0.hasPrefix("libmosquitto") }, "\(mapped.keys.sorted())")
    }
}
