// The kiosk's items and action log in one SQLite file, through the C API. This file opens
// the database, sets its durability, applies the schema migrations and detects changes
// made by other processes; reads, actions and demo data are in ItemStore+*.swift.
//
// Durability: WAL with synchronous=NORMAL. A commit appends the transaction to the WAL with
// write(2) before COMMIT returns, so it is in the kernel's page cache and survives the
// process being killed (kill -9, a crash, systemd's SIGKILL). Only an OS crash or power cut
// can lose the last transactions before the next checkpoint's fsync; the file stays
// consistent even then. FULL would add an fsync to every commit on the UI thread (tens of
// milliseconds on SD cards) to cover power loss as well; pass `.full` where that matters more.
import CSQLite
import KioskFiles
#if canImport(Glibc)
import Glibc
#endif

/// The item database. One instance owns one connection; use it from one thread.
public final class ItemStore {
    /// How hard a commit tries to reach the disk (SQLite's `PRAGMA synchronous`).
    public enum Synchronous: Int64, Sendable {
        /// Durable against process kills; the newest commits may be lost on power loss.
        case normal = 1
        /// Also durable against power loss, at one fsync per commit.
        case full = 2
    }

    /// The database file.
    public let path: String
    /// The connection; replaced when the file at `path` is replaced (ItemStore+FileLifecycle).
    var db: SQLiteConnection
    let synchronous: Synchronous
    /// The `busy_timeout` in effect, kept for a connection to a replacing file.
    private(set) var busyTimeout: Int32
    /// Device and inode of the file `db` has open (nil in memory or once it left the path).
    var openFile: DatabaseFileIdentity?
    /// A file at the path that was refused after a replacement, as it was then: it is checked
    /// again only once it changes (an importer still copying it).
    var refusedFile: DatabaseFileStamp?
    /// The copy of the file kept before the last migration this store ran (ItemStore+MigrationCopy).
    public internal(set) var preMigrationCopy: String?
    /// Which file is open: 0 for the one opened at start, one more for each file that replaced it.
    public private(set) var fileGeneration = 0
    /// Increases whenever the items or the log change, by this store or another process.
    public private(set) var changeGeneration: UInt64 = 0
    private var dataVersion: Int64 = 0

    /// SQLite's page cache per connection. Its default (2 MiB) filled up while scrolling through
    /// 100,000 items and was 5 % of the app's peak RSS; the list reads one indexed window of rows
    /// at a time and the file's pages stay in the kernel's cache, so 512 KiB costs no frame time
    /// (`bench --scenario scroll --items 100000`, BENCHMARKS.md).
    static let pageCacheKilobytes = 512

    /// SQLite's name for a private in-memory database (replay and screenshot without --database).
    public static let inMemoryPath = ":memory:"

    /// The schema version this build writes.
    public static var latestSchemaVersion: Int { migrations.count }

    /// Opens or creates the database at `path` and migrates it to the latest schema.
    /// - Parameters:
    ///   - busyTimeout: how long a write waits for another process's lock, in milliseconds.
    /// - Throws: `.directoryMissing` when the parent directory does not exist, `.notRegularFile`
    ///   for a directory, device, FIFO or socket, `.corrupt` for a file that is not a database,
    ///   `.newerSchema` for a database from a newer build, `.notKioskDatabase` for another
    ///   program's database. A refused file is left byte for byte as it was.
    public convenience init(path: String, synchronous: Synchronous = .normal, busyTimeout: Int32 = 5000) throws(StoreError) {
        try self.init(path: path, synchronous: synchronous, busyTimeout: busyTimeout, schemaVersion: Self.latestSchemaVersion)
    }

    /// Opens an existing database for reading only (`check-text`): nothing is created,
    /// migrated or switched to WAL; a file without the kiosk's schema is refused.
    public convenience init(readingOnly path: String) throws(StoreError) {
        try self.init(path: path, synchronous: .normal, busyTimeout: 5000, schemaVersion: nil)
    }

