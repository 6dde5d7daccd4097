// Another program's write (an importer, the fleet feed many times a second) made every list on
// screen re-read its sections on the UI loop: one walk of the list's index, 13–19 ms at 100,000
// items (BENCHMARKS.md, issue 26), a dropped frame per outside commit. The reader does that walk
// on a thread of its own, over a read-only connection of its own to the same file, and the loop
// only swaps in the counts it hands back. The loop never waits for the lock (it tries it, like
// the picture workers); with a virtual clock (replay) it waits for the reader instead, so the
// same script gives the same pixels. A connection of its own: SQLite's WAL gives it a consistent
// snapshot, and a file renamed over the open one is followed when the app's store follows it.
import Foundation
import KioskHardware
import KioskStore

final class SectionReader: @unchecked Sendable {
    /// A list's sections as the reader found them, or why it could not.
    struct Outcome {
        let listID: String
        /// The app store's file generation the request was for (a result for a file that has
        /// since left the path is dropped).
        let generation: Int
        let sections: Result<[ItemSection], StoreError>
    }

    private let lock = NSLock()
    /// The newest query per list not read yet, and the file generation they are for.
    private var wanted: [String: ItemQuery] = [:]
    private var wantedFile: (path: String, generation: Int) = ("", 0)
    private var finished: [Outcome] = []
    private var reading = false
    private var stopped = false
    private let wake = DispatchSemaphore(value: 0)
    private let progress = DispatchSemaphore(value: 0)

    /// Starts the reader's thread, below the UI loop's priority (`WorkerThread`).
    init() {
        WorkerThread.start(name: "section-reader") { [self] in run() }
    }

    /// Asks for the sections of `queries` (list id → query) of the file at `path` as the app's
    /// store opened it (`generation`); an older request for the same list is replaced.
    func request(_ queries: [String: ItemQuery], path: String, generation: Int) {
        lock.lock()
        wanted.merge(queries) { $1 }
        wantedFile = (path, generation)
        lock.unlock()
        wake.signal()
    }

    /// What the reader finished since the last call; empty when the lock is busy (next tick).
    func collect() -> [Outcome] {
        guard lock.try() else { return [] }
        defer { lock.unlock() }
        let outcomes = finished
        finished = []
        return outcomes
    }

    /// Whether a request is waiting or being read (the loop looks again soon); a busy lock
    /// counts as reading, so the loop never waits for it.
    var isReading: Bool {
        guard lock.try() else { return true }
        defer { lock.unlock() }
        return reading || !wanted.isEmpty || !finished.isEmpty
    }

    /// Replay: blocks until every request made so far has been read (each batch signals
    /// `progress` once it is finished, so a stale signal only makes this look again).
    func waitUntilRead() {
        while true {
            lock.lock()
            let pending = reading || !wanted.isEmpty
            lock.unlock()
            if !pending { return }
            progress.wait()
        }
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        wake.signal()
    }

    private func run() {
        var store: ItemStore?
        var openFile = (path: "", generation: -1)
        while true {
            wake.wait()
            lock.lock()
            if stopped { lock.unlock(); return }
            let batch = wanted, file = wantedFile
            wanted = [:]
            reading = !batch.isEmpty
            lock.unlock()
            var outcomes: [Outcome] = []
            for (listID, query) in batch.sorted(by: { $0.key < $1.key }) {
                do throws(StoreError) {
                    if store == nil || openFile != file {
                        store = nil
                        store = try ItemStore(readingOnly: file.path)
                        openFile = file
                    }
                    outcomes.append(Outcome(listID: listID, generation: file.generation, sections: .success(try store!.sections(query))))
                } catch {
                    store = nil
                    outcomes.append(Outcome(listID: listID, generation: file.generation, sections: .failure(error)))
                }
            }
            lock.lock()
            finished += outcomes
            reading = false
            lock.unlock()
            progress.signal()
        }
    }
}
