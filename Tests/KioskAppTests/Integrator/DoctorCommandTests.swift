// `swipe-kiosk doctor` through the real binary, asked about another user than the test's
// (`nobody`): a database that user cannot write is a FAIL naming the chown that fixes it and
// exits 65; once the file and its directory are the user's to write, the database line is ok.
// It runs on a machine without a DRM card and says so.
import Foundation
import XCTest

final class DoctorCommandTests: XCTestCase {
    func testDatabaseTheServiceUserCannotWriteNamesTheFix() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("items.sqlite3")
        XCTAssertEqual(try KioskProcess(["init-db", "--database", path]).status, 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let refused = try KioskProcess(["doctor", "--database", path, "--user", "nobody"])
        XCTAssertEqual(refused.status, 65, refused.standardOutput + refused.standardError)
        XCTAssertTrue(refused.standardOutput.contains("FAIL  database: nobody cannot write \(path) (root:root 0644)"), refused.standardOutput)
        XCTAssertTrue(refused.standardOutput.contains("fix: sudo chown nobody: \(path) && sudo chmod u+rw \(path)"), refused.standardOutput)
        XCTAssertTrue(refused.standardOutput.contains("fix: sudo chown nobody: \(dir.path)"), "the directory too: \(refused.standardOutput)")

        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
        let fine = try KioskProcess(["doctor", "--database", path, "--user", "nobody"])
        XCTAssertTrue(fine.standardOutput.contains("ok    database: \(path) (root:root 0666), writable by nobody"), fine.standardOutput)
        XCTAssertNotEqual(fine.status, 65, fine.standardOutput)
        if FileStatusProbe.hasNoCard {
            XCTAssertEqual(fine.status, 69, "no DRM card is a device problem")
            XCTAssertTrue(fine.standardOutput.contains("FAIL  display: no DRM card"), fine.standardOutput)
        }
    }

    func testMissingServiceUserAndBadConfigurationAreDataProblems() throws {
        let dir = try TemporaryDirectory()
        let config = dir.file("bad.toml")
        try "[data]\ndemo_data = 3\n".write(toFile: config, atomically: true, encoding: .utf8)
        let run = try KioskProcess(["doctor", "--config", config, "--user", "no-such-user-for-doctor"])
        XCTAssertEqual(run.status, 65, run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("FAIL  user: there is no user no-such-user-for-doctor"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("FAIL  configuration: \(config):2:"), run.standardOutput)
    }
}

/// Whether this machine has no DRM card (the test container usually has none).
enum FileStatusProbe {
    static var hasNoCard: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).allSatisfy { !$0.hasPrefix("card") }
    }
}
