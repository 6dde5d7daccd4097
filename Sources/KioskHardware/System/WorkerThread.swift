// Threads that work beside the UI loop (the picture decoders, the section reader) start here:
// Linux sets a thread's nice value per thread with setpriority(2), a syscall, which belongs in
// this layer rather than in the app's.
import CLinuxKernel
import Glibc

public enum WorkerThread {
    /// Workers run at nice 10: on a kiosk's two cores the UI loop preempts them whenever a frame
    /// is due, and they still use every idle cycle. (Nice 19 and SCHED_IDLE took the loop's p99
    /// lower still, but two busy processes at nice 0 then kept every thumbnail from ever being
    /// decoded during a 10 s scroll.)
    public static let niceness: Int32 = 10

    /// Starts a detached thread named `name` (cut to Linux's 15 bytes) that runs `body` at
    /// ``niceness``; false when the system has no thread to give (then nothing runs).
    @discardableResult
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(WorkerThreadWork(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, workerThreadMain, work) == 0 else {
            Unmanaged<WorkerThreadWork>.fromOpaque(work).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}

/// What a new thread runs, handed over through pthread_create's argument.
private final class WorkerThreadWork: @unchecked Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

/// The thread's entry: names it, lowers its priority, runs its work.
private func workerThreadMain(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let work = Unmanaged<WorkerThreadWork>.fromOpaque(argument!).takeRetainedValue()
    _ = pthread_setname_np(pthread_self(), String(decoding: work.name.utf8.prefix(15), as: UTF8.self))
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, WorkerThread.niceness)  // 0: this thread (Linux)
    work.body()
    return nil
}
