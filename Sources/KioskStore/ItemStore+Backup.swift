// `swipe-kiosk backup`: a consistent copy of a live database with SQLite's online backup API.
// The copy reads the source in ONE read transaction (sqlite3_backup_step with -1), so under WAL
// the running kiosk and importers keep writing meanwhile, and the copy is the database as of
// one commit: never half a transaction, never a restart loop under constant writes. The copy is
// then opened read-only and checked like any database the kiosk starts with.
import CSQLite

/// What a finished backup holds.
public struct BackupSummary: Hashable, Sendable {
    public var schemaVersion: Int
    public var items: Int
    /// The newest `actions_log` row id in the copy (0 for none).
    public var lastActionID: Int64
}

extension ItemStore {
    /// Copies the kiosk database at `source` into `destination`, an empty file the caller
    /// created (OutputFile.createNew), then checks the copy (`PRAGMA integrity_check`).
    /// - Throws: the source's refusals as for a read-only open (`.notKioskDatabase`, `.damaged`,
    ///   `.newerSchema`, …), an SQLite error of the copy, or `.damaged` for a copy that fails its check.
    public static func backup(database source: String, to destination: String) throws(StoreError) -> BackupSummary {
        let from = try ItemStore(readingOnly: source)
        do {
            let to = try SQLiteConnection(path: destination)
            to.setCheckpointsOnClose(true)
            let target = try to.openHandle()
            guard let backup = sqlite3_backup_init(target, "main", try from.db.openHandle(), "main") else {
                throw to.error(sqlite3_errcode(target), "start the backup of \(source)")
            }
            let step = sqlite3_backup_step(backup, -1)
            let finish = sqlite3_backup_finish(backup)
            guard step == SQLITE_DONE else { throw to.error(step, "copy \(source) to \(destination)") }
            guard finish == SQLITE_OK else { throw to.error(finish, "finish the backup of \(source)") }
        }
        let copy = try ItemStore(readingOnly: destination)
        let problems = try copy.integrityProblems()
        guard problems.isEmpty else { throw .damaged(path: destination, problems: problems) }
        return BackupSummary(
            schemaVersion: try copy.schemaVersion(),
            items: Int(try copy.db.integer("SELECT count(*) FROM items", operation: "count the copy's items")),
            lastActionID: try copy.db.integer("SELECT coalesce(max(id), 0) FROM actions_log", operation: "read the copy's last action"))
    }
}
