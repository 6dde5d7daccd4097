// `swipe-kiosk schema`: the table definitions an importer may rely on, printed as an SQL script
// that creates a database the kiosk accepts (it sets the schema version too). The statements are
// read back from a database built by the store's own migrations (ItemStore+Schema.swift), so
// they cannot drift from what the app creates; each column gets a comment: type, required or
// default, meaning. docs/INTEGRATION.md explains them.
import ArgumentParser
import KioskStore

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the database's tables and indexes as SQL, with a comment per column.")

    func run() throws {
        let objects: [SchemaObject]
        do throws(StoreError) {
            objects = try ItemStore.schemaObjects()
        } catch {
            printError("schema: \(error)")
            throw ExitCode.software
        }
        try writeStandardOutput(Self.script(objects, version: ItemStore.latestSchemaVersion), command: "schema")
    }

    /// The SQL script: header, each table with its column comments, the indexes, the version.
    static func script(_ objects: [SchemaObject], version: Int) -> String {
        var out = """
            -- SwipeKiosk item database, schema version \(version) (`swipe-kiosk schema`).
            -- Prefer `swipe-kiosk init-db --database FILE`; running this script in an empty file
            -- makes the same database. Times are milliseconds since 1970-01-01 UTC.
            PRAGMA journal_mode = WAL;

            """
        for object in objects {
            out += "\n\(object.sql);\n"
            let width = object.columns.map(\.name.count).max() ?? 0
            for column in object.columns {
                let name = column.name + String(repeating: " ", count: width - column.name.count)
                out += "--   \(name)  \(Self.summary(of: column)): \(column.meaning)\n"
            }
        }
        return out + "\nPRAGMA user_version = \(version);\n"
    }

    /// `TEXT, required` / `INTEGER, default 0` / `TEXT, optional (NULL)`.
    static func summary(of column: SchemaColumn) -> String {
        if column.required { return "\(column.type), required" }
        if let value = column.defaultValue { return "\(column.type), default \(value)" }
        return column.nullable ? "\(column.type), optional (NULL)" : "\(column.type), assigned by SQLite"
    }
}
