// libmosquitto (with libssl and libcrypto), espeak-ng (with PulseAudio, X11, libsndfile and
// five codecs) and libasound are opened by the processes that use them, not mapped by every
// process at exec (SharedLibrary), and libsystemd (with libgcrypt and five more) is not used at
// all (NotifySocket). The dynamic loader says what it maps when LD_DEBUG=files is set; these
// tests read that from the real binary.
import Foundation
import TestSupport
import XCTest

final class LibrariesOpenedWhenUsedTests: XCTestCase {
    /// What the loader mapped during `swipe-kiosk check-config` of `toml` (or, given `script`,
    /// a replay of it with that configuration), and how: each `file=NAME [0];  needed by …` or
    /// `… dynamically loaded by …` line.
    private func librariesMapped(checking toml: String, replaying script: String? = nil) throws -> [String: String] {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try toml.write(toFile: config, atomically: true, encoding: .utf8)
        var arguments = ["check-config", config]
        if let script {
            try script.write(toFile: directory.file("s.touch"), atomically: true, encoding: .utf8)
            arguments = ["replay", directory.file("s.touch"), "--config", config, "--demo", "--out", directory.path]
        }
        let run = try KioskProcess(arguments, environment: ["LD_DEBUG": "files"])
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

    func testEspeakIsOpenedWhenSpeechFirstStartsAndNeverWithoutIt() throws {
        // A replay gives the app an audio output (a recording) whatever the configuration says.
        let key = "size 640x400\nat 0 key Down\nat 100 state s.json\nat 200 end\n"
        let noKey = "size 640x400\nat 100 state s.json\nat 200 end\n"
        for (speech, script, opened) in [("off", key, false), ("on-demand", noKey, false), ("on-demand", key, true), ("on", noKey, true)] {
            let mapped = try librariesMapped(checking: "[accessibility]\nspeech = \"\(speech)\"\n", replaying: script)
            XCTAssertEqual(mapped["libsqlite3.so.0"], "needed", "\(mapped.keys.sorted())")
            XCTAssertEqual(mapped["libespeak-ng.so.1"] == "opened", opened, "speech \(speech), \(script == key ? "a key" : "no key")")
            XCTAssertFalse(mapped.keys.contains { $0.hasPrefix("libmosquitto") })
            // A replay plays on no sound card: ALSA is mapped, if at all, for espeak-ng's sake.
            if !opened { XCTAssertNil(mapped["libasound.so.2"], "speech \(speech)") }
        }
    }

    func testAKioskThatDoesNotSpeakMapsNeitherEspeakNorMosquittoNorWhatTheyBring() throws {
        let mapped = try librariesMapped(checking: "[accessibility]\nspeech = \"off\"\n")
        // The loader did report: the libraries every process needs are there.
        XCTAssertEqual(mapped["libsqlite3.so.0"], "needed", "\(mapped.keys.sorted())")
        XCTAssertEqual(mapped["libfreetype.so.6"], "needed")
        for absent in ["libmosquitto", "libespeak-ng", "libssl", "libcrypto", "libpulse", "libX11", "libsndfile", "libasound",
                       "libsystemd", "libgcrypt", "libgpg-error", "liblz4", "libzstd", "liblzma", "libcap"] {
            XCTAssertFalse(mapped.keys.contains { $0.hasPrefix(absent) }, "\(absent) mapped: \(mapped.keys.sorted())")
        }
    }

    func testSpeechOpensEspeakWhenItIsFirstUsed() throws {
        // check-config asks espeak-ng whether it has the configured voice, as the app does when it speaks.
        let mapped = try librariesMapped(checking: "[accessibility]\nspeech = \"on\"\nvoice = \"de\"\n")
        XCTAssertEqual(mapped["libespeak-ng.so.1"], "opened", "\(mapped.keys.sorted())")
        XCTAssertFalse(mapped.keys.contains { $0.hasPrefix("libmosquitto") }, "\(mapped.keys.sorted())")
    }

    /// A directory whose `soname` is an empty file: with it first on LD_LIBRARY_PATH, dlopen
    /// finds a broken library, as on a panel where the package is damaged or missing.
    private func broken(_ soname: String = "libespeak-ng.so.1", in directory: TemporaryDirectory) throws -> [String: String] {
        let libraries = directory.file("lib")
        try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: libraries + "/" + soname, contents: Data()))
        return ["LD_LIBRARY_PATH": libraries]
    }

    /// `doctor` on a kiosk whose `[accessibility] speech` is `speech`, with `soname` broken (nil: none).
    private func doctor(speech: String, breaking soname: String?) throws -> KioskProcess {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try "[accessibility]\nspeech = \"\(speech)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        return try KioskProcess(["doctor", "--config", config, "--database", directory.file("items.sqlite3")],
                                environment: try soname.map { try broken($0, in: directory) } ?? [:])
    }

    func testDoctorSaysWhetherSpeechCanStartAndWhatToInstall() throws {
        let fine = try doctor(speech: "on", breaking: nil)
        XCTAssertTrue(fine.standardOutput.contains("ok    speech: espeak-ng starts, ALSA's libasound.so.2 loads"), fine.standardOutput)
        let noEspeak = try doctor(speech: "on", breaking: "libespeak-ng.so.1")
        assertFails(noEspeak, saying: ["FAIL  speech: cannot load libespeak-ng.so.1: ", "fix: sudo apt install libespeak-ng1 espeak-ng-data"])
        XCTAssertFalse(noEspeak.standardOutput.contains("libasound.so.2"), noEspeak.standardOutput)
    }

    func testDoctorSaysWhetherALSALoadsAndWhatToInstall() throws {
        assertFails(try doctor(speech: "on-demand", breaking: "libasound.so.2"),
                    saying: ["FAIL  speech: cannot load libasound.so.2: ", "install the libasound2 package",
                             "fix: sudo apt install libasound2, or set"])
    }

    /// `run` exited 65 (EX_DATAERR) and printed each of `lines`.
    private func assertFails(_ run: KioskProcess, saying lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 65, run.standardOutput, file: file, line: line)
        for text in lines { XCTAssertTrue(run.standardOutput.contains(text), "\(text) in \(run.standardOutput)", file: file, line: line) }
    }

    func testAKioskWhoseSpeechCannotStartSaysSoOnceAtStartAndGoesOnSilent() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try "[accessibility]\nspeech = \"on\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        // Nothing is said after the first frame: the failure must not wait for a second utterance.
        try "size 640x400\nat 0 state first\nat 500 end\n".write(toFile: directory.file("idle.touch"), atomically: true, encoding: .utf8)
        let run = try KioskProcess(["replay", directory.file("idle.touch"), "--out", directory.path, "--config", config, "--demo",
                                    "--audio-out", directory.file("speech.wav")],
                                   environment: try broken(in: directory))
        XCTAssertEqual(run.status, 0, run.standardError)
        let reports = run.standardError.components(separatedBy: "swipe-kiosk: speech: cannot load libespeak-ng.so.1: ").count - 1
        XCTAssertEqual(reports, 1, run.standardError)
        XCTAssertTrue(run.standardError.contains("install the libespeak-ng1 package"), run.standardError)
    }
}
