// `swipe-kiosk feed [--config FILE] [--database FILE] [--check]`: the fleet feed (README.md,
// "Fleets"), a second long-running process with its own unit. It runs until SIGTERM (exit 0);
// 65 for a configuration it cannot use (no [feed], plain MQTT to another machine, a credentials
// file others may read), 70 when the loop itself fails. `--check` only says whether this kiosk
// has a feed: 0 with one, 1 without (systemd's ExecCondition= then skips the unit quietly).
import ArgumentParser
import KioskApp
import KioskConfig
import KioskFeed
import KioskHardware
import KioskStore
import Logging

struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Keep the item database in step with the fleet's MQTT broker and publish actions and status ([feed]).")

    @OptionGroup var options: AppOptions

    @Flag(help: "Exit 0 when the configuration has a usable [feed], 1 when it has none (for ExecCondition=).")
    var check = false

    static let busyTimeoutMilliseconds: Int32 = 250

    func run() throws {
        let configuration = try options.loadConfiguration()
        if check {
            guard configuration.feed != nil else {
                print("feed: no [feed] in the configuration: this kiosk runs no fleet feed")
                throw ExitCode(ExitStatus.notConfigured)
            }
            print("feed: broker \(configuration.feed!.broker)")
            return
        }
        let logger = Logger(label: "swipe-kiosk-feed")
        let path = options.database ?? configuration.data.database
        let service: FeedService
        do {
            let setup = try FeedSetup(configuration: configuration, version: SwipeKioskCommand.version)
            let store: ItemStore
            do {
                // A short lock wait: the feed's own back-off retries a locked commit, and its loop
                // (acknowledgements, the watchdog) never waits on another process for long.
                store = try ItemStore(path: path, busyTimeout: Self.busyTimeoutMilliseconds)
            } catch {
                throw ExitCode.refused(error, database: path, command: "feed")
            }
            service = try FeedService(setup: setup, store: store, logger: logger)
        } catch let error as FeedSetupError {
            printError("feed: \(error)")
            throw ExitCode.badData
        }
        do {
            try service.run()
        } catch {
            printError("feed: \(error)")
            throw ExitCode.software
        }
    }
}
