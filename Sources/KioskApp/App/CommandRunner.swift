// Runs an action's external command without blocking the loop: the process is spawned, its
// exit is collected on Foundation's reaper thread, and the result waits in a locked queue until
// the loop's next tick turns it into a toast. The item's fields go in the environment.
import Foundation

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
    private var running: [Process] = []

    /// Starts `argv` (+ the item id as the last argument) with `environment` added.
    func start(_ argv: [String], itemID: String, actionID: String, environment: [String: String]) {
        guard let executable = argv.first else {
            deliver(Result(actionID: actionID, itemID: itemID, status: -1, error: "no command configured"))
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(argv.dropFirst()) + [itemID]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [weak self] p in
            self?.deliver(Result(actionID: actionID, itemID: itemID, status: p.terminationStatus, error: nil))
            self?.forget(p)
        }
        do {
            try process.run()
            lock.lock()
            running.append(process)
            lock.unlock()
        } catch {
            deliver(Result(actionID: actionID, itemID: itemID, status: -1, error: "\(executable): \(error.localizedDescription)"))
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

    private func forget(_ process: Process) {
        lock.lock()
        running.removeAll { $0 === process }
        lock.unlock()
    }
}
