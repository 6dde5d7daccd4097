// Text to 16-bit mono PCM with espeak-ng, off the UI loop (docs/ARCHITECTURE.md: nothing blocks
// the loop). espeak-ng keeps global state and is not safe across threads (espeak-ng#1518), so
// one worker thread per process makes every espeak-ng call, in its synchronous mode
// (reference §2.2: never its own audio); the PCM goes to the sink the app gives, chunk by chunk.
// `speak` returns at once. A new utterance interrupts the one being said: the synthesis
// callback returns 1 at its next chunk (espeak_ng_Cancel cannot stop a synchronous synthesis).
// Replay cuts deterministically instead: "stop after N samples" (the virtual time between the
// two utterances), so the same script gives the same audio whatever the threads' timing.
import CEspeakNG
import Foundation

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
    /// Utterances waiting at most. `.now` cuts leave one (each new one drops the others);
    /// replay's `.afterSamples` cuts keep them all, so there `speak` waits for the worker
    /// (virtual time stands still meanwhile) once this many wait.
    static let queueLimit = 16

    /// How the current utterance ends when another begins or speech stops.
    public enum Cut: Sendable, Equatable {
        /// At its next chunk (the device: the person pressed a key, silence now).
        case now
        /// After this many of its samples in all (replay: the virtual time it had).
        case afterSamples(Int)
    }

    struct Job {
        let utterance: Utterance
        let sink: @Sendable (SpeechAudio) -> Void
        /// Samples it may still produce; nil: all of them.
        var limit: Int?
        var produced = 0
    }

    private let lock = NSLock()
    private let wake = DispatchSemaphore(value: 0)
    private let idle = NSCondition()
    // Guarded by `lock`.
    private var queue: [Job] = []
    private var current: Job?
    private var busy = false
    private var startFailure: SpeechError?

    /// The process's synthesiser (espeak-ng allows one), started on first use.
    public static let shared = SpeechSynthesizer()

    private init() {
        let thread = Thread { [unowned self] in run() }
        thread.name = "speech"
        thread.start()
    }

    /// Queues `utterance`; its PCM goes to `sink` on the speech thread. What is being said is
    /// cut as `cut` says, and utterances still waiting are dropped (each reports `finished`).
    public func speak(_ utterance: Utterance, cut: Cut = .now, sink: @escaping @Sendable (SpeechAudio) -> Void) {
        lock.lock()
        let full = queue.count >= Self.queueLimit
        lock.unlock()
        if full { waitUntilIdle() }
        lock.lock()
        let dropped = cutLocked(cut)
        queue.append(Job(utterance: utterance, sink: sink))
        lock.unlock()
        for job in dropped { job.sink(.finished(id: job.utterance.id)) }
        wake.signal()
    }

    /// Ends what is being said (as `cut` says) and drops what waits.
    public func stop(cut: Cut = .now) {
        lock.lock()
        let dropped = cutLocked(cut)
        lock.unlock()
        for job in dropped { job.sink(.finished(id: job.utterance.id)) }
    }

    /// Why espeak-ng could not start, once the thread has tried (nil: it runs, or has not tried yet).
    public var failure: SpeechError? {
        lock.lock()
        defer { lock.unlock() }
        return startFailure
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

    /// `.now`: the current job stops at its next chunk and the waiting ones are dropped (returned).
    /// `.afterSamples`: the newest job (waiting or being said) is limited; none is dropped.
    private func cutLocked(_ cut: Cut) -> [Job] {
        switch cut {
        case .now:
            current?.limit = 0
            let dropped = queue
            queue.removeAll()
            return dropped
        case .afterSamples(let n):
            if let last = queue.indices.last {
                queue[last].limit = min(queue[last].limit ?? .max, max(0, n))
            } else if let job = current {
                current?.limit = min(job.limit ?? .max, max(0, n))
            }
            return []
        }
    }

    // MARK: The speech thread

    private func run() {
        let started = Self.startEngine()
        lock.lock()
        startFailure = started
        lock.unlock()
        while true {
            wake.wait()
            while let job = next() {
                if started == nil { synthesize(job) }
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

    /// Called by the synthesis callback with each chunk: passes on what the job's limit allows;
    /// false when the job is to stop.
    func deliver(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        lock.lock()
        guard let job = current else {
            lock.unlock()
            return false
        }
        let allowed = job.limit.map { max(0, $0 - job.produced) } ?? samples.count
        let count = min(allowed, samples.count)
        current?.produced += count
        let stop = job.limit.map { job.produced + count >= $0 } ?? false
        lock.unlock()
        if count > 0 { job.sink(.samples(id: job.utterance.id, Array(samples.prefix(count)))) }
        return !stop
    }
}
