// The threads that decode pictures, so the UI loop never does (DESIGN.md: no image decode on
// the loop). Jobs wait in a small stack: the newest request (the row that just scrolled into
// view) is decoded first, and when the stack overflows the oldest job is dropped (its row has
// long scrolled away; it is asked for again if it comes back). Behind the stack waits the
// prefetch list (rows a moving list is about to show), taken in order only when the stack is
// empty and replaced whole by each new list. A job is decoded once even when it is asked for
// while its prefetch is under way. Results wait in a locked list until the loop's next tick
// takes them.
import Canvas
import CMalloc
import Foundation
import Glibc

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
    private let condition = NSCondition()
    private var queue: [PictureRequest] = []
    private var ahead: [PictureRequest] = []
    private var finished: [(PictureRequest, Outcome)] = []
    /// Jobs a thread is decoding now.
    private var decoding: Set<PictureRequest> = []
    private var stopped = false

    /// Starts `threads` decoder threads; they end when `stop()` is called.
    init(threads: Int) {
        _ = Self.fixedMallocThreshold
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in run() }
            thread.name = "picture-decoder-\(index)"
            thread.start()
        }
    }

    /// Queues `request` ahead of older ones (and of every prefetch); its result comes once.
    func submit(_ request: PictureRequest) {
        condition.lock()
        ahead.removeAll { $0 == request }
        if !decoding.contains(request) {
            queue.append(request)
            if queue.count > Self.queueLimit { finished.append((queue.removeFirst(), .dropped)) }
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Replaces the prefetch list (at most `queueLimit` jobs, the first taken first). Jobs that
    /// drop out of it are forgotten: nothing waits for them.
    func prefetch(_ requests: [PictureRequest]) {
        condition.lock()
        ahead = Array(requests.lazy.filter { !self.decoding.contains($0) }.prefix(Self.queueLimit))
        if !ahead.isEmpty { condition.broadcast() }
        condition.unlock()
    }

    /// True while a job waits or is being decoded.
    var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !queue.isEmpty || !ahead.isEmpty || !decoding.isEmpty
    }

    /// Results since the last call (on the loop thread).
    func take() -> [(PictureRequest, Outcome)] {
        condition.lock()
        defer { condition.unlock() }
        let taken = finished
        finished = []
        return taken
    }

    /// Blocks until every queued and prefetched job is finished (replay's virtual clock waits
    /// for the decoder).
    func waitUntilIdle() {
        condition.lock()
        while !stopped, !queue.isEmpty || !ahead.isEmpty || !decoding.isEmpty { condition.wait() }
        condition.unlock()
    }

    /// Ends the threads after their current job.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Decoders run at nice 10 (Linux sets it per thread): on a kiosk's two cores the UI loop
    /// preempts them whenever a frame is due, and they still use every idle cycle.
    static let niceness: Int32 = 10

    private func run() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)  // 0: this thread (Linux)
        while true {
            condition.lock()
            while !stopped, queue.isEmpty, ahead.isEmpty { condition.wait() }
            if stopped { condition.unlock(); return }
            let request = queue.popLast() ?? ahead.removeFirst()
            decoding.insert(request)
            condition.unlock()
            let outcome = Self.decode(request)
            condition.lock()
            decoding.remove(request)
            finished.append((request, outcome))
            condition.broadcast()
            condition.unlock()
        }
    }

    /// A picture file is read whole (a megabyte or more) and freed after decoding, as are the
    /// decoder's buffers. glibc raises its mmap threshold to the size of each freed mapping, after
    /// which such buffers come from the decoder threads' arenas and stay resident (61 MB instead
    /// of 45 MB peak in `bench --scenario pictures`); a fixed threshold keeps every buffer over
    /// 128 KiB a mapping that goes back to the kernel on free. Process-wide, set once.
    private static let fixedMallocThreshold: Int32 = mallopt(M_MMAP_THRESHOLD, 128 << 10)

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
