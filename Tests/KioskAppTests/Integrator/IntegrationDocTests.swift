// docs/INTEGRATION.md cannot drift from the app: every ```sh and ```python block of it runs, in
// order, in one temporary directory with the built `swipe-kiosk` first on the PATH and the
// repository's examples/ copied in, and the test fails naming the first block that fails. The
// blocks are the integrator's journey: init-db, the example importer writing three lists,
// check-config --config, a screenshot, a replayed swipe, export-actions read back by the example
// reader, marking an item done from outside, and a backup. The README's five-minute list runs too.
import Foundation
import XCTest

final class IntegrationDocTests: XCTestCase {
    /// The repository root (this file is Tests/KioskAppTests/Integrator/…).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One fenced block: its language, its first line's number in the file, its text.
    struct Block {
        var language: String
        var line: Int
        var text: String
    }

    /// The ```sh and ```python blocks of `markdown`, in order.
    static func runnableBlocks(_ markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.text += line + "\n"
                    current = block
                }
            } else if line.hasPrefix("```") {
                let language = String(line.dropFirst(3))
                current = Block(language: language, line: index + 2, text: "")
            }
        }
        return blocks.filter { ["sh", "python"].contains($0.language) }
    }

    func testEveryShellAndPythonBlockOfTheIntegrationGuideRuns() throws {
        let guide = try String(contentsOf: Self.repository.appendingPathComponent("docs/INTEGRATION.md"), encoding: .utf8)
        let blocks = Self.runnableBlocks(guide)
        XCTAssertGreaterThanOrEqual(blocks.count, 8, "the guide's runnable blocks were found")
        let dir = try TemporaryDirectory()
        try run(blocks, of: "docs/INTEGRATION.md", in: dir)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("tasks.png")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("ward-backup.sqlite3")))
    }

    /// The README's "Your own list in five minutes" is a newcomer's first try: it runs as written.
    func testTheReadmesFiveMinuteListRuns() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Your own list in five minutes\n") else {
            return XCTFail("README has no \"Your own list in five minutes\" section")
        }
        let section = readme[start.upperBound...].components(separatedBy: "\n## ")[0]
        let blocks = Self.runnableBlocks(section)
        XCTAssertEqual(blocks.count, 1, "the section's one sh block was found")
        let dir = try TemporaryDirectory()
        try run(blocks, of: "README.md", in: dir)
        let shot = try Data(contentsOf: URL(fileURLWithPath: dir.file("my.png")))
        XCTAssertEqual(shot.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]), "the screenshot is a PNG")
        // What the screenshot shows: the three items (a preview once showed an empty list).
        try "at 0 state s.json\nat 10 end\n".write(toFile: dir.file("s.touch"), atomically: true, encoding: .utf8)
        let replay = try KioskProcess(["replay", dir.file("s.touch"), "--config", dir.file("my.toml"), "--out", dir.path],
                                      in: dir.path)
        XCTAssertEqual(replay.status, 0, replay.standardError)
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file("s.json")))) as? [String: Any]
        XCTAssertEqual((state?["items"] as? [[String: Any]])?.count, 3, "the list shows the three items")
    }

    /// Runs `blocks` in order in `dir` with the built `swipe-kiosk` first on the PATH and the
    /// repository's examples/ beside them; fails naming the first block that fails.
    func run(_ blocks: [Block], of document: String, in dir: TemporaryDirectory) throws {
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("examples"),
                                         to: URL(fileURLWithPath: dir.file("examples")))
        let binaries = try ItemStoreDurabilityTests.kioskExecutable().deletingLastPathComponent().path
        let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for block in blocks {
            let (program, arguments) = block.language == "sh"
                ? ("/bin/bash", ["-euo", "pipefail", "-c", block.text])
                : ("/usr/bin/env", ["python3", "-c", block.text])
            let run = try ChildRun(program, arguments, in: dir.path, environment: ["PATH": path])
            XCTAssertEqual(run.status, 0, "\(document):\(block.line) (\(block.language)) failed:\n\(run.output)")
            guard run.status == 0 else { return }
        }
    }

    func testBlocksAreFoundWithTheirLines() {
        let blocks = Self.runnableBlocks("text\n```sh\necho a\n```\n```text\nnot run\n```\n```python\nprint(1)\n```\n")
        XCTAssertEqual(blocks.map(\.language), ["sh", "python"])
        XCTAssertEqual(blocks.map(\.line), [3, 9])
        XCTAssertEqual(blocks.map(\.text), ["echo a\n", "print(1)\n"])
    }
}

/// A finished child process with its stdout and stderr together.
struct ChildRun {
    let status: Int32
    let output: String

    init(_ program: String, _ arguments: [String], in directory: String, environment: [String: String]) throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: program)
        child.arguments = arguments
        child.currentDirectoryURL = URL(fileURLWithPath: directory)
        child.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        child.standardOutput = pipe
        child.standardError = pipe
        try child.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        status = child.terminationStatus
        output = String(decoding: data, as: UTF8.self)
    }
}
