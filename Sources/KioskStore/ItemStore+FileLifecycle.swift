// The database file's lifecycle under the running app. An importer that writes a new file and
// renames it over the kiosk's database, or a file deleted while the app has it open, leaves the
// app's connection on a file nobody sees any more, while its `-wal` and `-shm` keep the names
// the new file uses: a commit then lands in the unlinked file, and the old WAL's frames are read
// by whoever opens the new file as its own pages (integrity_check fails). SQLite's "how to
// corrupt" list names it: unlinking or renaming a database file while in use.
//
// So the store remembers which file it opened (device and inode, stat(2)) and:
// - refuses every write once the file at the path is another one or none (checked before the
//   transaction and again just before COMMIT; SQLite's SQLITE_FCNTL_HAS_MOVED confirms that
//   the file SQLite holds is the one stat saw);
// - on `followFileAtPath()` (every poll and change notification) retires the old connection:
//   its WAL is checkpointed into the OLD file and truncated to zero, so nothing of the old file
//   is left under the shared `-wal` name, and it is closed without the close-time checkpoint
//   (which deletes `-wal` and `-shm` by name);
// - then opens the file now at the path with the start's checks (regular file, quick_check,
//   schema refusal, WAL, migrations), never creating one, and refusing an empty file instead of
//   writing a schema into it (an importer may still be copying it). A refused file is left
//   untouched and tried again once its size or time changes (one that was only locked by
//   another program at that moment, at the next poll); meanwhile nothing is open and
//   every read and write fails with the reason.
import CSQLite
import KioskFiles
#if canImport(Glibc)
import Glibc
#endif

/// Which file a path names: its device and inode, which rename(2) over it and unlink(2) change.
public struct DatabaseFileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
}

/// A file at a path as stat(2) sees it now: which file, and its size and modification time.
struct DatabaseFileStamp: Hashable {
    let identity: DatabaseFileIdentity
    let size: Int64
    let modifiedNanoseconds: Int64

    /// The file at `path` (symbolic links followed, as SQLite does); nil when there is none.
    static func of(path: String) -> DatabaseFileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return DatabaseFileStamp(
            identity: DatabaseFileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
            size: Int64(info.st_size),
            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec))
    }
}

/// What following the database's path did (`ItemStore.followFileAtPath()`).
public struct DatabaseFileSwitch: Equatable, Sendable {
    /// Why the file that was open was closed (it left the path), nil when it was not open now:
    /// nothing more is written to it, and what was pending for it (retried writes, undo) is over.
    public let oldFileLeft: StoreError?
    /// Why no file is open now; nil when the file at the path is open (its items are the list).
    public let problem: StoreError?
}

extension ItemStore {
    /// False while no file is open: the open one left the path and none usable replaced it yet.
    public var isFileOpen: Bool { db.isOpen }

    /// Throws `.fileLeftPath` when the file at the path is no longer the one open.
    func checkFileAtPath() throws(StoreError) {
        guard let openFile else { return }  // in memory, or closed (every statement fails then)
        let now = DatabaseFileStamp.of(path: path)
        guard let now, now.identity == openFile, !db.fileHasMoved else {
            throw .fileLeftPath(path: path, deleted: now == nil)
        }
    }

    /// Follows the path to the file now there: call it on every poll and change notification.
    /// - Returns: nil while the open file is still the one at the path (or, with nothing open,
    ///   while nothing new is there); otherwise what changed.
    public func followFileAtPath() -> DatabaseFileSwitch? {
        guard path != Self.inMemoryPath else { return nil }
        var oldFileLeft: StoreError?
        if db.isOpen {
            let reason: StoreError
            do throws(StoreError) {
                try checkFileAtPath()
                return nil
            } catch {
                reason = error
            }
            do throws(StoreError) {
                try retire(because: reason)
            } catch {
                return DatabaseFileSwitch(oldFileLeft: nil, problem: error)
            }
            oldFileLeft = reason
        }
        guard let stamp = DatabaseFileStamp.of(path: path), stamp != refusedFile else {
            return oldFileLeft.map { DatabaseFileSwitch(oldFileLeft: $0, problem: $0) }
        }
        return DatabaseFileSwitch(oldFileLeft: oldFileLeft, problem: open(stamp))
    }

    /// Empties the old file's WAL into the old file (the checkpoint writes only the file this
    /// connection holds: the unlinked one, or wherever it was renamed to) and closes it without
    /// the close-time checkpoint, so nothing of it remains under the `-wal` name the file now at
    /// the path uses. While another process still reads the old file, the WAL cannot be emptied:
    /// the switch waits (writes stay refused) and is tried again at the next poll.
    private func retire(because reason: StoreError) throws(StoreError) {
        let busy = try db.integer("PRAGMA wal_checkpoint(TRUNCATE)", operation: "empty the WAL of the file that left the path")
        guard busy == 0 else {
            throw .sqlite(code: SQLITE_BUSY, message: "another connection still reads the old file; its WAL cannot be emptied yet",
                          operation: "switch from the file that left the path")
        }
        db.setCheckpointsOnClose(false)
        db.close(because: reason)
        openFile = nil
    }

    /// Opens the file at the path (as `stamp` saw it) with the start's checks.
    /// - Returns: nil when it is open, else why it was refused (it is left untouched).
    private func open(_ stamp: DatabaseFileStamp) -> StoreError? {
        if let kind = FileKind.of(path: path) {
            refusedFile = stamp
            return .notRegularFile(FileError(path: path, reason: .notRegular(kind)))
        }
        let connection: SQLiteConnection
        do throws(StoreError) {
            connection = try SQLiteConnection(path: path, create: false)
        } catch {
            refusedFile = stamp
            return error
        }
        db = connection
        openFile = stamp.identity
        preMigrationCopy = nil
        do throws(StoreError) {
            try prepareConnection(schemaVersion: Self.latestSchemaVersion, requireKiosk: true, keepingCopy: false)
            try checkFileAtPath()  // still the file stamped: not replaced again while it was checked
        } catch {
            connection.setCheckpointsOnClose(false)
            connection.close(because: error)
            openFile = nil
            // A lock another program holds for a moment (it still reads or writes the file it
            // just renamed there) is no verdict on the file: look again at the next poll.
            if !error.isLockContention { refusedFile = stamp }
            return error
        }
        refusedFile = nil
        countFileSwitch()
        return nil
    }
}
