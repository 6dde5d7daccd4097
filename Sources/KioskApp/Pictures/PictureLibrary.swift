// The app's side of item pictures: resolves an item's `image` path (absolute, or under
// `[data] image_dir`), answers the UI from the byte-budgeted cache, and queues misses for the
// decoder threads, with the thumbnails a moving list is about to show behind them; each tick
// takes what they finished. A picture that cannot be shown is remembered with its reason and
// warned about once, naming the file; its row keeps the placeholder. In replay (virtual clock)
// time does not move on until the decoder has finished what the last tick and frame asked for,
// so the pictures are on screen at the next frame.
import Canvas
import KioskFiles
import KioskUI
import Logging

/// Decoded pictures for the UI, by item path and size.
public final class PictureLibrary: PictureSource {
    /// Where relative paths are looked up.
    let directory: String
    /// Thumbnail corner radius as a fraction of the side (0.5: a circle).
    let cornerFraction: Double
    /// Replay: the frame that asks for a picture waits until the decoder has it.
    public var waitsForDecoder: Bool {
        didSet { worker.loopWaitsForLock = waitsForDecoder }
    }
    private var cache: PictureCache
    private let worker: PictureWorker
    private var pending: Set<PictureCache.Key> = []
    /// The workers were last given a non-empty prefetch list.
    private var prefetching = false
    /// Pictures that cannot be shown: the item's path → the reason (with the file's path).
    private(set) var failures: [String: String] = [:]
    /// The keys of `failures`, oldest first.
    private var failureOrder: [String] = []
    /// Bad pictures remembered (and warned about once) at most: months of items naming missing
    /// files must not grow the process. Past it the oldest is forgotten; asked for again, it is
    /// tried again and warned about again.
    static let failureLimit = 4_096
    /// The newest warnings logged, in order (the state dump's `picture_warnings`).
    public private(set) var warnings: [String] = []
    private let logger = Logger(label: "swipe-kiosk")

    init(directory: String, cacheBytes: Int, cornerFraction: Double, waitsForDecoder: Bool, threads: Int = 2) {
        self.directory = directory
        self.cornerFraction = cornerFraction
        self.waitsForDecoder = waitsForDecoder
        cache = PictureCache(budget: cacheBytes)
        worker = PictureWorker(threads: threads)
        worker.loopWaitsForLock = waitsForDecoder
    }

    deinit { worker.stop() }

    /// The file an item's `image` names.
    func file(for path: String) -> String {
        path.hasPrefix("/") || directory.isEmpty ? path : directory + "/" + path
    }

    public func thumbnail(_ path: String, side: Int) -> Surface? {
        surface(path, fit: .cover(width: side, height: side), cornerRadius: Double(side) * cornerFraction)
    }

    public func picture(_ path: String, width: Int, height: Int) -> Surface? {
        surface(path, fit: .contain(width: max(1, width), height: max(1, height)), cornerRadius: 0)
    }

    public func prefetchThumbnails(_ paths: [String], side: Int) {
        let fit = PictureFit.cover(width: side, height: side)
        let wanted = paths.filter { failures[$0] == nil && !$0.isEmpty && !cache.contains(.init(path: $0, fit: fit)) && !pending.contains(.init(path: $0, fit: fit)) }
        // Nothing asked now and nothing asked before: no need to touch the workers' lock.
        guard !wanted.isEmpty || prefetching else { return }
        let requests = wanted.map { PictureRequest(path: $0, file: file(for: $0), fit: fit, cornerRadius: Double(side) * cornerFraction) }
        if worker.prefetch(requests) { prefetching = !wanted.isEmpty }
    }

    private func surface(_ path: String, fit: PictureFit, cornerRadius: Double) -> Surface? {
        guard failures[path] == nil, !path.isEmpty else { return nil }
        let key = PictureCache.Key(path: path, fit: fit)
        if let hit = cache.surface(key) { return hit }
        if pending.insert(key).inserted {
            worker.submit(PictureRequest(path: path, file: file(for: path), fit: fit, cornerRadius: cornerRadius))
        }
        return nil
    }

    /// True while a picture asked for or prefetched is being decoded (the loop polls for it).
    var isDecoding: Bool { !pending.isEmpty || (prefetching && worker.isBusy) }

    /// The cache's budget in bytes (`[data] image_cache_mb`), and the bytes it holds now.
    var cacheBudget: Int { cache.budget }
    var cachedBytes: Int { cache.bytes }

    /// Takes the decoders' results: pictures into the cache, failures warned once. Returns true
    /// when something became showable or failed (the scene redraws what changed).
    @discardableResult
    func collect() -> Bool {
        var changed = false
        for (request, outcome) in worker.take() {
            pending.remove(PictureCache.Key(path: request.path, fit: request.fit))
            switch outcome {
            case .picture(let surface):
                cache.insert(surface, for: PictureCache.Key(path: request.path, fit: request.fit))
                changed = true
            case .failure(let reason):
                guard failures[request.path] == nil else { continue }
                failures[request.path] = reason
                failureOrder.append(request.path)
                if failureOrder.count > Self.failureLimit { failures[failureOrder.removeFirst()] = nil }
                // One bounded line: the path is the database's, which may hold a newline or 200 KB.
                let shown = reason.shown(atMost: Self.warningScalars)
                warnings.append(shown, keepingLast: KioskApplication.historyLimit)
                logger.warning("picture not shown: \(shown)")
                changed = true
            case .dropped:
                break
            }
        }
        return changed
    }

    /// The longest picture warning kept or logged, in Unicode scalars.
    static let warningScalars = 600

    /// Replay: waits until the decoder has finished every picture asked for or prefetched so
    /// far (`collect` then takes them). Returns whether there was anything to wait for.
    func waitForDecoderIfReplaying() -> Bool {
        guard waitsForDecoder, isDecoding else { return false }
        worker.waitUntilIdle()
        return true
    }
}
