// Tests that drive a real process (a headless app, a feed, a broker) wait for what it does by
// polling with a deadline: never a fixed sleep, which is too short on a loaded machine and
// wasted on a quiet one. Shared by every test target that runs processes.
import Foundation

/// Polls `condition` every 50 ms until it holds or `timeout` seconds passed; returns whether it held.
public func waitUntil(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(50_000)
    }
    return try condition()
}
