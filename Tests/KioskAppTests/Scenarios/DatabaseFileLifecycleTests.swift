// The database file replaced or deleted under the running app, with an action in flight (a
// delete waiting for another writer's lock): the app shows the file now at the path, the
// waiting delete reaches neither file ("Could not save", `delete-failed`), the new file passes
// integrity_check and holds none of the old file's actions, Undo of an old delete is withdrawn,
// and nothing is written to the old file (kept reachable through a hard link) after the switch.
// Also: a replacement the checks refuse, a file renamed over a symbolic link to the database,
// and a reader of the old file that delays the switch.
import Foundation
import KioskUI
import XCTest
@testable import KioskApp
@testable import KioskStore
import KioskConfig
import SwipeCore

final class DatabaseFileLifecycleTests: XCTestCase {
    /// The app over a fresh database file (demo data), on the virtual clock.
    final class Fixture {
        let dir: TemporaryDirectory
        let path: String
        /// A second name of the app's first file, so its bytes can be checked after it leaves the path.
        let oldFile: String
        let app: KioskApplication
        var ms = 0.0
        var reported: [String] = []

        init(configuration: KioskConfiguration = .demo) throws {
            dir = try TemporaryDirectory()
            path = dir.file("items.sqlite3")
            oldFile = dir.file("old-file.sqlite3")
            app = try AppOptions.parse([]).makeApplication(
                configuration: configuration, databasePath: path, size: (width: 1280, height: 800))
            app.reportFailure = { [unowned self] in reported.append($0) }
            XCTAssertEqual(link(path, oldFile), 0)
        }

        func run(for duration: Double) {
            let end = ms + duration
            while ms <= end { app.tick(time: ReplaySession.instant(ms: ms)); ms += 1000.0 / 60 }
        }

        var dump: [String: Any] { StateDump(app: app, timeMs: ms, width: 1280, height: 800).object() }
        var itemIDs: [String] { dump.items.compactMap { $0["id"] as? String } }

        /// A delete of `itemID` that another writer's lock keeps waiting for a retry.
        func deleteWaitingForALock(_ itemID: ItemID) throws {
            let other = try ItemStore(path: path)
            try other.db.execute("BEGIN IMMEDIATE", operation: "test")
            app.commit(.delete, itemID: itemID, action: DatabaseFileLifecycleTests.trailing("delete"))
            try other.db.execute("ROLLBACK", operation: "test")
            XCTAssertEqual(app.writes.pending.map(\.itemID), [itemID], "the delete is not in flight")
        }

        /// An importer's new file with `items`, written beside the database and renamed to its path.
        func importFile(_ items: [ItemRecord]) throws {
            let staging = dir.file("import.sqlite3")
            try ItemStore(path: staging).insert(items)  // closed at once: checkpointed, its WAL gone
            XCTAssertEqual(rename(staging, path), 0)
        }

        /// The file at the path, checked as another program would: sound, and its action log.
        func checkNewFile(file: StaticString = #filePath, line: UInt = #line) throws -> [ActionLogEntry] {
            let store = try ItemStore(readingOnly: path)
            XCTAssertEqual(try store.integrityProblems(), [], "the new file is damaged", file: file, line: line)
            return try store.actionLog()
        }

