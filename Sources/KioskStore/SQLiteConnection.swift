// A thin owner of one sqlite3 connection: open/close, prepared statements cached by their
// SQL text (each statement is parsed once per connection, never per frame), transactions,
// and typed errors. ItemStore builds its schema and operations on top of it. A connection
// closed because its file left the path (ItemStore+FileLifecycle) fails every statement with
// that reason instead of reading or writing a file nobody sees any more.
import CSQLite

/// One SQLite connection. Not thread-safe: the app uses it from its single event-loop thread.
final class SQLiteConnection {
    let path: String
    /// nil once closed.
    private var handle: OpaquePointer?
    /// Why the connection was closed: every statement since fails with it.
    private(set) var closedReason: StoreError?
    private var statements: [String: OpaquePointer] = [:]

    /// SQLite's "copy this buffer now" destructor, which the C macro SQLITE_TRANSIENT spells as -1.
    private static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

    /// Opens (creating if needed, unless `create` is false) the database file at `path`;
    /// `readOnly` opens an existing file for reading only (SQLite then refuses every write).
    init(path: String, readOnly: Bool = false, create: Bool = true) throws(StoreError) {
        self.path = path
        var db: OpaquePointer?
        let writable = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let flags = (readOnly ? SQLITE_OPEN_READONLY : writable) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let error = StoreError.from(code: code, handle: db, path: path, operation: "open \(path)")
            sqlite3_close_v2(db)
            throw error
        }
        sqlite3_extended_result_codes(db, 1)
        handle = db
        // Closing checkpoints the WAL into the file; until the store has checked that the file
        // is its own (ItemStore.init), a refused file must be closed as it was found.
        setCheckpointsOnClose(false)
    }

    /// Whether closing the connection checkpoints the WAL into the database file (SQLite's default).
    func setCheckpointsOnClose(_ on: Bool) {
        guard let handle else { return }
        _ = swipekiosk_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        if let handle { sqlite3_close_v2(handle) }
    }

    /// Whether the connection is open (not closed by ``close(because:)``).
    var isOpen: Bool { handle != nil }

    /// Closes the connection now; every later statement fails with `reason`.
    func close(because reason: StoreError) {
        guard let handle else { return }
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
        sqlite3_close_v2(handle)
        self.handle = nil
        closedReason = reason
    }

    /// The open handle, or the reason it was closed (ItemStore+Backup hands it to sqlite3_backup_init).
    func openHandle() throws(StoreError) -> OpaquePointer {
        guard let handle else {
            throw closedReason ?? .sqlite(code: SQLITE_MISUSE, message: "the connection is closed", operation: "use \(path)")
        }
        return handle
    }

    /// SQLite's `SQLITE_FCNTL_HAS_MOVED`: true when the file this connection has open is no
    /// longer the one at its path (renamed over, deleted). False for an in-memory database.
    var fileHasMoved: Bool {
        guard let handle else { return true }
        var moved: Int32 = 0
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else { return false }
        return moved != 0
    }

    /// The typed error for result `code` of `operation`.
    func error(_ code: Int32, _ operation: String) -> StoreError {
        StoreError.from(code: code, handle: handle, path: path, operation: operation)
    }

    /// Runs SQL without results (several statements allowed).
    func execute(_ sql: String, operation: String) throws(StoreError) {
        let code = sqlite3_exec(try openHandle(), sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, operation) }
    }

    /// Runs the cached statement for `sql` with `body`, then resets it and clears its bindings
    /// so no read transaction stays open between calls.
    func withStatement<T>(
        _ sql: String, operation: String, _ body: (SQLiteStatement) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            var prepared: OpaquePointer?
            let code = sqlite3_prepare_v3(try openHandle(), sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
            guard code == SQLITE_OK, let prepared else { throw error(code, operation) }
            statements[sql] = prepared
            statement = prepared
        }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        return try body(SQLiteStatement(pointer: statement, connection: self, operation: operation))
    }

    /// Runs `body` in an IMMEDIATE transaction (the write lock is taken up front, so a busy
    /// database waits for busy_timeout instead of failing half-way); rolls back when it throws.
    func transaction<T>(_ operation: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try execute("BEGIN IMMEDIATE", operation: operation)
        do throws(StoreError) {
            let result = try body()
            try execute("COMMIT", operation: operation)
            return result
        } catch {
            if let handle, sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    /// Whether SQLite opened the main database read-only (asked to, or because the file is not writable).
    var isReadOnly: Bool { handle.map { sqlite3_db_readonly($0, "main") == 1 } ?? true }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { handle.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// Rows changed by this connection since it opened.
    var totalChanges: Int64 { handle.map { sqlite3_total_changes64($0) } ?? 0 }

    /// The single integer a pragma or aggregate query returns.
    func integer(_ sql: String, operation: String) throws(StoreError) -> Int64 {
        try withStatement(sql, operation: operation) { statement throws(StoreError) in
            guard try statement.step() else { return 0 }
            return statement.int64(0)
        }
    }

    /// The single text a pragma returns (e.g. `journal_mode`).
    func text(_ sql: String, operation: String) throws(StoreError) -> String? {
        try withStatement(sql, operation: operation) { statement throws(StoreError) in
            try statement.step() ? statement.text(0) : nil
        }
    }

    fileprivate func bind(_ statement: OpaquePointer, _ index: Int32, _ value: String?) -> Int32 {
        guard let value else { return sqlite3_bind_null(statement, index) }
        // The byte count, not -1: a NUL inside the text is part of it.
        return sqlite3_bind_text(statement, index, value, Int32(clamping: value.utf8.count), Self.transient)
    }

    fileprivate func bind(_ statement: OpaquePointer, _ index: Int32, _ value: SQLiteValue) -> Int32 {
        switch value.kind {
        case .null: return sqlite3_bind_null(statement, index)
        case .integer: return sqlite3_bind_int64(statement, index, Int64(bitPattern: value.word))
        case .real: return sqlite3_bind_double(statement, index, Double(bitPattern: value.word))
        case .text, .blob:
            return value.bytes.withUnsafeBufferPointer { buffer in
                // A non-nil pointer even for no bytes: SQLite binds NULL for a nil one.
                let pointer = UnsafeRawPointer(buffer.baseAddress) ?? UnsafeRawPointer(bitPattern: 1)!
                let count = Int32(clamping: buffer.count)
                return value.kind == .blob
                    ? sqlite3_bind_blob(statement, index, pointer, count, Self.transient)
                    : sqlite3_bind_text(statement, index, pointer.assumingMemoryBound(to: CChar.self), count, Self.transient)
            }
        }
    }
}

/// A column value as stored, byte for byte, with its storage class: what must be bound back
/// where equality has to hold (an id, a section), since a blob, a number or a text that is not
/// UTF-8 does not survive the trip through `String`.
struct SQLiteValue: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case text, blob, integer, real, null

        /// One letter naming the class in an `ItemID` key.
        var tag: String {
            switch self {
            case .text: return "t"
            case .blob: return "b"
            case .integer: return "i"
            case .real: return "r"
            case .null: return "n"
            }
        }

        init?(tag: Character) {
            switch tag {
            case "t": self = .text
            case "b": self = .blob
            case "i": self = .integer
            case "r": self = .real
            case "n": self = .null
            default: return nil
            }
        }
    }

    let kind: Kind
    /// Text and blob: the bytes; integer and real: the 64-bit pattern, big-endian; null: none.
    let bytes: [UInt8]

    init(text: String) {
        kind = .text
        bytes = Array(text.utf8)
    }

    /// A value of `kind` from its bytes; nil when a number is not 8 bytes or a null has bytes.
    init?(kind: Kind, bytes: [UInt8]) {
        switch kind {
        case .integer, .real: guard bytes.count == 8 else { return nil }
        case .null: guard bytes.isEmpty else { return nil }
        case .text, .blob: break
        }
        self.kind = kind
        self.bytes = bytes
    }

    init(kind: Kind, word: UInt64) {
        self.kind = kind
        bytes = (0..<8).map { UInt8(truncatingIfNeeded: word >> (56 - 8 * UInt64($0))) }
    }

    static let null = SQLiteValue(kind: .null, bytes: [])!

    /// A number's bit pattern.
    var word: UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }
}

