// Runs an action's external command without blocking the loop: the process is spawned through
// ChildProcess (an empty signal mask and default dispositions, so `systemctl stop` and timeouts
// can end it), its exit is collected by a thread that waits for it, and the result waits in a
// locked queue until the loop's next tick turns it into a toast. The item's fields go in the
// environment.
import Foundation
import KioskHardware

/// Spawns action commands and hands their results back to the loop thread.
final class CommandRunner: @unchecked Sendable {
    struct Result {
        let actionID: String
        let itemID: String
        let status: Int32
        let error: String?
    }

    private let lock = NSLock()
    private var finished: [Result] = []

    /// Starts `argv` (+ the item id as the last argument) with `environment` added.
    func start(_ argv: [String], itemID: String, actionID: String, environment: [String: String]) {
        guard let executable = argv.first else {
            deliver(Result(actionID: actionID, itemID: itemID, status: -1, error: "no command configured"))
            return
        }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(executable, arguments: argv + [itemID], environment: variables)
        } catch {
            deliver(Result(actionID: actionID, itemID: itemID, status: -1, error: "\(executable): \(String(cString: strerror(error.errno)))"))
            return
        }
        Thread.detachNewThread { [weak self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            self?.deliver(Result(actionID: actionID, itemID: itemID, status: ChildProcess.exitCode(status: status), error: nil))
        }
    }

    /// Results finished since the last call (called on the loop thread).
    func take() -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        let taken = finished
        finished = []
        return taken
    }

    private func deliver(_ result: Result) {
        lock.lock()
        finished.append(result)
        lock.unlock()
    }
}
