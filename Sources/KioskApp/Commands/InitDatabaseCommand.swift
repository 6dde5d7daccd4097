// `swipe-kiosk init-db --database FILE [--demo]`: an integrator's first step, a new database
// with the kiosk's schema (the store's migrations), empty unless --demo asks for the demo items
// of the configured lists. It never touches an existing file: the path is created with O_EXCL,
// so a live database cannot be reset by a mistyped command.
import ArgumentParser
import KioskFiles
import KioskStore

struct InitDatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init-db",
        abstract: "Create a new, empty item database with the kiosk's schema (refuses an existing file).")

    @OptionGroup var options: AppOptions

    @OptionGroup var demo: DemoOption

    func run() throws {
        let configuration = try options.loadConfiguration()
        let seeded = demo.demo
        let path = options.database ?? configuration.data.database
        do {
            try OutputFile.createNew(path)
        } catch {
            guard OutputFile.isExisting(error) else { throw ExitCode.cannotCreate(error) }
            // After a package rollback the file is there from a newer build: say that, not only "exists".
            do throws(StoreError) { _ = try ItemStore(readingOnly: path) } catch {
                if case .newerSchema = error { throw ExitCode.refused(error, database: path, command: "init-db") }
            }
            printError("init-db: \(path) already exists; init-db never replaces a database (move it aside first, or keep using it)")
            throw ExitCode.cannotCreateOutput
        }
        do throws(StoreError) {
            let store = try ItemStore(path: path)
            if seeded { try store.seedDemoDataIfNeeded(ItemStore.demoLists(for: configuration), at: ItemStore.now()) }
            print("\(path): new database, schema version \(try store.schemaVersion())\(seeded ? ", demo items" : ", no items")")
        } catch {
            OutputFile.removeCreated(path)
            throw ExitCode.refused(error, database: path, command: "init-db")
        }
    }
}