    /// Runs the start's checks on the existing database at `path` as `ItemStore(path:)` does,
    /// for reading and writing by this process, and writes nothing: what the app's start would
    /// refuse, this refuses with the same error (`doctor` reports the app's verdict, not its own).
    /// - Returns: the schema version found (0: an empty file the start will set up).
    public static func check(path: String) throws(StoreError) -> Int {
        try ItemStore(path: path, synchronous: .normal, busyTimeout: 5000, mode: .checking).schemaVersion()
    }

    /// Opens the database and migrates it up to `schemaVersion` (tests create old versions);
    /// nil opens it read-only and migrates nothing.
    convenience init(path: String, synchronous: Synchronous, busyTimeout: Int32, schemaVersion: Int?) throws(StoreError) {
        try self.init(path: path, synchronous: synchronous, busyTimeout: busyTimeout,
                      mode: schemaVersion.map { .migrating(to: $0) } ?? .reading)
    }

    /// Opens the database at `path` for `mode`. Everything that can refuse the file runs before
    /// the first write (the switch to WAL changes its header), in the same order for every mode.
    init(path: String, synchronous: Synchronous, busyTimeout: Int32, mode: OpenMode) throws(StoreError) {
        let parent = Self.parentDirectory(of: path)
        guard path == Self.inMemoryPath || access(parent, F_OK) == 0 else { throw .directoryMissing(path: path) }
        if path != Self.inMemoryPath, let kind = FileKind.of(path: path) {
            throw .notRegularFile(FileError(path: path, reason: .notRegular(kind)))
        }
        // A symbolic link to nothing: SQLite would fail with "unable to open database file" (or
        // create the target somewhere else); doctor would call it a file still to create.
        var link = stat(), target = stat()
        if path != Self.inMemoryPath, lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, stat(path, &target) != 0 {
            throw .notRegularFile(FileError(path: path, reason: .danglingLink))
        }
        self.path = path
        self.synchronous = synchronous
        self.busyTimeout = busyTimeout
        let writes = mode != .reading && path != Self.inMemoryPath
        // SQLite keeps its -wal and -shm files beside the database: its directory must be writable too.
        if writes, access(parent, W_OK) != 0 { throw .notWritable(path: path, directory: true, user: Self.userName()) }
        do throws(StoreError) {
            db = try SQLiteConnection(path: path, readOnly: mode == .reading, create: mode != .checking)
            // To read a WAL-mode file SQLite creates its -wal and -shm (as root: owned like the file,
            // with its mode then). A check leaves no such trace: when there was no -wal, the close
            // of the last connection removes them again (an empty WAL checkpoints nothing).
            if mode == .checking, access(path + "-wal", F_OK) != 0 { db.setCheckpointsOnClose(true) }
            openFile = path == Self.inMemoryPath ? nil : DatabaseFileStamp.of(path: path)?.identity
            // SQLite opens a file it may not write read-only without a word; the first swipe would
            // fail seconds later ("attempt to write a readonly database") on a panel that looked fine.
            if writes, db.isReadOnly { throw .notWritable(path: path, directory: false, user: Self.userName()) }
            try prepareConnection(schemaVersion: mode.target, requireKiosk: mode == .reading)
        } catch {
            throw error.atStart(database: path)
        }
    }

    /// What opening the database does once the file passed the checks.
    enum OpenMode: Equatable {
        /// Read only: nothing is created, migrated or switched to WAL; a file without the schema is refused.
        case reading
        /// The checks of `migrating` on an existing file, for reading and writing, then nothing
        /// is written (`doctor`): what the app's start would refuse, this refuses.
        case checking
        /// Create the file when it is missing, switch to WAL, migrate up to the version.
        case migrating(to: Int)

        /// The schema version to migrate to, nil when nothing is written.
        var target: Int? {
            if case .migrating(let version) = self { return version }
            return nil
        }
    }

