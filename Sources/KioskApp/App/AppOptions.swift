// Options shared by the commands that start the app (run, replay, screenshot, check-text):
// which configuration, which database. Loading them reports problems the way docs/ARCHITECTURE.md
// promises: `file:line:column: message` and exit 65 for a bad configuration.
import ArgumentParser
import KioskConfig
import KioskStore
import KioskUI
import SwipeCore

public struct AppOptions: ParsableArguments {
    public init() {}

    @Option(help: "The TOML configuration file (default: built-in defaults).")
    public var config: String?

    @Option(help: ArgumentHelp(stringLiteral: "The SQLite item database (default: the configured one; replay and screenshot "
                  + "show an in-memory copy of it and never write it, or a fresh in-memory one without --config)."))
    public var database: String?

    /// Checked where the arguments are parsed: a bad value exits 64 before anything starts.
    public func validate() throws {
        if database?.isEmpty == true { throw ValidationError("--database needs a file path; it is empty") }
        if config?.isEmpty == true { throw ValidationError("--config needs a file path; it is empty") }
    }

    /// The configuration, or exit 65 with every problem listed.
    public func loadConfiguration() throws -> KioskConfiguration {
        guard let config else { return KioskConfiguration() }
        do {
            return try KioskConfiguration.load(file: config)
        } catch {
            error.lines.forEach(printError)
            throw ExitCode.badData
        }
    }

    /// 2026-01-01T00:00:00Z in ms: the store time headless runs start at.
    public static let headlessEpoch: StoreTime = 1_767_225_600_000

    /// The database `replay` and `screenshot` show, and whether as a preview (an in-memory copy):
    /// --database's file itself; with --config, a copy of the configured database (the panel's
    /// own items, its file never written); otherwise a fresh in-memory database (the same data
    /// every time, the demo's with --demo, and no file left behind).
    /// A configured database over ``ItemStore/maximumPreviewBytes`` is refused (exit 65): preview
    /// a backup of it with `--database` instead.
    public func headlessDatabase(_ configuration: KioskConfiguration, command: String) throws -> (path: String, preview: Bool) {
        if let database { return (database, false) }
        guard config != nil else { return (ItemStore.inMemoryPath, false) }
        let configured = configuration.data.database
        guard ItemStore.fileExists(at: configured) else {
            // The default path is absent on every machine but a kiosk: only a named file is news.
            if configured != DataSettings().database {
                printError("\(command): \(configured) ([data] database) does not exist yet: showing an empty database")
            }
            return (ItemStore.inMemoryPath, false)
        }
        let bytes = ItemStore.previewBytes(of: configured)
        guard bytes <= ItemStore.maximumPreviewBytes else {
            printError("\(command): \(configured) ([data] database) is \(bytes >> 20) MB; a preview copies it into memory, "
                       + "at most \(ItemStore.maximumPreviewBytes >> 20) MB: preview a backup of it with --database "
                       + "(swipe-kiosk backup --to FILE), which is then written to")
            throw ExitCode.badData
        }
        return (configured, true)
    }

    /// Builds the app over the database at `databasePath` (or, with `preview`, an in-memory copy
    /// of it) at `size` on a panel of `panelMillimetres` (0 x 0: unknown); errors exit with the
    /// contract's codes. With `[accessibility] min_text_mm`, the scale chosen is logged.
    public func makeApplication(
        configuration: KioskConfiguration, databasePath: String, preview: Bool = false, size: (width: Int, height: Int),
        storeClock: KioskApplication.StoreClock = .virtual(epoch: AppOptions.headlessEpoch), start: Instant = .zero,
        panelMillimetres: PixelSize = PixelSize(width: 0, height: 0)
    ) throws -> KioskApplication {
        do {
            let store = preview ? try ItemStore(previewOf: databasePath) : try ItemStore(path: databasePath)
            if let copy = store.preMigrationCopy {
                printError("database \(databasePath): migrated to schema \(ItemStore.latestSchemaVersion); the file as it was is kept as \(copy)")
            }
            let t = configuration.theme
            let fonts = try FontLocator.fonts(regular: t.regularFont, bold: t.boldFont, icons: t.iconFont)
            let app = try KioskApplication(
                configuration: configuration, store: store,
                size: Size(width: Double(size.width), height: Double(size.height)), fonts: fonts,
                storeClock: storeClock, start: start, panelMillimetres: panelMillimetres)
            if configuration.accessibility.minTextMillimetres > 0 { printError("text size: \(app.textSize.summary)") }
            return app
        } catch let error as AppError {
            printError(error.description)
            throw ExitCode(error.exitStatus)
        } catch let error as StoreError {
            // Also the demo data written at start: SQLITE_FULL there is the disk.
            let error = error.atStart(database: databasePath)
            // systemd does not restart on 75 (a restart cannot free space): say how to start again.
            guard error.isDiskFull else { throw ExitCode.refused(error, database: databasePath) }
            printError(error.message(database: databasePath) + "; then: systemctl restart swipe-kiosk")
            throw ExitCode(store: error)
        } catch {
            printError("cannot start: \(error)")
            throw ExitCode.badData
        }
    }
}
