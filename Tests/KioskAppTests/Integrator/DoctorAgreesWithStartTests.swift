// `doctor` says what the app's start would say about a database file, because it runs the
// store's own checks (ItemStore.check), not a copy of them: for each kind of hostile file and
// each kind the app accepts, `doctor --database F` and `replay --database F` agree (both refuse,
// with the same message and exit code, or both accept), and doctor changes nothing in the file.
// Both run as `nobody` (setpriv, as root), so "a file the user may not write" is a real case.
import Foundation
import XCTest
@testable import KioskStore

final class DoctorAgreesWithStartTests: XCTestCase {
    /// How to make one kind of database file at a path.
    struct Kind: Sendable {
        let name: String
        let make: @Sendable (String) throws -> Void
    }

    static func sqlite(_ path: String, _ sql: String) throws {
        try SQLiteConnection(path: path).execute(sql, operation: "make a fixture")
    }

    static let kinds: [Kind] = [
        Kind(name: "FIFO") { path in XCTAssertEqual(mkfifo(path, 0o666), 0) },
        Kind(name: "directory") { path in try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) },
        Kind(name: "text file") { path in try "not a database\n".write(toFile: path, atomically: false, encoding: .utf8) },
        Kind(name: "foreign items table") { path in try sqlite(path, "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);") },
        Kind(name: "items table without our columns at our version") { path in
            try sqlite(path, "CREATE TABLE items (id TEXT PRIMARY KEY, name TEXT); CREATE TABLE actions_log (id INTEGER PRIMARY KEY);"
                + "CREATE TABLE store_meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL); PRAGMA user_version=\(ItemStore.latestSchemaVersion);")
        },
        Kind(name: "newer schema") { path in
            _ = try ItemStore(path: path)
            try sqlite(path, "PRAGMA user_version=\(ItemStore.latestSchemaVersion + 1);")
        },
        Kind(name: "damaged") { path in
            try ItemStore(path: path).insert(sampleItems(200))
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            try handle.seek(toOffset: 4096 * 2)
            handle.write(Data(repeating: 0x5A, count: 4096))
            try handle.close()
        },
        Kind(name: "unwritable file") { path in
            _ = try ItemStore(path: path)
            chmod(path, 0o644)  // and root's: the only kind not given to nobody
        },
        Kind(name: "sound database") { path in _ = try ItemStore(path: path) },
        Kind(name: "empty file") { path in try Data().write(to: URL(fileURLWithPath: path)) },
        Kind(name: "older schema") { path in _ = try ItemStore(path: path, synchronous: .normal, busyTimeout: 1000, schemaVersion: 3) },
        // Adversarial pass: doctor called it a file still to create, the start failed with SQLite's "unable to open".
        Kind(name: "symbolic link to nothing") { path in
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/nonexistent/x.sqlite3")
        },
    ]

    func testDoctorAndTheAppAgreeOnEveryKindOfDatabaseFile() throws {
        var accepted: [String] = []
        for kind in Self.kinds {
            let dir = try TemporaryDirectory()
            chmod(dir.path, 0o777)
            let path = dir.file("items.sqlite3")
            try kind.make(path)
            if kind.name != "unwritable file" {
                let nobody = try XCTUnwrap(getpwnam("nobody")).pointee.pw_uid
                for file in [path, path + "-wal", path + "-shm"] { _ = chown(file, nobody, gid_t.max) }
            }
            let before = FileManager.default.contents(atPath: path)
            let script = dir.file("tap.touch")
            try "at 0 tap 100 100\nat 100 end\n".write(toFile: script, atomically: true, encoding: .utf8)

            let hadWAL = FileManager.default.fileExists(atPath: path + "-wal")
            let doctor = try UnwritableDatabaseStartTests.runAsNobody(["doctor", "--database", path, "--user", "nobody"], in: dir.path)
            XCTAssertEqual(FileManager.default.contents(atPath: path), before, "\(kind.name): doctor changed the file")
            XCTAssertEqual(FileManager.default.fileExists(atPath: path + "-wal"), hadWAL, "\(kind.name): doctor left a -wal behind")
            let app = try UnwritableDatabaseStartTests.runAsNobody(["replay", script, "--database", path, "--out", dir.path], in: dir.path)
            if app.status == 0 {
                accepted.append(kind.name)
                XCTAssertTrue(doctor.output.contains("ok    database: \(path)"), "\(kind.name): the app accepts it, doctor says \(doctor.output)")
                XCTAssertFalse([65, 73, 75, 78].contains(doctor.status), "\(kind.name): \(doctor.output)")
            } else {
                // The app's message (SQLite's findings may span lines) is doctor's, word for word.
                let message = app.output.trimmingCharacters(in: .newlines)
                XCTAssertTrue(doctor.output.contains("FAIL  database: " + message), "\(kind.name): the app says \(app.output), doctor \(doctor.output)")
                XCTAssertEqual(doctor.status, app.status, "\(kind.name): \(doctor.output)")
            }
        }
        XCTAssertEqual(accepted, ["sound database", "empty file", "older schema"])
    }
}
