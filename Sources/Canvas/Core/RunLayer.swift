// Why this exists: a navigation transition's two pages and a sheet's backdrop are drawn once and
// composited on every frame while they last. Kept as plain XRGB surfaces they were 7.8–8.3 MB
// each at 1920x1080 and counted fully against the app's peak memory (issue 26). Most of a page
// is runs of one colour (row backgrounds, the gaps between a row's texts), so a layer keeps each
// row as its runs of at least `minimumRun` equal pixels and the literal pixels between them: a
// run composites as one fill (dimmed once per run), the literals as a copy. The layer is drawn
// band by band through a small scratch surface (RunLayer+Drawing.swift), so no full-size buffer
// is ever allocated, and it never holds more bytes than a plain surface of its size.
import Glibc

/// An opaque (XRGB) picture kept as runs of one colour and the literal pixels between them.
///
/// Made by drawing into it (`init(width:height:shapeCache:draw:)`), read by `Painter.composite`
/// (runs filled, literals copied) and `Painter.draw` (rows decoded for blending and scaling).
/// Not thread-safe: decoding a row writes the layer's own two-row cache.
public final class RunLayer {
    /// Runs shorter than this stay literal: a fill call costs more than copying them, and a run's
    /// record (8 bytes) must be smaller than the pixels it replaces.
    public static let minimumRun = 16

    public let width: Int
    public let height: Int
    /// Row y's runs are `runs[runStarts[y]..<runStarts[y + 1]]`, in order, each `start | end << 16
    /// | colour << 32`. Empty for a plain layer: every pixel literal, row y at `y * width`.
    /// Fixed once drawn (a dim changes the colours in place): read on every frame, without the
    /// runtime's exclusivity checks a class's `var` would cost on each access.
    let runStarts: [Int32]
    let runs: UnsafeMutableBufferPointer<UInt64>
    /// Where row y's literal pixels begin in `literals` (empty for a plain layer).
    let literalStarts: [Int32]
    /// The literal pixels of every row, in order, in an anonymous mapping of the plain size whose
    /// pages past the last literal are given back (never touched pages are never resident).
    let literals: UnsafeMutablePointer<UInt32>
    let literalCount: Int
    private let mappedBytes: Int
    /// Two decoded rows, for drawing with blending or scaling; the most recently used is `lastSlot`.
    private var decoded: UnsafeMutablePointer<UInt32>?
    private var decodedTags = [-1, -1]
    private var lastSlot = 0

    /// The layer `built` made (it takes over its mapping).
    init(_ built: Builder) {
        width = built.width; height = built.height
        runStarts = built.runStarts; literalStarts = built.literalStarts
        runs = .allocate(capacity: built.runs.count)
        _ = runs.initialize(from: built.runs)
        literals = built.literals; literalCount = built.literalCount; mappedBytes = built.mappedBytes
    }

    deinit {
        munmap(literals, mappedBytes)
        runs.deallocate()
        decoded?.deallocate()
    }

    /// The bytes the layer holds: literal pixels, run records and row tables (the mapping's
    /// untouched tail is given back, and the two-row decode cache exists only once drawn scaled).
    public var byteCount: Int {
        literalCount * 4 + runs.count * 8 + (runStarts.capacity + literalStarts.capacity) * 4
            + (decoded == nil ? 0 : 2 * width * 4)
    }

    /// Whether the layer keeps every pixel literally (runs would not have made it smaller).
    public var isPlain: Bool { runStarts.isEmpty }

    /// Blends `color` over every pixel, as a fill of the whole layer would: each run's colour
    /// once, the literal pixels one by one (rows decoded before are decoded again).
    public func dim(by color: Color) {
        let word = color.premultiplied
        guard word != 0 else { return }
        decodedTags = [-1, -1]
        PixelOps.blendSolid(literals, count: literalCount, color: word)
        for i in 0..<runs.count {
            let run = runs[i]
            runs[i] = run & 0xFFFF_FFFF | UInt64(PixelOps.dimmed(UInt32(run >> 32), by: word)) << 32
        }
    }

    /// Calls `segment(start, end, literal, colour)` for the pieces of row `y` between `from` and
    /// `to`, in order: `literal` points at the pixel `start`'s literal, or is nil for a piece of a
    /// run, every pixel of which is `colour`.
    @inline(__always)
    func forEachSegment(row y: Int, from: Int, to: Int, _ segment: (Int, Int, UnsafePointer<UInt32>?, UInt32) -> Void) {
        guard from < to else { return }
        if runStarts.isEmpty { return segment(from, to, literals + y * width + from, 0) }
        var x = 0, literal = Int(literalStarts[y])
        for index in Int(runStarts[y])..<Int(runStarts[y + 1]) {
            let run = runs[index]
            let start = Int(run & 0xFFFF), end = Int(run >> 16 & 0xFFFF)
            let a = max(x, from), b = min(start, to)
            if a < b { segment(a, b, literals + literal + (a - x), 0) }
            if start >= to { return }
            literal += start - x
            let c = max(start, from), d = min(end, to)
            if c < d { segment(c, d, nil, UInt32(run >> 32)) }
            x = end
            if x >= to { return }
        }
        let a = max(x, from)
        if a < to { segment(a, to, literals + literal + (a - x), 0) }
    }

    /// Row `y`'s pixels (decoded into the layer's cache for a layer of runs). The pointer stays
    /// valid until two other rows have been asked for.
    func pixels(row y: Int) -> UnsafePointer<UInt32> {
        if runStarts.isEmpty { return UnsafePointer(literals + y * width) }
        let cache = decoded ?? .allocate(capacity: 2 * width)
        decoded = cache
        if decodedTags[lastSlot] == y { return UnsafePointer(cache + lastSlot * width) }
        lastSlot = 1 - lastSlot
        let row = cache + lastSlot * width
        if decodedTags[lastSlot] != y {
            decodedTags[lastSlot] = y
            forEachSegment(row: y, from: 0, to: width) { start, end, literal, colour in
                if let literal { (row + start).update(from: literal, count: end - start) }
                else { PixelOps.fill(row + start, count: end - start, word: colour) }
            }
        }
        return UnsafePointer(row)
    }
}
