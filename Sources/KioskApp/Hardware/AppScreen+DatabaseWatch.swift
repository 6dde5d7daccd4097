// An idle kiosk must sleep: instead of checking the database for other programs' writes every
// poll interval, the app on hardware watches the database file and its WAL with inotify
// (FileChangeWatcher in the session's loop) and checks only after a write. Where the watch cannot
// be set up (some network file systems) it keeps polling at `data.poll_interval_ms`, and says so.
import KioskHardware

extension AppScreen {
    /// Starts watching `path`; on failure the app keeps polling.
    public func watchDatabase(at path: String) {
        do {
            let watcher = try FileChangeWatcher(path: path)
            try watcher.watch(on: session.loop) { [unowned self] in app.storePoll.writeSeen() }
            databaseWatcher = watcher
            app.storePoll.watched = true
        } catch {
            session.logger.notice("database: no change notifications for \(path) (\(error)): polling every \(app.configuration.data.pollInterval) ms")
        }
    }
}
