// Text to 16-bit mono PCM with espeak-ng, off the UI loop (docs/ARCHITECTURE.md: nothing blocks
// the loop). espeak-ng keeps global state and is not safe across threads (espeak-ng#1518), so
// one worker thread per process makes every espeak-ng call, in its synchronous mode
// (reference §2.2: never its own audio); the PCM goes to the sink the app gives, chunk by chunk.
// `speak` returns at once. A new utterance interrupts the one being said: the synthesis
// callback returns 1 at its next chunk (espeak_ng_Cancel cannot stop a synchronous synthesis).
// Replay asks for no interruption: each utterance is synthesised whole, in order, so espeak-ng
// sees the same calls on every run (where a cut lands depends on the threads' timing, and
// espeak-ng's state after it differs), and the replay cuts the recording at virtual times.
import CEspeakNG
import Foundation
import KioskHardware

/// What the synthesiser hands the audio output.
public enum SpeechAudio: Sendable, Equatable {
    /// The next samples of utterance `id` (mono, `SpeechSynthesizer.sampleRate` Hz).
    case samples(id: Int, [Int16])
    /// Utterance `id` has ended (said to the end, cut, or failed).
    case finished(id: Int)
}

/// espeak-ng on its worker thread: `speak` queues, `stop` cuts, the sink receives PCM.
public final class SpeechSynthesizer: @unchecked Sendable {
    /// espeak-ng's output rate (espeak_ng_GetSampleRate; 22050 Hz with the Debian data).
    public static let sampleRate = 22_050
    /// Utterances waiting at most. Interrupting ones leave one (each drops the others); without
    /// interruption (replay) `speak` waits for the worker once this many wait (virtual time
    /// stands still meanwhile).
    static let queueLimit = 16

    struct Job {
        let utterance: Utterance
        let sink: @Sendable (SpeechAudio) -> Void
        /// Cut: the callback stops the synthesis at its next chunk.
        var stopped = false
    }

    private let lock = NSLock()
    private let wake = DispatchSemaphore(value: 0)
    private let idle = NSCondition()
    // Guarded by `lock`.
    private var queue: [Job] = []
    private var current: Job?
    private var busy = false
    private var startFailure: SpeechError?
    /// Who wants to hear of a start failure, until the thread has tried (`whenStartFails`).
    private var startFailureReports: [@Sendable (SpeechError) -> Void] = []
    /// The names espeak-ng answers to (lowercased), once the thread has started it; empty when
    /// it could not start.
    private var voiceNames: Set<String>?

    /// The process's synthesiser (espeak-ng allows one), started on first use.
    public static let shared = SpeechSynthesizer()

    private init() {
        // At the workers' lower priority: on a panel with one or two cores the UI loop preempts
        // synthesis whenever a frame is due (in the VM's one emulated CPU, key-to-flip while
        // speaking was 3-4x that of a silent app with the thread at nice 0). espeak-ng makes PCM
        // several times faster than it is played, so the sound does not wait.
        guard WorkerThread.start(name: "speech", { [unowned self] in run() }) else {
            lock.lock()
            startFailure = .initialization("no thread for speech")
            voiceNames = []
            lock.unlock()
            return
        }
    }

    /// Queues `utterance`; its PCM goes to `sink` on the speech thread. `interrupting`: what
    /// is being said stops at once and utterances still waiting are dropped (each reports
    /// `finished`); otherwise it waits its turn.
    public func speak(_ utterance: Utterance, interrupting: Bool = true, sink: @escaping @Sendable (SpeechAudio) -> Void) {
        lock.lock()
        let full = !interrupting && queue.count >= Self.queueLimit
        lock.unlock()
        if full { waitUntilIdle() }
        lock.lock()
        let dropped = interrupting ? stopLocked() : []
        queue.append(Job(utterance: utterance, sink: sink))
        lock.unlock()
        for job in dropped { job.sink(.finished(id: job.utterance.id)) }
        wake.signal()
    }

    /// Stops what is being said at once and drops what waits.
    public func stop() {
        lock.lock()
        let dropped = stopLocked()
        lock.unlock()
        for job in dropped { job.sink(.finished(id: job.utterance.id)) }
    }

    /// Whether espeak-ng has a voice called `name` (a voice file's name such as `en-GB-x-rp`, or
    /// its language name; MBROLA voices are not listed: they need the mbrola program and its
    /// data); nil when espeak-ng could not start. Waits for the speech thread's start.
    public func knowsVoice(_ name: String) -> Bool? {
        let (names, failed) = started()
        return failed == nil ? names.contains(name.lowercased()) : nil
    }

    /// Why espeak-ng could not start (the library or its data missing), or nil once it runs.
    /// Waits for the speech thread's start (`doctor`; the app is told by ``whenStartFails(_:)``).
    public func failureToStart() -> SpeechError? { started().failure }

    /// Calls `report` once with why espeak-ng could not start: now, when it already failed, or
    /// from the speech thread when it fails (so a kiosk logs it at start, not with the first
    /// thing it says); never when espeak-ng runs.
    public func whenStartFails(_ report: @escaping @Sendable (SpeechError) -> Void) {
        lock.lock()
        let tried = voiceNames != nil, failed = startFailure
        if !tried { startFailureReports.append(report) }
        lock.unlock()
        if tried, let failed { report(failed) }
    }

    /// The voice names and the start failure, once the speech thread has tried to start.
    private func started() -> (names: Set<String>, failure: SpeechError?) {
        idle.lock()
        defer { idle.unlock() }
        while true {
            lock.lock()
            let names = voiceNames, failed = startFailure
            lock.unlock()
            if let names { return (names, failed) }
            idle.wait()
        }
    }

    /// Waits until every queued utterance is synthesised (replay and tests: the virtual clock
    /// waits for the worker, as it waits for the picture decoders).
    public func waitUntilIdle() {
        idle.lock()
        while true {
            lock.lock()
            let done = queue.isEmpty && !busy
            lock.unlock()
            if done { break }
            idle.wait()
        }
        idle.unlock()
    }

    /// Marks the current job stopped and empties the queue (returned).
    private func stopLocked() -> [Job] {
        current?.stopped = true
        let dropped = queue
        queue.removeAll()
        return dropped
    }

    // MARK: The speech thread

    private func run() {
        let (started, names) = Self.startEngineAndListVoices()
        let engine = try? started.get()
        lock.lock()
        if case .failure(let failure) = started { startFailure = failure }
        voiceNames = names
        let reports = startFailureReports
        startFailureReports = []
        lock.unlock()
        if case .failure(let failure) = started { for report in reports { report(failure) } }
        idle.lock()
        idle.broadcast()
        idle.unlock()
        while true {
            wake.wait()
            while let job = next() {
                if let engine { synthesize(job, with: engine) }
                job.sink(.finished(id: job.utterance.id))
                lock.lock()
                current = nil
                busy = !queue.isEmpty
                lock.unlock()
                idle.lock()
                idle.broadcast()
                idle.unlock()
            }
        }
    }

    private func next() -> Job? {
        lock.lock()
        defer { lock.unlock() }
        guard !queue.isEmpty else { return nil }
        current = queue.removeFirst()
        busy = true
        return current
    }

    /// Whether the job being synthesised was cut.
    var currentJobStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return current?.stopped ?? true
    }

    /// Called by the synthesis callback with each chunk: passes it on unless the job was
    /// stopped; false when the synthesis is to stop.
    func deliver(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        lock.lock()
        let job = current
        lock.unlock()
        guard let job, !job.stopped else { return false }
        job.sink(.samples(id: job.utterance.id, Array(samples)))
        return true
    }
}
