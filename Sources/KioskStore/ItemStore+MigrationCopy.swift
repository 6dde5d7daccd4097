// The database as it was before a schema migration, kept beside it. A migration is a one-way
// change: an older build refuses the migrated file (schema N is newer than it knows), so a
// rollback of the package needs the file as it was. Before the first migration step the store
// writes `<db>.pre-migration-v<N>` (N: the version found) with SQLite's online backup API
// (ItemStore+Backup.swift: one read transaction, checked with integrity_check), first under a
// `.partial` name and renamed when complete, so a copy by that name is always whole. Only the
// newest two copies are kept (by version), so upgrades over years do not fill the disk. When
// the copy cannot be written (a full disk, something in the way) nothing is migrated and the
// open fails with `.preMigrationCopyFailed`.
import KioskFiles
#if canImport(Glibc)
import Glibc
#endif

extension ItemStore {
    /// How many pre-migration copies are kept beside a database.
    public static let keptPreMigrationCopies = 2

    /// The copy of the database at `path` kept before migrating it from schema `version`.
    public static func preMigrationCopyPath(of path: String, version: Int) -> String {
        "\(path).pre-migration-v\(version)"
    }

    /// Writes the copy when the open file needs a migration to `target` (a file with a schema
    /// older than `target`; a new, empty file has nothing to keep), then removes older copies.
    func keepCopyBeforeMigrating(to target: Int) throws(StoreError) {
        guard path != Self.inMemoryPath else { return }
        let found = try schemaVersion()
        guard found > 0, found < target else { return }
        let copy = Self.preMigrationCopyPath(of: path, version: found)
        let partial = copy + ".partial"
        func refuse(_ reason: String, diskFull: Bool) -> StoreError {
            OutputFile.removeCreated(partial)
            return .preMigrationCopyFailed(path: path, copy: copy, reason: reason, diskFull: diskFull)
        }
        unlink(partial)  // left by a start that was killed while copying
        do throws(FileError) {
            try OutputFile.createNew(partial)
        } catch {
            var diskFull = false
            if case .system(_, let code) = error.reason { diskFull = StoreError.meansDiskFull(errno: code) }
            throw refuse("\(error)", diskFull: diskFull)
        }
        do throws(StoreError) {
            _ = try Self.backup(database: path, to: partial)
            Self.removeEmptyWAL(of: partial)  // left by the check of the copy, which wrote nothing
        } catch {
            let error = error.atStart(database: path)
            throw refuse(error.description, diskFull: error.isDiskFull)
        }
        guard rename(partial, copy) == 0 else {
            let code = errno
            throw refuse("rename \(partial): \(String(cString: strerror(code)))", diskFull: StoreError.meansDiskFull(errno: code))
        }
        Self.syncDirectory(of: path)
        preMigrationCopy = copy
        Self.removeOldPreMigrationCopies(of: path)
    }

    /// Deletes all but the newest ``keptPreMigrationCopies`` copies (by schema version) of `path`.
    static func removeOldPreMigrationCopies(of path: String) {
        let directory = parentDirectory(of: path)
        let prefix = String(path.split(separator: "/").last ?? "") + ".pre-migration-v"
        guard let stream = opendir(directory) else { return }
        var versions: [Int] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), let version = Int(name.dropFirst(prefix.count)), version > 0 else { continue }
            versions.append(version)
        }
        closedir(stream)
        for version in versions.sorted(by: >).dropFirst(keptPreMigrationCopies) {
            unlink(preMigrationCopyPath(of: path, version: version))
        }
    }

    /// Deletes the `-wal` and `-shm` of the closed database at `path` when the WAL is empty (a
    /// read-only connection's leftovers: nothing in them belongs to the file).
    static func removeEmptyWAL(of path: String) {
        var info = stat()
        guard stat(path + "-wal", &info) == 0, info.st_size == 0 else { return }
        unlink(path + "-wal")
        unlink(path + "-shm")
    }

    /// Makes a rename in the directory of `path` durable (fsync of the directory).
    static func syncDirectory(of path: String) {
        let fd = open(parentDirectory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
