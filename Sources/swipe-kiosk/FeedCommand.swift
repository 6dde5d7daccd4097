// `swipe-kiosk feed [--config FILE] [--database FILE] [--check]`: the fleet feed (README.md,
// "Fleets"), a second long-running process with its own unit. It runs until SIGTERM (exit 0);
// 65 for a configuration it cannot use (no [feed], plain MQTT to another machine, a credentials
// file others may read) or a libmosquitto it cannot load (65 is in the unit's
// RestartPreventExitStatus=, so a broken install is no restart loop), 70 when the loop itself fails. `--check` only says whether this kiosk
// has a feed: 0 with one, 1 without (systemd's ExecCondition= then skips the unit quietly).
import ArgumentParser
import KioskApp
import KioskFeed
import Logging

struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Keep the item database in step with the fleet's MQTT broker and publish actions and status ([feed]).")

    @OptionGroup var options: AppOptions

    @Flag(help: "Exit 0 when the configuration has a usable [feed], 1 when it has none (for ExecCondition=).")
    var check = false

    func run() throws {
        let configuration = try options.loadConfiguration()
        if check {
            guard let broker = FeedService.broker(in: configuration) else {
                print("feed: no [feed] in the configuration: this kiosk runs no fleet feed")
                throw ExitCode.notConfigured
            }
            print("feed: broker \(broker)")
            return
        }
        let service: FeedService
        do throws(FeedLaunchError) {
            service = try FeedService(configuration: configuration, database: options.database, version: SwipeKioskCommand.version,
                                      logger: Logger(label: "swipe-kiosk-feed"))
        } catch {
            switch error {
            case .database(let refusal, let path):
                throw ExitCode.refused(refusal, database: path, command: "feed")
            case .setup(let problem):
                printError("feed: \(problem)")
                throw ExitCode.badData
            }
        }
        do {
            try service.run()
        } catch {
            printError("feed: \(error)")
            throw ExitCode.software
        }
    }
}
