// Options shared by the commands that start the app (run, replay, screenshot, bench): which
// configuration, which database, what size. Loading them reports problems the way DESIGN.md
// promises: `file:line:column: message` and exit 65 for a bad configuration.
import ArgumentParser
import KioskUI
import SwipeCore

struct AppOptions: ParsableArguments {
    @Option(help: "The TOML configuration file (default: built-in defaults).")
    var config: String?

    @Option(help: "The SQLite item database (default: the configured one; replay and screenshot use a fresh in-memory one).")
    var database: String?

    @Option(help: "Screen size WxH (headless), each side 1…\(TouchScript.maximumSide).")
    var size: String?

    /// Checked where the arguments are parsed: a bad value exits 64 before anything starts.
    func validate() throws {
        if let size, TouchScript.parseSize(size) == nil {
            throw ValidationError("--size must be WxH with each side 1…\(TouchScript.maximumSide), e.g. 1280x800; not \(size)")
        }
        if database?.isEmpty == true { throw ValidationError("--database needs a file path; it is empty") }
        if config?.isEmpty == true { throw ValidationError("--config needs a file path; it is empty") }
    }

    /// The configuration, or exit 65 with every problem listed.
    func loadConfiguration() throws -> KioskConfiguration {
        guard let config else { return KioskConfiguration() }
        do {
            return try KioskConfiguration.load(file: config)
        } catch {
            error.lines.forEach(printError)
            throw ExitCode.badData
        }
    }

    /// 2026-01-01T00:00:00Z in ms: the store time headless runs start at.
    static let headlessEpoch: StoreTime = 1_767_225_600_000

    /// The --database path, or a fresh in-memory database (replay and screenshot start from the
    /// demo data every time, so their output is reproducible, and leave no file behind).
    var databasePath: String { database ?? ItemStore.inMemoryPath }

    /// The requested size (checked by `validate`), else `fallback`.
    func screenSize(fallback: (Int, Int)) -> (width: Int, height: Int) {
        size.flatMap(TouchScript.parseSize).map { (width: $0.0, height: $0.1) } ?? (width: fallback.0, height: fallback.1)
    }

    /// Builds the app over `databasePath` at `size`; errors exit with the contract's codes.
    func makeApplication(
        configuration: KioskConfiguration, databasePath: String, size: (width: Int, height: Int),
        storeClock: KioskApplication.StoreClock = .virtual(epoch: AppOptions.headlessEpoch)
    ) throws -> KioskApplication {
        do {
            let store = try ItemStore(path: databasePath)
            let t = configuration.theme
            let fonts = try FontLocator.fonts(regular: t.regularFont, bold: t.boldFont, icons: t.iconFont)
            return try KioskApplication(
                configuration: configuration, store: store,
                size: Size(width: Double(size.width), height: Double(size.height)), fonts: fonts,
                storeClock: storeClock)
        } catch let error as AppError {
            printError(error.description)
            throw ExitCode(error.exitCode)
        } catch let error as StoreError {
            printError("\(databasePath): \(error)")
            throw ExitCode.badData
        } catch {
            printError("cannot start: \(error)")
            throw ExitCode.badData
        }
    }
}
