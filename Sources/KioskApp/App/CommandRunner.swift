// The app's policy for command actions (the processes themselves are KioskHardware's
// CommandProcesses: own process group, deadline, reaped on the loop, no thread per command).
// Item fields reach argv only through the action's placeholders, and a value that could be an
// option or a path is refused (ActionCommand.argv); the environment carries every field whole,
// so a field it cannot carry whole (too long, a NUL) refuses the command too, whatever its argv. At most
// `max_running` runs of one action and ActionCommand.totalLimit of all actions run at once: a tap
// beyond is refused visibly rather than queued, so 300 taps start no more than the caps and leave
// nothing behind to run later. Without processes (replay and screenshot unless `--run-commands`)
// nothing runs and the tap is recorded as skipped. Each outcome waits here until the loop's next
// tick turns it into a toast and a log entry; the runner moves to a reloaded app with its commands.
import KioskConfig
import KioskHardware
import KioskUI

/// Starts action commands through `processes` and queues their outcomes for the loop.
final class CommandRunner {
    /// What became of one tap on a command action.
    enum Outcome: Equatable {
        /// The command exited with this code (0: done).
        case exited(Int32)
        /// It ran past `timeout_s` and its process group was killed.
        case timedOut(seconds: Double)
        /// It could not start (the program is missing, not executable, …).
        case failedToStart(String)
        /// A placeholder's value may not become an argument: nothing ran.
        case refused(ActionCommand.RefusedValue)
        /// `max_running` runs of this action are running: nothing ran.
        case stillRunning
        /// ActionCommand.totalLimit commands are running: nothing ran.
        case tooManyRunning
        /// Commands are not run here (replay without `--run-commands`).
        case skipped
        /// It was still running when the app stopped (SIGTERM, the end of a replay), and was
        /// killed with it: the action log says so instead of leaving the start without an end.
        case stoppedWithApp
    }

    struct Result: Equatable {
        let actionID: String
        let itemID: String
        /// Which database file was open when the command started (`ItemStore.fileGeneration`):
        /// an outcome is logged only into the file whose item the person acted on.
        let file: Int
        let outcome: Outcome
    }

    /// Where commands run; nil: they are skipped.
    var processes: CommandProcesses?
    private var finished: [Result] = []
    /// The commands running now, by start number: what ``stopAll()`` reports.
    private var running: [Int: (actionID: String, itemID: String, file: Int)] = [:]
    private var starts = 0

    init(processes: CommandProcesses? = nil) {
        self.processes = processes
    }

    /// Runs `command` for the item whose fields `value` gives; the outcome is queued (at once
    /// when nothing runs).
    /// `action` is what the per-action cap counts: the same id configured on another edge or in
    /// another list is another action, with a cap of its own.
    func start(_ command: ActionCommand, action: ActionRef, itemID: String, file: Int, value: (ItemField) -> String?) {
        let actionID = action.id
        let deliver = { [unowned self] (outcome: Outcome) in
            finished.append(Result(actionID: actionID, itemID: itemID, file: file, outcome: outcome))
        }
        let argv: [String]
        do throws(ActionCommand.RefusedValue) { argv = try command.argv(value) } catch {
            return deliver(.refused(error))
        }
        if let refused = ActionCommand.environmentRefusal(value) { return deliver(.refused(refused)) }
        guard let processes else { return deliver(.skipped) }
        // Per action first: the person sees their own action is busy.
        if processes.count(tag: action) >= command.maxRunning { return deliver(.stillRunning) }
        if processes.count >= ActionCommand.totalLimit { return deliver(.tooManyRunning) }
        var variables = ["SWIPE_KIOSK_ACTION": actionID]
        // Every value is there: environmentRefusal let only UTF-8 text through.
        for field in ItemField.allCases { variables["SWIPE_KIOSK_ITEM_\(field.rawValue.uppercased())"] = value(field) ?? "" }
        variables["SWIPE_KIOSK_LIST"] = value(.list) ?? ""
        let timeout = command.timeoutSeconds
        starts += 1
        let start = starts
        do throws(SystemError) {
            try processes.start(
                argv, environment: ChildProcess.environment(setting: variables), tag: action,
                timeoutMilliseconds: Int64((timeout * 1000).rounded())
            ) { [unowned self] outcome in
                guard running.removeValue(forKey: start) != nil else { return }  // reported by stopAll
                switch outcome {
                case .ended(let termination): deliver(.exited(termination.exitCode))
                case .timedOut: deliver(.timedOut(seconds: timeout))
                }
            }
            running[start] = (actionID, itemID, file)
        } catch {
            deliver(.failedToStart("\(argv[0]): \(error.reason)"))
        }
    }

    /// The app stops: every command still running gets its outcome now (its process group is
    /// killed with CommandProcesses).
    func stopAll() {
        for (_, run) in running.sorted(by: { $0.key < $1.key }) {
            finished.append(Result(actionID: run.actionID, itemID: run.itemID, file: run.file, outcome: .stoppedWithApp))
        }
        running.removeAll()
    }

    /// Outcomes since the last call (called on the loop thread).
    func take() -> [Result] {
        defer { finished = [] }
        return finished
    }
}

extension CommandRunner.Outcome {
    /// The toast for the action `actionID`.
    func message(actionID: String) -> String {
        switch self {
        case .exited(0): return "\(actionID): done"
        case .exited(let code): return "\(actionID) failed (exit \(code))"
        case .timedOut(let seconds): return "\(actionID) timed out after \(seconds.formatted) s"
        case .failedToStart(let reason): return reason
        case .refused(let value): return "\(actionID) not run: the item's \(value.field.rawValue) \(value.reason)"
        case .stillRunning: return "\(actionID) is still running"
        case .tooManyRunning: return "\(actionID) not run: \(ActionCommand.totalLimit) commands are running"
        case .skipped: return "\(actionID) not run (commands run only with --run-commands here)"
        case .stoppedWithApp: return "\(actionID) stopped: the kiosk app stopped while it ran"
        }
    }

    /// The state dump's log entry for the action `actionID`.
    func logEntry(actionID: String) -> String {
        switch self {
        case .exited(0): return "\(actionID)-done"
        case .exited, .failedToStart: return "\(actionID)-failed"
        case .timedOut: return "\(actionID)-timeout"
        case .refused: return "\(actionID)-refused"
        case .stillRunning, .tooManyRunning: return "\(actionID)-busy"
        case .skipped: return "\(actionID)-skipped"
        case .stoppedWithApp: return "\(actionID)-stopped"
        }
    }
}

private extension Double {
    /// 30 → "30", 0.5 → "0.5".
    var formatted: String { rounded() == self ? String(Int(self)) : String(self) }
}
