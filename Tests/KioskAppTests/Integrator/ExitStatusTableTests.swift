// The exit codes are one table (KioskHardware's ExitStatus): no source file writes a code as a
// number of its own, and the documentation lists every code of the table. Before the table,
// codes were numbers in six files, and the feed mapped a newer database to 65 where every other
// command said 78 (NewerSchemaRefusalTests now runs the feed too).
import Foundation
import KioskHardware
import TestSupport
import XCTest

final class ExitStatusTableTests: XCTestCase {
    let repository = IntegrationDocTests.repository

    func testNoSourceFileWritesAnExitCodeAsANumber() throws {
        let sources = repository.appendingPathComponent("Sources")
        let table = "KioskHardware/System/ExitStatus.swift"
        // `ExitCode(73)`, `exitCode: Int32 { 69 }`, `return 64`: a code written outside the table.
        let literal = try NSRegularExpression(pattern: #"ExitCode\(\s*-?\d+\s*\)|exit(Code|Status)\b[^\n]*\{\s*\d+\s*\}|return (64|65|69|70|73|75|78)\b"#)
        var found: [String] = []
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" && !url.path.hasSuffix(table) {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in literal.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.append("\(url.lastPathComponent): \((text as NSString).substring(with: match.range))")
            }
        }
        XCTAssertEqual(found, [], "exit codes belong in \(table)")
    }

    func testTheDocumentationListsEveryCodeOfTheTable() throws {
        let architecture = try String(contentsOf: repository.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let section = try XCTUnwrap(architecture.components(separatedBy: "### Exit codes").dropFirst().first?
            .components(separatedBy: "\n### ").first)
        for status in ExitStatus.allCases {
            XCTAssertTrue(section.range(of: #"\b\#(status.rawValue) "#, options: .regularExpression) != nil,
                          "docs/ARCHITECTURE.md, Exit codes, does not list \(status.rawValue) (\(status))")
        }
    }
}