        func bytes(_ file: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: file)) }
    }

    /// The default configuration's trailing action `id` of the inbox.
    static func trailing(_ id: String) -> ActionRef { ActionRef(list: "inbox", edge: .trailing, id: id) }

    static let imported = [
        ItemRecord(id: "new-1", listID: "inbox", title: "Imported one", sortKey: 1, updatedAt: AppOptions.headlessEpoch),
        // The same id as an item of the old file: it must not get the old file's actions.
        ItemRecord(id: "inbox-3", listID: "inbox", title: "Imported three", sortKey: 2, updatedAt: AppOptions.headlessEpoch),
        ItemRecord(id: "inbox-1", listID: "inbox", title: "Imported first", sortKey: 3, updatedAt: AppOptions.headlessEpoch),
    ]

    func testAFileRenamedOverTheDatabaseIsShownAndNothingOfTheOldFileReachesIt() throws {
        let f = try Fixture()
        f.run(for: 200)
        f.app.commit(.flag, itemID: "inbox-2", action: DatabaseFileLifecycleTests.trailing("flag"))
        f.app.commit(.delete, itemID: "inbox-1", action: DatabaseFileLifecycleTests.trailing("delete"))  // landed: Undo offered, the row collapses
        XCTAssertEqual(f.dump.logActions, ["flag", "delete"])
        try f.deleteWaitingForALock("inbox-3")

        try f.importFile(Self.imported)
        f.run(for: 600)
        XCTAssertEqual(f.itemIDs, ["new-1", "inbox-3", "inbox-1"], "the list is not the new file's")
        XCTAssertEqual(f.dump.items.compactMap { $0["title"] as? String }, ["Imported one", "Imported three", "Imported first"])
        XCTAssertEqual(f.app.writes.count, 0)
        XCTAssertEqual(f.dump.logActions, ["flag", "delete", "delete-failed"], "the delete in flight was not given up")
        XCTAssertTrue(f.reported.contains { $0.contains("inbox-3") && $0.contains("replaced") }, "\(f.reported)")
        XCTAssertEqual(f.dump["toast"] as? String, "The database file changed: Undo is no longer possible")
        XCTAssertEqual(f.dump.rows.compactMap { $0["id"] as? String }, ["new-1", "inbox-3", "inbox-1"])
        XCTAssertEqual(f.dump.rowFrame("inbox-1")?[3], 76, "the new file's inbox-1 is left collapsed like the old one's")
        f.app.undo("inbox-1")  // the old toast's Undo, tapped late
        f.run(for: 31_000)  // past the undo window (30 s): nothing of the old file is purged either

        XCTAssertEqual(try f.checkNewFile().map(\.action), [], "the old file's actions reached the new one")
        let afterSwitch = try f.bytes(f.oldFile)
        f.app.commit(.flag, itemID: "new-1", action: DatabaseFileLifecycleTests.trailing("flag"))
        f.run(for: 600)
        XCTAssertEqual(try f.checkNewFile().map { "\($0.action) \($0.itemID?.key ?? "")" }, ["flag new-1"])
        let new = try ItemStore(readingOnly: f.path)
        XCTAssertNil(try XCTUnwrap(try new.item(id: "inbox-3")).deletedAt)
        XCTAssertNil(try XCTUnwrap(try new.item(id: "inbox-1")).deletedAt)
        XCTAssertTrue(try XCTUnwrap(try new.item(id: "new-1")).flagged)
        XCTAssertEqual(try f.bytes(f.oldFile), afterSwitch, "the old file was written after the switch")
        // The old file keeps what was done to it (its WAL was emptied into it at the switch).
        let old = try ItemStore(readingOnly: f.oldFile)
        XCTAssertEqual(try old.actionLog().map { "\($0.action) \($0.itemID?.key ?? "")" }, ["flag inbox-2", "delete inbox-1"])
    }

    func testADeletedDatabaseIsWaitedForAndTheFirstFileAtThePathIsShown() throws {
        let f = try Fixture()
        f.run(for: 200)
        f.app.commit(.flag, itemID: "inbox-2", action: DatabaseFileLifecycleTests.trailing("flag"))
        try f.deleteWaitingForALock("inbox-3")
        let shown = f.itemIDs  // read as the screen reads them

        XCTAssertEqual(unlink(f.path), 0)  // `rm items.sqlite3`: its -wal and -shm stay
        f.run(for: 600)
        XCTAssertEqual(f.app.writes.count, 0)
        XCTAssertEqual(f.dump.logActions, ["flag", "delete-failed"], "the delete in flight was not given up")
        XCTAssertEqual(f.itemIDs, shown, "the rows shown stay while the app waits")
        XCTAssertEqual(f.dump["toast"] as? String, "Could not read the items: the database file was deleted")
        XCTAssertTrue(f.reported.contains { $0.contains(f.path) && $0.contains("deleted") }, "\(f.reported)")
        f.app.commit(.flag, itemID: "inbox-1", action: DatabaseFileLifecycleTests.trailing("flag"))  // an action while waiting fails at once
        XCTAssertEqual(f.dump.logActions.last, "flag-failed")
        XCTAssertEqual(f.app.writes.count, 0)
        f.run(for: 600)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path), "the app created a file at the path")
        let afterSwitch = try f.bytes(f.oldFile)

        try f.importFile(Self.imported)
        f.run(for: 600)
        XCTAssertEqual(f.itemIDs, ["new-1", "inbox-3", "inbox-1"], "the list is not the new file's")
        XCTAssertEqual(try f.checkNewFile().map(\.action), [], "the old file's actions reached the new one")
        f.app.commit(.flag, itemID: "new-1", action: DatabaseFileLifecycleTests.trailing("flag"))
        f.run(for: 600)
        XCTAssertEqual(try f.checkNewFile().map { "\($0.action) \($0.itemID?.key ?? "")" }, ["flag new-1"])
        XCTAssertNil(try XCTUnwrap(try ItemStore(readingOnly: f.path).item(id: "inbox-3")).deletedAt)
        XCTAssertEqual(try f.bytes(f.oldFile), afterSwitch, "the deleted file was written after the switch")
        XCTAssertEqual(try ItemStore(readingOnly: f.oldFile).actionLog().map(\.action), ["flag"])
    }

    /// `--database` is a symbolic link (SQLite follows it: the file it holds and its WAL are the
    /// target's) and the importer renames its file over the link itself. SQLite's own
    /// "has moved" sees the target unchanged; the path's device and inode say it is another file.
    func testAFileRenamedOverASymbolicLinkToTheDatabaseIsShown() throws {
        let dir = try TemporaryDirectory()
        let target = dir.file("kiosk-data.sqlite3"), path = dir.file("items.sqlite3")
        _ = try ItemStore(path: target)
        XCTAssertEqual(symlink(target, path), 0)
        let app = try AppOptions.parse([]).makeApplication(
            configuration: .demo, databasePath: path, size: (width: 1280, height: 800))
        var ms = 0.0
        while ms <= 200 { app.tick(time: ReplaySession.instant(ms: ms)); ms += 1000.0 / 60 }
        let staging = dir.file("import.sqlite3")
        try ItemStore(path: staging).insert(Self.imported)
        XCTAssertEqual(rename(staging, path), 0)
        app.commit(.flag, itemID: "inbox-2", action: Self.trailing("flag"))
        XCTAssertEqual(StateDump(app: app, timeMs: ms, width: 1280, height: 800).object().logActions, ["flag-failed"],
                       "the flag went to the file the link pointed to")
        while ms <= 1000 { app.tick(time: ReplaySession.instant(ms: ms)); ms += 1000.0 / 60 }
        let ids = StateDump(app: app, timeMs: ms, width: 1280, height: 800).object().items.compactMap { $0["id"] as? String }
        XCTAssertEqual(ids, ["new-1", "inbox-3", "inbox-1"])
        XCTAssertEqual(try ItemStore(readingOnly: target).actionLog(), [], "the old target was written")
    }

    /// As on the device, the app looks only when its inotify watch wakes it. Another program in
    /// the middle of a read of the old file keeps its WAL from being emptied: the switch waits,
    /// writes stay refused, and, since nothing more wakes the app, it polls until it can switch.
    func testAReaderOfTheOldFileDelaysTheSwitchUntilItIsDone() throws {
        let f = try Fixture()
        f.app.storePoll.watched = true
        f.run(for: 200)
        f.app.commit(.flag, itemID: "inbox-2", action: DatabaseFileLifecycleTests.trailing("flag"))  // a frame in the WAL
        var reader: ItemStore? = try ItemStore(path: f.path)
        try reader?.db.execute("BEGIN", operation: "test")
        XCTAssertNotNil(try reader?.item(id: "inbox-2"))  // holds a read snapshot of the old file

        try f.importFile(Self.imported)
        f.app.storePoll.writeSeen()  // the watch saw the rename
        f.run(for: 300)
        XCTAssertTrue(f.itemIDs.contains("inbox-2"), "switched while the old WAL could not be emptied")
        XCTAssertTrue((f.dump["toast"] as? String)?.contains("its WAL cannot be emptied yet") == true, "\(f.dump["toast"] ?? "")")
        f.app.commit(.flag, itemID: "inbox-3", action: DatabaseFileLifecycleTests.trailing("flag"))
        XCTAssertEqual(f.dump.logActions, ["flag", "flag-failed"], "a write reached a file that left the path")

        try reader?.db.execute("COMMIT", operation: "test")
        reader = nil  // done: nothing wakes the app now
        f.run(for: 600)
        XCTAssertEqual(f.itemIDs, ["new-1", "inbox-3", "inbox-1"], "the app did not try again")
        XCTAssertEqual(try f.checkNewFile().map(\.action), [])
        XCTAssertEqual(try ItemStore(readingOnly: f.oldFile).actionLog().map { "\($0.action) \($0.itemID?.key ?? "")" }, ["flag inbox-2"])
        XCTAssertNil(f.app.nextDeadline(after: ReplaySession.instant(ms: f.ms) + .seconds(10)), "still polling after the switch")
    }

    /// A replacement the start's checks refuse (an empty file, as an importer's copy begins) is
    /// left untouched, not given a schema; the app waits and shows the file once it is usable.
    func testARefusedReplacementIsLeftUntouchedUntilItIsUsable() throws {
        let f = try Fixture()
        f.run(for: 200)
        let staging = f.dir.file("import.sqlite3")
        XCTAssertTrue(FileManager.default.createFile(atPath: staging, contents: Data()))
        XCTAssertEqual(rename(staging, f.path), 0)
        f.run(for: 600)
        XCTAssertEqual(try f.bytes(f.path).count, 0, "the app wrote into the refused file")
        XCTAssertTrue((f.dump["toast"] as? String)?.contains("not a SwipeKiosk database") == true, "\(f.dump["toast"] ?? "")")
        f.app.commit(.flag, itemID: "inbox-2", action: DatabaseFileLifecycleTests.trailing("flag"))
        XCTAssertEqual(f.dump.logActions, ["flag-failed"])
        XCTAssertEqual(try f.bytes(f.path).count, 0, "the failed flag wrote into the refused file")

        try f.importFile(Self.imported)
        f.run(for: 600)
        XCTAssertEqual(f.itemIDs, ["new-1", "inbox-3", "inbox-1"])
        XCTAssertEqual(try f.checkNewFile().map(\.action), [])
    }

    /// A replacement in rollback-journal mode (Python's sqlite3 writes one) that the importer
    /// still reads when the app first looks (it verifies its file after the rename, say) cannot
    /// be switched to WAL at that moment; it is not refused for good but shown as soon as the
    /// reader is done, although the file itself does not change meanwhile.
    func testAReplacementReadForAMomentIsShownOnceTheReaderIsDone() throws {
        let f = try Fixture()
        f.run(for: 200)
        let staging = f.dir.file("import.sqlite3")
        do {
            let importer = try ItemStore(path: staging)
            try importer.insert(Self.imported)
            try importer.db.execute("PRAGMA journal_mode=DELETE", operation: "test")
        }
        let reader = try SQLiteConnection(path: staging, readOnly: true)
        try reader.execute("BEGIN", operation: "test")
        _ = try reader.integer("SELECT count(*) FROM items", operation: "test")
        XCTAssertEqual(rename(staging, f.path), 0)
        f.run(for: 600)
        try reader.execute("COMMIT", operation: "test")
        f.run(for: 600)
        XCTAssertEqual(f.itemIDs, ["new-1", "inbox-3", "inbox-1"], "a reader for a moment refused the file for good")
    }

    /// A command that started on the old file ends after the switch: its outcome is not logged
    /// into the new file, whose item of that id is not the one the person acted on.
    func testACommandsOutcomeIsNotLoggedIntoAFileThatReplacedItsOwn() throws {
        var configuration = KioskConfiguration.demo
        var inbox = ListConfiguration.inbox
        inbox.trailing.actions.append(ActionConfiguration(
            action: SwipeAction(id: "print", title: "Print"), effect: .command,
            command: ActionCommand(arguments: [.literal("/bin/true"), .field(.id)])))
        configuration.lists = [inbox]
        let f = try Fixture(configuration: configuration)
        f.run(for: 200)
        // Without --run-commands the outcome (`print-skipped`) is ready at once, to be logged at the next tick.
        f.app.perform(ActionRef(list: "inbox", edge: .trailing, id: "print"), on: "inbox-3")
        try f.importFile(Self.imported)
        f.app.followDatabaseFile()
        f.run(for: 600)
        XCTAssertEqual(try f.checkNewFile().map(\.action), [], "the old file's command outcome reached the new file")
        XCTAssertTrue(f.reported.contains { $0.contains("print-skipped of item inbox-3 not logged") }, "\(f.reported)")
    }
}
