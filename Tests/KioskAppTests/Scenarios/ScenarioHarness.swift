// Runs `swipe-kiosk replay` in-process on a script (and optional configuration) in a fresh
// directory, and reads back the PNGs and state dumps it wrote: the scenario tests' view of the
// app is exactly what an integrator's tooling sees. Screenshots can be checked against golden
// images in References/.
import Canvas
import Foundation
import GoldenImages
import KioskConfig
import XCTest
@testable import KioskApp

/// The output of one replay.
struct Scenario {
    let directory: URL

    /// Replays `script`; `config` is TOML text (nil: defaults); `database` a path (nil: fresh);
    /// `audio`: with `--audio-out` (read back by `audio()`).
    /// The demo items most scenarios swipe are asked for with --demo, unless `config` sets
    /// `demo_data` itself (then the configuration decides, as it does on a panel).
    init(_ script: String, config: String? = nil, database: String? = nil, arguments extra: [String] = [],
         audio: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let scriptPath = directory.appendingPathComponent("script.touch").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        var arguments = [scriptPath, "--out", directory.path, "--state", directory.appendingPathComponent("final.json").path]
        if let config {
            let configPath = directory.appendingPathComponent("config.toml").path
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
            arguments += ["--config", configPath]
        }
        if let database { arguments += ["--database", database] }
        if audio { arguments += ["--audio-out", directory.appendingPathComponent("speech.wav").path] }
        if config?.contains("demo_data") != true { arguments.append("--demo") }
        arguments += extra
        let command = try ReplayCommand.parse(arguments)
        try command.run()
    }

    /// A state dump written by the script (or `final`).
    func state(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    func image(_ name: String) throws -> Surface {
        try PNG.read(path: directory.appendingPathComponent(name + ".png").path)
    }

    func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name + ".png"))
    }

    /// The WAV file `--audio-out` wrote (`audio: true`).
    func audio() throws -> Data { try Data(contentsOf: directory.appendingPathComponent("speech.wav")) }

    static let references = GoldenImage(
        directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/References")

    /// Fails when the screenshot `name` differs from References/`name`.png (GoldenImage's
    /// tolerance; SWIPE_KIOSK_UPDATE_GOLDENS=1 rewrites the reference).
    func checkGolden(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        if let message = try Self.references.mismatch(try image(name), name) { XCTFail(message, file: file, line: line) }
    }
}

extension KioskConfiguration {
    /// The defaults with the demo items (`--demo`): what the in-process app tests drive.
    static var demo: KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.data.demoData = true
        return configuration
    }
}

extension StateDump {
    /// The dump as the JSON objects a tool reading it sees.
    func object() -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(json().utf8))) as? [String: Any] ?? [:]
    }
}

/// Convenience readers for state dumps.
extension Dictionary where Key == String, Value == Any {
    var rows: [[String: Any]] { self["rows"] as? [[String: Any]] ?? [] }
    var headers: [[String: Any]] { self["headers"] as? [[String: Any]] ?? [] }
    var items: [[String: Any]] { self["items"] as? [[String: Any]] ?? [] }
    var hapticEvents: [String] { (self["haptics"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String } }
    var logActions: [String] { (self["log"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String } }
    var stack: [String] { (self["navigation"] as? [String: Any])?["stack"] as? [String] ?? [] }
    var pageID: String? { (self["page"] as? [String: Any])?["id"] as? String }
    var sheet: [String: Any]? { self["sheet"] as? [String: Any] }

    func row(_ id: String) -> [String: Any]? { rows.first { $0["id"] as? String == id } }

    func rowFrame(_ id: String) -> [Double]? { row(id)?["frame"] as? [Double] }

    /// The visible headers as (title, frame), top to bottom.
    var headerFrames: [(title: String, frame: [Double])] {
        headers.map { ($0["title"] as? String ?? "", $0["frame"] as? [Double] ?? []) }
    }

    func swipeState(_ id: String) -> String? { (row(id)?["swipe"] as? [String: Any])?["state"] as? String }

    func swipeOffset(_ id: String) -> Double? { (row(id)?["swipe"] as? [String: Any])?["offset"] as? Double }

    func actionFrame(row id: String, action: String) -> [Double]? {
        (row(id)?["actions"] as? [[String: Any]])?.first { $0["id"] as? String == action }?["frame"] as? [Double]
    }
}

extension Surface {
    /// (r, g, b) of a pixel.
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = pixel(x: x, y: y)
        return (Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
    }

    /// True when the pixel is within `tolerance` of `hex` on every channel.
    func matches(_ x: Int, _ y: Int, _ hex: UInt32, tolerance: Int = 6) -> Bool {
        let (r, g, b) = rgb(x, y)
        return abs(r - Int(hex >> 16)) <= tolerance && abs(g - Int((hex >> 8) & 0xFF)) <= tolerance
            && abs(b - Int(hex & 0xFF)) <= tolerance
    }
}
