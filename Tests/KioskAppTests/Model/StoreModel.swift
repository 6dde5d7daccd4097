// The reference of the app-level model-based test: every row of `items` exactly as SQLite
// quotes it (storage class and value), and what the kiosk may have done to it, replayed from
// the `actions_log` rows it wrote. After each step of a run the database must equal this model,
// so an action applied to another row than the one it names, a change without its log row, a
// log row without its change, or a purge of an item the kiosk did not delete, all show.
import Foundation
@testable import KioskStore

/// The expected content of `items`, kept in step with the kiosk's log.
struct StoreModel {
    /// Each column of a row as `quote()` gives it: `'text'`, `X'626c6f62'`, `1`, `0.5`, `NULL`.
    typealias Row = [String: String]
    static let columns = ["id", "list_id", "title", "subtitle", "body", "avatar", "icon", "badge", "unread", "flagged",
                          "archived", "deleted_at", "section", "sort_key", "updated_at", "image", "pinned"]

    /// Rows by their quoted id.
    var rows: [String: Row] = [:]
    /// The last `actions_log` row accounted for.
    var lastLogID: Int64 = 0
    /// Quoted ids and times of the kiosk's own `delete` rows (what its purge may remove).
    var kioskDeletes: Set<[String]> = []

    init() {}

    /// The model of a database as it is: its rows, its log's end, the kiosk's deletes in it.
    init(of store: ItemStore) throws {
        rows = try Self.snapshot(store)
        let log = try Self.log(store, after: 0)
        lastLogID = log.last?.id ?? 0
        kioskDeletes = Set(log.filter { $0.action == "delete" }.map { [$0.item, String($0.time)] })
    }

    /// Every row of `items` in `store`, quoted.
    static func snapshot(_ store: ItemStore) throws -> [String: Row] {
        let sql = "SELECT " + columns.map { "quote(\($0))" }.joined(separator: ", ") + " FROM items"
        return try store.db.withStatement(sql, operation: "snapshot") { s throws(StoreError) in
            var rows: [String: Row] = [:]
            while try s.step() {
                var row: Row = [:]
                for (i, column) in columns.enumerated() { row[column] = s.text(Int32(i)) }
                rows[row["id"]!] = row
            }
            return rows
        }
    }

    /// A log row with its item quoted as stored.
    struct LogRow {
        let id: Int64
        let time: Int64
        let action: String
        let item: String
        let itemID: ItemID?
        let detail: String?
    }

    static func log(_ store: ItemStore, after id: Int64) throws -> [LogRow] {
        let sql = "SELECT id, time, action, quote(item_id), item_id, detail FROM actions_log WHERE id > ?1 ORDER BY id"
        return try store.db.withStatement(sql, operation: "log") { s throws(StoreError) in
            try s.bind(1, id)
            var rows: [LogRow] = []
            while try s.step() {
                let itemID = s.isNull(4) ? nil : ItemID(s.value(4))
                rows.append(LogRow(id: s.int64(0), time: s.int64(1), action: s.text(2), item: s.text(3), itemID: itemID,
                                   detail: s.isNull(5) ? nil : s.text(5)))
            }
            return rows
        }
    }

    /// The column a logged change sets and its value (besides `updated_at`); nil for log-only rows.
    static func change(_ action: String, of row: Row, at time: Int64) -> (column: String, value: String)? {
        switch action {
        case "delete": return ("deleted_at", row["deleted_at"] == "NULL" ? String(time) : row["deleted_at"]!)
        case "undo-delete": return ("deleted_at", "NULL")
        case "archive", "unarchive": return ("archived", action == "archive" ? "1" : "0")
        case "flag", "unflag": return ("flagged", action == "flag" ? "1" : "0")
        case "read", "unread": return ("unread", action == "read" ? "0" : "1")
        case "pin", "unpin": return ("pinned", action == "pin" ? "1" : "0")
        default: return nil
        }
    }

    /// Accounts for the kiosk's new log rows against `actual` (the database now); returns what
    /// does not add up, or nil when the model and the database agree.
    mutating func account(for log: [LogRow], actual: [String: Row]) -> String? {
        for entry in log {
            lastLogID = entry.id
            if ItemChange(rawValue: entry.action) != nil {
                guard var row = rows[entry.item], let change = Self.change(entry.action, of: row, at: entry.time) else {
                    return "log row \(entry.id) \(entry.action) names no item: \(entry.item)"
                }
                row[change.column] = change.value
                row["updated_at"] = String(entry.time)
                rows[entry.item] = row
                if entry.action == "delete" { kioskDeletes.insert([entry.item, row["deleted_at"]!]) }
            } else if entry.action == "purge" {
                let gone = rows.keys.filter { actual[$0] == nil }
                for key in gone {
                    guard let deletedAt = rows[key]?["deleted_at"], kioskDeletes.contains([key, deletedAt]) else {
                        return "the purge removed \(key), which the kiosk did not delete"
                    }
                    rows[key] = nil
                }
                guard entry.detail == "\(gone.count) items" else { return "purge logged \(entry.detail ?? "nil"), removed \(gone.count)" }
            } else if entry.item != "NULL", rows[entry.item] == nil {
                return "log row \(entry.id) \(entry.action) names no item: \(entry.item)"
            }
        }
        for (key, row) in rows where actual[key] != row {
            return "item \(key): expected \(row), stored \(actual[key].map { "\($0)" } ?? "nothing")"
        }
        if let extra = actual.keys.first(where: { rows[$0] == nil }) { return "item \(extra) appeared without a write" }
        return nil
    }
}