/// A prepared statement borrowed from the connection's cache for one use.
struct SQLiteStatement {
    let pointer: OpaquePointer
    let connection: SQLiteConnection
    let operation: String

    /// Binds parameter `index` (1-based) to text, or NULL for nil.
    func bind(_ index: Int32, _ value: String?) throws(StoreError) {
        try check(connection.bind(pointer, index, value))
    }

    /// Binds parameter `index` to a value read back from a column, exactly as it was stored.
    func bind(_ index: Int32, _ value: SQLiteValue) throws(StoreError) {
        try check(connection.bind(pointer, index, value))
    }

    /// Binds parameter `index` to an integer, or NULL for nil.
    func bind(_ index: Int32, _ value: Int64?) throws(StoreError) {
        try check(value.map { sqlite3_bind_int64(pointer, index, $0) } ?? sqlite3_bind_null(pointer, index))
    }

    /// Binds parameter `index` to 0/1, or NULL for nil.
    func bind(_ index: Int32, _ value: Bool?) throws(StoreError) {
        try bind(index, value.map { $0 ? Int64(1) : 0 })
    }

    /// Advances: true when a row is available, false when done.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(pointer)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(code, operation)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(StoreError) {
        _ = try step()
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }
    func bool(_ column: Int32) -> Bool { sqlite3_column_int64(pointer, column) != 0 }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    /// The column as text: all its bytes (a NUL inside included), invalid UTF-8 replaced by U+FFFD.
    /// Another program may have stored a blob or a number in a text column; it reads as its bytes.
    func text(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(pointer, column) else { return "" }
        let count = Int(sqlite3_column_bytes(pointer, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column exactly as stored (see `SQLiteValue`). Read it before any `text` of the same
    /// column, which turns a blob or a number into text.
    func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(pointer, column) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return SQLiteValue(kind: .integer, word: UInt64(bitPattern: sqlite3_column_int64(pointer, column)))
        case SQLITE_FLOAT: return SQLiteValue(kind: .real, word: sqlite3_column_double(pointer, column).bitPattern)
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(pointer, column))
            let bytes = sqlite3_column_blob(pointer, column).map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
            return SQLiteValue(kind: .blob, bytes: bytes)!
        default:
            let start = sqlite3_column_text(pointer, column).map(UnsafeRawPointer.init)
            let count = Int(sqlite3_column_bytes(pointer, column))
            return SQLiteValue(kind: .text, bytes: start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? [])!
        }
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    private func check(_ code: Int32) throws(StoreError) {
        guard code == SQLITE_OK else { throw connection.error(code, operation) }
    }
}
