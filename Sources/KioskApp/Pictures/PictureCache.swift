// Decoded pictures kept between frames within a byte budget (`[data] image_cache_mb`): each
// entry costs its pixels, and when the total passes the budget the least recently shown ones
// go first. Lives on the loop thread; a look-up is one dictionary access per drawn picture.
import Canvas

/// A least-recently-used cache of surfaces bounded by their bytes.
struct PictureCache {
    struct Key: Hashable {
        let path: String
        let fit: PictureFit
    }

    private struct Entry {
        let surface: Surface
        var lastUse: UInt64
    }

    /// The most bytes of pixels kept.
    let budget: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// Bytes of pixels held now.
    private(set) var bytes = 0

    init(budget: Int) {
        self.budget = max(0, budget)
    }

    var count: Int { entries.count }

    /// The picture for `key`, marking it as just used.
    mutating func surface(_ key: Key) -> Surface? {
        guard entries[key] != nil else { return nil }
        clock &+= 1
        entries[key]!.lastUse = clock
        return entries[key]!.surface
    }

    func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Adds a picture, then drops the least recently used others until the total fits the budget
    /// (the new one stays even if it alone is larger: it is about to be shown).
    mutating func insert(_ surface: Surface, for key: Key) {
        clock &+= 1
        if let old = entries.updateValue(Entry(surface: surface, lastUse: clock), forKey: key) { bytes -= Self.cost(old.surface) }
        bytes += Self.cost(surface)
        guard bytes > budget else { return }
        for (victim, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where victim != key {
            entries[victim] = nil
            bytes -= Self.cost(entry.surface)
            if bytes <= budget { break }
        }
    }

    /// An entry's pixels, and at least 4 KiB: its bookkeeping counts too, so the budget also
    /// bounds how many entries there are (a list of thousands of 1-pixel pictures).
    static func cost(_ surface: Surface) -> Int { max(4096, surface.stride * surface.height) }
}
