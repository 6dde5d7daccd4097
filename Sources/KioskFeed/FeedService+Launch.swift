// How `swipe-kiosk feed` starts the service from a configuration and a database path: the store
// opened with the feed's short lock wait, and the two ways a start fails. Here, not in the
// command, so the executable needs only KioskApp and KioskFeed (docs/ARCHITECTURE.md, "Layers").
import KioskConfig
import KioskStore
import Logging

/// Why `swipe-kiosk feed` could not start.
public enum FeedLaunchError: Error {
    /// The store refused or failed on the database at `path`.
    case database(StoreError, path: String)
    /// The configuration cannot make a feed: the operator's to fix (exit 65 with what to do).
    case setup(FeedSetupError)
}

extension FeedService {
    /// A short lock wait: the feed's own back-off retries a locked commit, and its loop
    /// (acknowledgements, the watchdog) never waits on another process for long.
    static let busyTimeoutMilliseconds: Int32 = 250

    /// The broker `configuration`'s `[feed]` names, nil when it has none.
    public static func broker(in configuration: KioskConfiguration) -> String? {
        configuration.feed.map { "\($0.broker)" }
    }

    /// The feed of `configuration` over the database at `database` (the configured one when nil).
    public convenience init(configuration: KioskConfiguration, database: String?, version: String, logger: Logger) throws(FeedLaunchError) {
        let path = database ?? configuration.data.database
        let setup: FeedSetup
        do {
            setup = try FeedSetup(configuration: configuration, version: version)
        } catch {
            throw .setup(error)
        }
        let store: ItemStore
        do {
            store = try ItemStore(path: path, busyTimeout: Self.busyTimeoutMilliseconds)
        } catch {
            throw .database(error, path: path)
        }
        do {
            try self.init(setup: setup, store: store, logger: logger)
        } catch {
            throw .setup(error)
        }
    }
}
