// Rendered glyph masks, shared by every font of a library under one byte budget with
// least-recently-used eviction. Fonts find their glyphs through a direct table indexed by glyph
// id (Font.slots), so a warm frame does one array read per glyph: no hashing, no allocation.

/// One cached glyph: an 8-bit coverage mask (rows padded to 4 bytes with zeros) and its
/// placement relative to the pen position on the baseline.
struct GlyphEntry {
    var mask: UnsafeMutablePointer<UInt8>?
    /// The same coverage spread to one word per pixel (`PixelOps.spreadCoverage`), for the
    /// glyph kernel; shares the allocation of `mask`.
    var spread: UnsafeMutablePointer<UInt32>?
    var width: Int32
    var height: Int32
    var pitch: Int32
    var left: Int32
    var top: Int32
    var lastUse: UInt32
    /// The font table cell pointing at this entry, reset to -1 on eviction.
    var owner: UnsafeMutablePointer<Int32>?
    /// A colour glyph's premultiplied pixels (`pitch` words a row) instead of a mask.
    var color: UnsafeMutablePointer<UInt32>? = nil
    var bytes: Int { 5 * Int(pitch) * Int(height) + 64 }
}

/// The glyph masks of a `FontLibrary`, evicted least recently used first once the masks
/// exceed `byteBudget` bytes.
public final class GlyphCache {
    /// The most bytes of glyph masks kept (a glyph costs its mask plus a small fixed overhead).
    public let byteBudget: Int
    /// Bytes currently held.
    public private(set) var byteCount = 0
    /// Number of glyphs evicted so far (for tests and diagnostics).
    public private(set) var evictions = 0

    private(set) var entries: UnsafeMutablePointer<GlyphEntry>
    private var capacity = 256
    private var used = 0
    private var free: [Int32] = []
    /// Advanced once per drawn text line; entries stamped with it are never evicted mid-draw.
    private(set) var clock: UInt32 = 1

    init(byteBudget: Int) {
        self.byteBudget = max(4096, byteBudget)
        entries = .allocate(capacity: capacity)
    }

    deinit {
        for i in 0..<used { entries[i].spread?.deallocate(); entries[i].color?.deallocate() }
        entries.deallocate()
    }

    /// Number of glyphs cached.
    public var count: Int { used - free.count }

    @inline(__always)
    func tick() { clock &+= 1 }

    /// Stores `entry`, evicting older glyphs when over budget; returns its index.
    func insert(_ entry: GlyphEntry) -> Int32 {
        var e = entry
        e.lastUse = clock
        let index: Int32
        if let reused = free.popLast() {
            index = reused
        } else {
            if used == capacity { grow() }
            index = Int32(used)
            used += 1
        }
        entries[Int(index)] = e
        e.owner?.pointee = index
        byteCount += e.bytes
        if byteCount > byteBudget { evict() }
        return index
    }

    /// Drops the entry at `index` (its owner is being destroyed).
    func remove(_ index: Int32) {
        let i = Int(index)
        entries[i].spread?.deallocate()
        entries[i].color?.deallocate()
        byteCount -= entries[i].bytes
        entries[i] = GlyphEntry(mask: nil, spread: nil, width: 0, height: 0, pitch: 0, left: 0, top: 0, lastUse: 0,
                                owner: nil)
        free.append(index)
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<GlyphEntry>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: entries, count: used)
        entries.deallocate()
        entries = bigger
        capacity *= 2
    }

    /// Evicts least recently used glyphs down to 3/4 of the budget, sparing those used in the
    /// current draw call.
    private func evict() {
        var live: [(UInt32, Int32)] = []
        for i in 0..<used where entries[i].owner != nil && entries[i].lastUse != clock {
            live.append((entries[i].lastUse, Int32(i)))
        }
        live.sort { $0.0 < $1.0 }
        for (_, index) in live where byteCount > byteBudget * 3 / 4 {
            entries[Int(index)].owner?.pointee = -1
            remove(index)
            evictions += 1
        }
    }
}