    /// Everything between opening `db` and using it, at start and for a file that replaced the
    /// open one: the checks that refuse a file before anything is written to it, then (when the
    /// file needs a migration) the copy of it as it was, WAL, durability, cache and migrations.
    /// `schemaVersion` nil opens read-only and migrates nothing. `keepingCopy` false: a file
    /// another program renamed over the open one is its own copy (that program has what it wrote),
    /// and copying a big one on the UI loop stalled the panel for seconds.
    func prepareConnection(schemaVersion: Int?, requireKiosk: Bool, keepingCopy: Bool = true) throws(StoreError) {
        try setBusyTimeout(busyTimeout)
        if path != Self.inMemoryPath { try checkQuickly() }
        try checkSchema(requireKiosk: requireKiosk)
        if let schemaVersion {
            if keepingCopy { try keepCopyBeforeMigrating(to: schemaVersion) }
            db.setCheckpointsOnClose(true)  // the file is the kiosk's: closing may checkpoint it
            let mode = try db.text("PRAGMA journal_mode=WAL", operation: "enable WAL")
            // An in-memory database has no file to put a WAL beside: SQLite keeps its journal in memory.
            guard mode?.lowercased() == (path == Self.inMemoryPath ? "memory" : "wal") else {
                throw .sqlite(code: SQLITE_ERROR, message: "journal_mode is \(mode ?? "unknown"), not wal", operation: "enable WAL")
            }
            try db.execute("PRAGMA synchronous=\(synchronous.rawValue)", operation: "set synchronous")
        }
        try db.execute("PRAGMA cache_size=-\(Self.pageCacheKilobytes)", operation: "set cache_size")
        if let schemaVersion { try migrate(to: schemaVersion) }
        dataVersion = try db.integer("PRAGMA data_version", operation: "read data_version")
    }

    /// The name of the user this process runs as (its uid when it has none).
    static func userName() -> String {
        let uid = geteuid()
        guard let entry = getpwuid(uid) else { return "uid \(uid)" }
        return String(cString: entry.pointee.pw_name)
    }

    /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    public func setBusyTimeout(_ milliseconds: Int32) throws(StoreError) {
        busyTimeout = milliseconds
        try db.execute("PRAGMA busy_timeout=\(milliseconds)", operation: "set busy_timeout")
    }

    /// The directory part of `path` ("." for a bare file name).
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    // MARK: Schema

    /// The schema version recorded in the file (`PRAGMA user_version`).
    public func schemaVersion() throws(StoreError) -> Int {
        Int(try db.integer("PRAGMA user_version", operation: "read schema version"))
    }

    /// The tables each schema version has: a file that records a version must have them.
    static func tables(atVersion version: Int) -> [String] {
        version >= 5 ? ["items", "actions_log", "store_meta", "feed_outbox"]
            : version >= 2 ? ["items", "actions_log", "store_meta"] : version == 1 ? ["items", "actions_log"] : []
    }

    /// Refuses, before anything is written, a file this build must not touch: a schema version
    /// no build writes or a newer one, another program's database (tables but no version), or
    /// one whose version promises tables it does not have. `requireKiosk` also refuses a file
    /// with no schema yet (a read-only open has nothing to read there).
    func checkSchema(requireKiosk: Bool) throws(StoreError) {
        let found = try schemaVersion()
        guard found >= 0 else { throw .invalidSchemaVersion(path: path, found: found) }
        guard found <= Self.migrations.count else {
            throw .newerSchema(path: path, found: found, supported: Self.migrations.count)
        }
        let present = try db.withStatement("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
                                           operation: "list tables") { statement throws(StoreError) in
            var names: [String] = []
            while try statement.step() { names.append(statement.text(0)) }
            return names
        }
        if found == 0 {
            guard present.isEmpty else { throw .notKioskDatabase(path: path, reason: .foreignTables(present)) }
            if requireKiosk { throw .notKioskDatabase(path: path, reason: .noSchema) }
            return
        }
        let missing = Self.tables(atVersion: found).filter { !present.contains($0) }
        guard missing.isEmpty else { throw .notKioskDatabase(path: path, reason: .missingTables(version: found, missing)) }
        try checkColumns(atVersion: found)
        try checkColumnsToAdd(after: found)
        try checkMigrationsRun(after: found)
    }

