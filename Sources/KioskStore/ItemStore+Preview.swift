// What `replay` and `screenshot` show of a real database (issue 27: previews that match the
// device): an in-memory copy of it, made with SQLite's online backup, so a preview sees the
// panel's own items while a replayed swipe, the purge and the demo seeding never write the file
// (a replay ran on a virtual clock: its rows would have carried a fake time into the kiosk's log).
import CSQLite
import Glibc

extension ItemStore {
    /// An in-memory store holding a consistent copy of the database at `path`, migrated in memory
    /// to this build's schema. The file is opened read-only and refused exactly as the kiosk
    /// would refuse it (not a regular file, not a SwipeKiosk database, a newer schema, damage).
    public convenience init(previewOf path: String) throws(StoreError) {
        let source = try ItemStore(readingOnly: path)
        try self.init(path: Self.inMemoryPath)
        do throws(StoreError) {
            let target = try db.openHandle()
            guard let backup = sqlite3_backup_init(target, "main", try source.db.openHandle(), "main") else {
                throw db.error(sqlite3_errcode(target), "copy \(path) for a preview")
            }
            let step = sqlite3_backup_step(backup, -1)
            let finish = sqlite3_backup_finish(backup)
            guard step == SQLITE_DONE else { throw db.error(step, "copy \(path) for a preview") }
            guard finish == SQLITE_OK else { throw db.error(finish, "finish the copy of \(path) for a preview") }
            // The copy has the file's schema version: bring it to ours as a start would.
            try prepareConnection(schemaVersion: Self.latestSchemaVersion, requireKiosk: true)
        } catch {
            throw error.atStart(database: path)
        }
    }

    /// Whether anything is at `path` (a preview of a database that is not there yet shows an
    /// empty one, and says so).
    public static func fileExists(at path: String) -> Bool { access(path, F_OK) == 0 }

    /// The largest database a preview copies into memory (a 415 MB one took 492 MB of RAM, which
    /// a 1 GB panel running the kiosk does not have).
    public static let maximumPreviewBytes: Int64 = 128 << 20

    /// The bytes of the database at `path` and its WAL: what a preview would copy.
    public static func previewBytes(of path: String) -> Int64 {
        [path, path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int64(info.st_size) : 0)
        }
    }
}
