// The feed's command thread: commands from the broker go to the running app's control socket one
// at a time, here, so neither the MQTT network thread nor the feed's loop (items, actions, the
// watchdog) ever waits on the app; a screenshot of a large panel or an app that does not answer
// (ControlSocket.send gives up after `timeoutSeconds`) holds up only the commands behind it.
// The queue is bounded: a command that finds `queueLimit` waiting is answered `busy` at once.
import Foundation
import KioskHardware

/// A command's result from the app, handed back to the feed's loop.
struct CommandOutcome: Sendable {
    let command: FleetCommand
    /// The reply's payload (a PNG, the status JSON, or nothing), or the error message.
    let result: Result<[UInt8], CommandFailure>
}

/// Why a command failed: the app refused it, or the socket could not be reached.
struct CommandFailure: Error, Sendable {
    let message: String
}

/// One thread running commands in order.
final class FleetCommandRunner: @unchecked Sendable {
    /// Commands waiting behind the one running.
    static let queueLimit = 8
    static let timeoutSeconds = 10

    private let condition = NSCondition()
    private var queue: [FleetCommand] = []
    private var stopped = false
    private let socketPath: String
    /// Called on the command thread with each result.
    private let finished: @Sendable (CommandOutcome) -> Void

    init(socketPath: String, finished: @escaping @Sendable (CommandOutcome) -> Void) {
        self.socketPath = socketPath
        self.finished = finished
    }

    /// Starts the thread; false when the system has none to give.
    func start() -> Bool {
        WorkerThread.start(name: "feed-commands") { [self] in run() }
    }

    /// Queues `command`; false (nothing queued) when `queueLimit` commands are waiting.
    func submit(_ command: FleetCommand) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard queue.count < Self.queueLimit, !stopped else { return false }
        queue.append(command)
        condition.signal()
        return true
    }

    /// Ends the thread after the command it runs, if any; waiting commands are dropped.
    func stop() {
        condition.lock()
        stopped = true
        queue = []
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            if stopped { condition.unlock(); return }
            let command = queue.removeFirst()
            condition.unlock()
            finished(CommandOutcome(command: command, result: send(command.request)))
        }
    }

    /// The app's reply to `request`, as `swipe-kiosk ctl` would report it.
    private func send(_ request: ControlRequest) -> Result<[UInt8], CommandFailure> {
        do throws(ControlSocketError) {
            switch try ControlSocket.send(request, to: socketPath, timeoutSeconds: Self.timeoutSeconds) {
            case .ok(let payload): return .success(payload)
            case .error(let message): return .failure(CommandFailure(message: request.refusal(message)))
            }
        } catch {
            return .failure(CommandFailure(message: error.clientMessage))
        }
    }
}
