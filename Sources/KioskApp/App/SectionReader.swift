// Another program's write (an importer, the fleet feed many times a second) made every list on
// screen re-read its sections on the UI loop: one walk of the list's index, 13–19 ms at 100,000
// items (BENCHMARKS.md, issue 26), a dropped frame per outside commit. The app's own actions
// (delete, archive, flag, read, Undo) did the same after each write. The reader does that walk
// on a thread of its own, over a read-only connection of its own to the same file, and the loop
// only swaps in the counts it hands back. The loop never waits for the lock (it tries it, like
// the picture workers); with a virtual clock (replay) it waits for the reader instead, so the
// same script gives the same pixels. A connection of its own: SQLite's WAL gives it a consistent
// snapshot, and a file renamed over the open one is followed when the app's store follows it.
// Sections asked for before the app's own write or its own read of a list are older than what
// the list shows or is about to show: they are dropped, never swapped in (no flicker back). For a
// list with a page the reader also lays the sections out (`SectionLayout`: 10,000 headers placed
// and upper-cased, ~1 ms), so the swap on the loop is a few assignments.
import Foundation
import KioskHardware
import KioskStore
import KioskUI

final class SectionReader: @unchecked Sendable {
    /// What the loop does with a list's sections when they come back; of two requests for the
    /// same list before it is read, the one further down wins (a sync also reloads and counts).
    enum Use: Int, Comparable {
        /// Only the list's count is wanted (the lists page's row for it).
        case count
        /// The app changed the list itself: the list reloads (the change showed as it was made).
        case reload
        /// Another program changed it: the list syncs (rows that came grow in, changed ones flash).
        case sync

        static func < (a: Use, b: Use) -> Bool { a.rawValue < b.rawValue }
    }

    /// What the loop asks for one list.
    struct Request {
        let query: ItemQuery
        let use: Use
        /// The metrics of the list's page, when it has one: the reader lays the sections out too.
        let metrics: SectionLayout.Metrics?
    }

    /// A list's sections as read, with their layout for the list's page when it has one.
    struct Sections {
        let items: [ItemSection]
        let layout: SectionLayout?
    }

    /// A list's sections as the reader found them, or why it could not.
    struct Outcome {
        let listID: String
        /// The app store's file generation the request was for (a result for a file that has
        /// since left the path is dropped).
        let generation: Int
        /// The list's count of supersessions when it was asked for (see `superseded`).
        let asked: Int
        let use: Use
        let sections: Result<Sections, StoreError>
    }

    private let lock = NSLock()
    /// The newest request per list not read yet (with its count of supersessions).
    private var wanted: [String: (request: Request, asked: Int)] = [:]
    /// Per list, how often what was asked for it became older than what the list shows or is
    /// about to show: the loop read it itself (`supersede`), or the app wrote to it (a `reload`
    /// request). Sections asked for before are dropped.
    private var superseded: [String: Int] = [:]
    private var wantedFile: (path: String, generation: Int) = ("", 0)
    private var finished: [Outcome] = []
    /// The lists being read now, with what the loop will do with them.
    private var inFlight: [String: Use] = [:]
    private var stopped = false
    private let wake = DispatchSemaphore(value: 0)
    private let progress = DispatchSemaphore(value: 0)

    /// Starts the reader's thread, below the UI loop's priority (`WorkerThread`).
    init() {
        WorkerThread.start(name: "section-reader") { [self] in run() }
    }

    /// Asks for the sections of `requests`' lists (by list id) of the file at `path` as the
    /// app's store opened it (`generation`); an older request for the same list not read yet is
    /// replaced. A `reload` (the app's own write) also drops what is being read or was read for
    /// the list and not handed back yet: it is older than the write. What the dropped sections
    /// were for is kept (another program's change still syncs).
    func request(_ requests: [String: Request], path: String, generation: Int) {
        lock.lock()
        for (listID, request) in requests {
            var use = max(request.use, wanted[listID]?.request.use ?? .count)
            if request.use == .reload {
                let older = finished.filter { $0.listID == listID }.map(\.use) + [inFlight[listID] ?? .count]
                use = max(use, older.max() ?? .count)
                supersedeLocked(listID)
            }
            let metrics = request.metrics ?? wanted[listID]?.request.metrics
            wanted[listID] = (Request(query: request.query, use: use, metrics: metrics), superseded[listID, default: 0])
        }
        wantedFile = (path, generation)
        lock.unlock()
        wake.signal()
    }

    /// The loop has just read `listID` itself: anything asked for it before is older than that,
    /// and is not handed back.
    func supersede(_ listID: String) {
        lock.lock()
        supersedeLocked(listID)
        wanted[listID] = nil
        lock.unlock()
    }

    private func supersedeLocked(_ listID: String) {
        superseded[listID, default: 0] += 1
        finished.removeAll { $0.listID == listID }
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
        return !inFlight.isEmpty || !wanted.isEmpty || !finished.isEmpty
    }

    /// Replay: blocks until every request made so far has been read (each batch signals
    /// `progress` once it is finished, so a stale signal only makes this look again).
    func waitUntilRead() {
        while true {
            lock.lock()
            let pending = !inFlight.isEmpty || !wanted.isEmpty
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
            inFlight = batch.mapValues(\.request.use)
            lock.unlock()
            var outcomes: [Outcome] = []
            for (listID, (request, asked)) in batch.sorted(by: { $0.key < $1.key }) {
                let sections: Result<Sections, StoreError>
                do throws(StoreError) {
                    if store == nil || openFile != file {
                        store = nil
                        store = try ItemStore(readingOnly: file.path)
                        openFile = file
                    }
                    sections = .success(Self.laidOut(try store!.sections(request.query), request.metrics))
                } catch {
                    store = nil
                    sections = .failure(error)
                }
                outcomes.append(Outcome(listID: listID, generation: file.generation, asked: asked, use: request.use, sections: sections))
            }
            lock.lock()
            finished += outcomes.filter { $0.asked == superseded[$0.listID, default: 0] }
            inFlight = [:]
            lock.unlock()
            progress.signal()
        }
    }

    /// `items` with their layout for a page of `metrics` (none without a page).
    private static func laidOut(_ items: [ItemSection], _ metrics: SectionLayout.Metrics?) -> Sections {
        Sections(items: items, layout: metrics.map { metrics in
            SectionLayout(sections: items.map(ListSection.init), rowCount: items.reduce(0) { $0 + $1.count }, metrics: metrics)
        })
    }
}
