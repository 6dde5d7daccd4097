// The threads that decode pictures, so the UI loop never does (docs/ARCHITECTURE.md "Rules": no
// decoding on the loop). Jobs wait in a small stack: the newest request (the row that just scrolled into
// view) is decoded first, and when the stack overflows the oldest job is dropped (its row has
// long scrolled away; it is asked for again if it comes back). Behind the stack waits the
// prefetch list (rows a moving list is about to show), taken in order only when the stack is
// empty and replaced whole by each new list. A job is decoded once even when it is asked for
// while its prefetch is under way. Results wait in a locked list until the loop's next tick
// takes them.
//
// The loop never waits for the lock: the decoders run at a lower priority, and one preempted
// while holding the lock kept the loop waiting for up to 4 ms (UI p99 2.6–5.3 ms in `bench
// --scenario pictures` on a quiet machine, 1.1–1.3 ms without the wait). The loop only tries the
// lock: a request it cannot hand over waits in its outbox for the next try, results and prefetch
// lists wait for the next tick. Decoders sleep on a semaphore that a hand-over signals.
import Canvas
import Foundation
import KioskHardware

/// What the app asks the workers to decode.
struct PictureRequest: Hashable, Sendable {
    /// The path as the item names it (the cache key), and the file it resolves to.
    let path: String
    let file: String
    let fit: PictureFit
    /// Corner radius cut into the result, in pixels (thumbnails); 0 for none.
    let cornerRadius: Double
}

/// Decoder threads with a bounded, newest-first queue and a prefetch list behind it.
final class PictureWorker: @unchecked Sendable {
    /// A finished request: the picture, why it cannot be shown, or that it was dropped unread.
    enum Outcome {
        case picture(Surface)
        case failure(String)
        case dropped
    }

    /// Jobs kept waiting at most (a screenful of rows and a little more).
    static let queueLimit = 48
    /// Guards everything below down to `sleeping`.
    private let lock = NSLock()
    private var queue: [PictureRequest] = []
    private var ahead: [PictureRequest] = []
    private var finished: [(PictureRequest, Outcome)] = []
    /// Jobs a thread is decoding now.
    private var decoding: Set<PictureRequest> = []
    private var stopped = false
    /// Decoders waiting on `wake` for a job.
    private var sleeping = 0
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled after every job (replay waits on it for the decoders to finish).
    private let progress = DispatchSemaphore(value: 0)
    /// Loop thread only: asked-for jobs not handed over yet, and jobs dropped from it.
    private var outbox: [PictureRequest] = []
    private var droppedUnsent: [(PictureRequest, Outcome)] = []
    /// Replay: the loop waits for the lock, so what is handed over and taken, and when, is the
    /// same on every run (the virtual clock waits for the decoders anyway).
    var loopWaitsForLock = false

    /// The lock for the loop thread: taken if free, or waited for in replay.
    private func acquire() -> Bool {
        if loopWaitsForLock { lock.lock(); return true }
        return lock.try()
    }

    /// Starts `threads` decoder threads; they end when `stop()` is called.
    init(threads: Int) {
        MallocPolicy.returnLargeBuffersToTheKernel()
        for index in 0..<max(1, threads) {
            WorkerThread.start(name: "picture-decoder-\(index)") { [self] in run() }
        }
    }

    /// Queues `request` ahead of older ones (and of every prefetch); its result comes once.
    func submit(_ request: PictureRequest) {
        outbox.append(request)
        if outbox.count > Self.queueLimit { droppedUnsent.append((outbox.removeFirst(), .dropped)) }
        if acquire() { handOver() }
    }

    /// Moves the outbox into the stack and wakes decoders for it. Called with the lock held; unlocks.
    private func handOver() {
        for request in outbox {
            ahead.removeAll { $0 == request }
            guard !decoding.contains(request) else { continue }
            queue.append(request)
            if queue.count > Self.queueLimit { finished.append((queue.removeFirst(), .dropped)) }
        }
        outbox.removeAll()
        unlockWaking(queue.count + ahead.count)
    }

    /// Unlocks, then wakes as many sleeping decoders as there are `jobs` for.
    private func unlockWaking(_ jobs: Int) {
        let wakes = min(sleeping, jobs)
        sleeping -= wakes
        lock.unlock()
        for _ in 0..<wakes { wake.signal() }
    }

    /// Replaces the prefetch list (at most `queueLimit` jobs, the first taken first). Jobs that
    /// drop out of it are forgotten: nothing waits for them. Skipped while a decoder holds the
    /// lock (the next tick gives a fresh list). Returns whether the list was taken.
    @discardableResult
    func prefetch(_ requests: [PictureRequest]) -> Bool {
        guard acquire() else { return false }
        ahead = Array(requests.lazy.filter { !self.decoding.contains($0) }.prefix(Self.queueLimit))
        unlockWaking(ahead.count)
        return true
    }

    /// True while a job waits or is being decoded (or the lock is busy: a decoder is at work).
    var isBusy: Bool {
        guard outbox.isEmpty, acquire() else { return true }
        defer { lock.unlock() }
        return !queue.isEmpty || !ahead.isEmpty || !decoding.isEmpty
    }

    /// Results since the last call (on the loop thread); empty while a decoder holds the lock.
    func take() -> [(PictureRequest, Outcome)] {
        var taken = droppedUnsent
        droppedUnsent = []
        if !outbox.isEmpty, acquire() { handOver() }
        guard acquire() else { return taken }
        taken += finished
        finished = []
        lock.unlock()
        return taken
    }

    /// Blocks until every queued and prefetched job is finished (replay's virtual clock waits
    /// for the decoder).
    func waitUntilIdle() {
        lock.lock()
        handOver()
        while true {
            lock.lock()
            let done = stopped || (queue.isEmpty && ahead.isEmpty && decoding.isEmpty)
            lock.unlock()
            if done { return }
            progress.wait()
        }
    }

    /// Ends the threads after their current job.
    func stop() {
        lock.lock()
        stopped = true
        let sleepers = sleeping
        sleeping = 0
        lock.unlock()
        for _ in 0..<sleepers { wake.signal() }
        progress.signal()
    }

    /// Decoders run at `WorkerThread.niceness`, below the UI loop.
    private func run() {
        while true {
            lock.lock()
            if stopped { lock.unlock(); return }
            let request = queue.popLast() ?? (ahead.isEmpty ? nil : ahead.removeFirst())
            guard let request else {
                sleeping += 1
                lock.unlock()
                wake.wait()
                continue
            }
            decoding.insert(request)
            lock.unlock()
            let outcome = Self.decode(request)
            lock.lock()
            decoding.remove(request)
            finished.append((request, outcome))
            lock.unlock()
            progress.signal()
        }
    }

    static func decode(_ request: PictureRequest) -> Outcome {
        do {
            let surface = try Picture.load(path: request.file, fit: request.fit)
            if request.cornerRadius > 0 { surface.roundCorners(radius: request.cornerRadius) }
            return .picture(surface)
        } catch {
            return .failure(error.description)
        }
    }
}
