// `swipe-kiosk export-actions --since ID [--json]`: the action log (`actions_log`) from a cursor,
// for the system that fed the items and wants to know what people did with them. The cursor is
// the log's row id, the only position that is safe to resume from (times may repeat or go back
// with the clock): a reader stores the last id it processed and passes it as --since next time.
// The database is opened read-only and read in pages, so a log of millions of rows costs one
// page of memory. Every field is explained in docs/INTEGRATION.md ("The action log").
import ArgumentParser
import Foundation
import KioskStore

struct ExportActionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-actions",
        abstract: "Print the action log after a row id: tab-separated, or JSON lines with --json.")

    @OptionGroup var options: AppOptions

    @Option(help: "Print rows whose id is greater than this (0: from the start).")
    var since: Int64 = 0

    @Flag(help: "One JSON object a line (keys as the columns; item_id as its key, see docs/INTEGRATION.md).")
    var json = false

    static let pageSize = 1000

    func validate() throws {
        guard since >= 0 else { throw ValidationError("--since must be 0 or a row id (got \(since))") }
    }

    func run() throws {
        let configuration = try options.loadConfiguration()
        let path = options.database ?? configuration.data.database
        do {
            let store = try ItemStore(readingOnly: path)
            var cursor = since
            while true {
                let page = try store.actionLog(after: cursor, limit: Self.pageSize)
                // A page at a time, all of it or exit 73: a reader must not advance past lost rows.
                let text = page.map { (json ? Self.jsonLine($0) : Self.textLine($0)) + "\n" }.joined()
                try writeStandardOutput(text, command: "export-actions")
                guard page.count == Self.pageSize, let last = page.last else { break }
                cursor = last.id
            }
        } catch let error as StoreError {
            throw ExitCode.refused(error, database: path, command: "export-actions")
        }
    }

    /// `{"action":…,"detail":…,"id":…,"item_id":…,"list_id":…,"time":…}` (sorted keys, nulls kept).
    /// `item_id` is the id's `ItemID.key`: the text itself for UTF-8 text, else U+FFFE, the
    /// storage class letter and the bytes in hex, so every stored id round-trips exactly.
    static func jsonLine(_ entry: ActionLogEntry) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(JSONEntry(entry)) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The columns separated by tabs, NULL as `\N`, and backslash, tab, newline and carriage
    /// return escaped as `\\`, `\t`, `\n`, `\r` (PostgreSQL's COPY text format).
    static func textLine(_ entry: ActionLogEntry) -> String {
        [String(entry.id), String(entry.time), entry.action, entry.itemID?.key, entry.listID, entry.detail]
            .map { $0.map(escaped) ?? "\\N" }.joined(separator: "\t")
    }

    private static func escaped(_ field: String) -> String {
        var out = ""
        for character in field.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    private struct JSONEntry: Encodable {
        let entry: ActionLogEntry
        init(_ entry: ActionLogEntry) { self.entry = entry }

        enum CodingKeys: String, CodingKey { case id, time, action, item_id, list_id, detail }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(entry.id, forKey: .id)
            try c.encode(entry.time, forKey: .time)
            try c.encode(entry.action, forKey: .action)
            try c.encode(entry.itemID?.key, forKey: .item_id)
            try c.encode(entry.listID, forKey: .list_id)
            try c.encode(entry.detail, forKey: .detail)
        }
    }
}