    /// Refuses a file whose tables declare a column of the kiosk's schema otherwise than its
    /// migrations do (type and primary key; more columns are fine). An `items.id` without the
    /// TEXT type keeps integers and reals as such, which `actions_log.item_id` (TEXT) would log
    /// as another item's text id, and whose purge would match the wrong row.
    func checkColumns(atVersion version: Int) throws(StoreError) {
        let reference = try SQLiteConnection(path: Self.inMemoryPath)
        for migration in Self.migrations.prefix(version) { try reference.execute(migration, operation: "build the reference schema") }
        for table in Self.tables(atVersion: version) {
            let expected = try Self.columns(of: table, in: reference)
            let found = try Self.columns(of: table, in: db)
            // By name: the first wrong column named is the same in every run (doctor and the app agree).
            for (name, declaration) in expected.sorted(by: { $0.key < $1.key }) where found[name] != declaration {
                throw .notKioskDatabase(path: path, reason: .wrongColumn(table: table, column: name, expected: declaration, found: found[name]))
            }
        }
    }

    /// Each column of `table` with its declared type and whether it is the primary key.
    static func columns(of table: String, in connection: SQLiteConnection) throws(StoreError) -> [String: String] {
        try connection.withStatement("SELECT name, upper(type), pk FROM pragma_table_info(?1)", operation: "read the columns of \(table)") { s throws(StoreError) in
            try s.bind(1, table)
            var columns: [String: String] = [:]
            while try s.step() {
                let type = s.text(1)
                columns[s.text(0)] = (type.isEmpty ? "(no type)" : type) + (s.int64(2) > 0 ? " PRIMARY KEY" : "")
            }
            return columns
        }
    }

    // MARK: Changes

    /// Looks for commits by other connections (cheap: `PRAGMA data_version`). Call it every
    /// `[data] poll_interval_ms`; returns true and bumps `changeGeneration` when something changed.
    @discardableResult
    public func pollForChanges() throws(StoreError) -> Bool {
        let version = try db.integer("PRAGMA data_version", operation: "poll data_version")
        guard version != dataVersion else { return false }
        dataVersion = version
        changeGeneration &+= 1
        return true
    }

    /// Counts a switch to another file as a change (ItemStore+FileLifecycle).
    func countFileSwitch() {
        changeGeneration &+= 1
        fileGeneration += 1
    }

    /// Runs `body` as one write transaction and counts it as a change when it commits rows.
    /// Only while the file at the path is still the one open: checked before and again just
    /// before COMMIT (a file renamed over it meanwhile gets the transaction rolled back).
    func write<T>(_ operation: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try checkFileAtPath()
        let before = db.totalChanges
        let result = try db.transaction(operation) { () throws(StoreError) in
            let result = try body()
            try checkFileAtPath()
            return result
        }
        if db.totalChanges != before { changeGeneration &+= 1 }
        return result
    }

    /// Refuses a damaged file before anything reads or writes it (`PRAGMA quick_check`: every
    /// page and record, without the index cross-checks; cost at 100,000 items in BENCHMARKS.md).
    /// A damaged file read as it is shows an empty or partial list while its items are still
    /// in it, and the next write could make the damage worse.
    func checkQuickly() throws(StoreError) {
        let problems = try findings("PRAGMA quick_check", operation: "check the file (quick_check)")
        guard problems.isEmpty else { throw .damaged(path: path, problems: problems) }
    }

    /// Checks the whole file (`PRAGMA integrity_check`); returns SQLite's findings, empty when sound.
    public func integrityProblems() throws(StoreError) -> [String] {
        try findings("PRAGMA integrity_check", operation: "check integrity")
    }

    /// The lines of an integrity pragma other than "ok".
    private func findings(_ pragma: String, operation: String) throws(StoreError) -> [String] {
        try db.withStatement(pragma, operation: operation) { statement throws(StoreError) in
            var problems: [String] = []
            while try statement.step() {
                let line = statement.text(0)
                if line != "ok" { problems.append(line) }
            }
            return problems
        }
    }

    /// Wall-clock milliseconds since the Unix epoch, for callers outside replays and tests.
    public static func now() -> StoreTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return StoreTime(spec.tv_sec) * 1000 + StoreTime(spec.tv_nsec) / 1_000_000
    }
}
