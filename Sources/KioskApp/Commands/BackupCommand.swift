// `swipe-kiosk backup --to FILE`: a consistent copy of the item database while the kiosk runs
// (SQLite's online backup, ItemStore+Backup.swift). The copy is a new file: an existing one is
// refused (exit 73), so an old backup is never overwritten by a failing one; a failed copy is
// removed. Restoring is copying the file back while the kiosk is stopped (docs/INTEGRATION.md).
import ArgumentParser
import KioskFiles
import KioskStore

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the item database consistently while the kiosk runs (SQLite online backup).")

    @OptionGroup var options: AppOptions

    @Option(help: "The new file to write the copy to (must not exist).")
    var to: String

    func run() throws {
        let configuration = try options.loadConfiguration()
        let path = options.database ?? configuration.data.database
        do {
            try OutputFile.createNew(to)
        } catch {
            guard OutputFile.isExisting(error) else { throw ExitCode.cannotCreate(error) }
            printError("backup: \(to) already exists; a backup never replaces a file (choose a new name)")
            throw ExitCode.cannotCreateOutput
        }
        do throws(StoreError) {
            let summary = try ItemStore.backup(database: path, to: to)
            print("\(to): copy of \(path), schema version \(summary.schemaVersion), \(summary.items) items, "
                + "action log up to id \(summary.lastActionID)")
        } catch {
            OutputFile.removeCreated(to)
            throw ExitCode.refused(error, database: path, command: "backup")
        }
    }
}
