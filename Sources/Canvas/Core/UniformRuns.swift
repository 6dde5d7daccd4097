// Why this exists: a layer composited on every frame of a transition (a page under a push, the
// backdrop under a sheet) is mostly plain background. Found once, when the layer is drawn, its
// runs of one colour let each frame fill them (`wmemset`) instead of copying and dimming every
// pixel: the dim is computed once per run, not once per quad (instruction counts, issue 26).

/// The runs of at least `minimumLength` equal pixels in each row of a surface, found once.
///
/// Rows are scanned four pixels at a time; a run is a stretch of quads equal to its first pixel,
/// extended pixel by pixel at its end. Memory is bounded by the surface: at most one run per
/// `minimumLength` pixels of a row.
public struct UniformRuns {
    /// Runs shorter than this are left to the per-quad kernels (a fill call costs more).
    public static let minimumLength = 16

    /// `runs[rowStarts[y]..<rowStarts[y + 1]]` are row y's runs, in order, as start | end << 16.
    private var rowStarts: [Int32] = []
    private var runs: [UInt32] = []
    /// The pixels the runs were found in, and their size.
    private var pixels: UnsafeMutableRawPointer?
    public private(set) var width = 0
    public private(set) var height = 0

    public init() {}

    /// Finds the runs of `surface` (replacing any found before, keeping their memory).
    public mutating func scan(_ surface: Surface) {
        pixels = surface.baseAddress
        width = surface.width; height = surface.height
        rowStarts.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        rowStarts.reserveCapacity(height + 1)
        let w = width
        for y in 0..<height {
            rowStarts.append(Int32(runs.count))
            let row = surface.row(y)
            var i = 0
            while i + 4 <= w {
                // Two 64-bit compares a quad: SIMD equality compiles to a compare per lane here.
                let word = row[i], pair = UInt64(word) | UInt64(word) << 32
                var end = i
                while end + 4 <= w {
                    let quad = UnsafeRawPointer(row + end)
                    guard quad.loadUnaligned(as: UInt64.self) == pair,
                          quad.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == pair else { break }
                    end += 4
                }
                guard end > i else { i += 4; continue }
                while end < w, row[end] == word { end += 1 }
                if end - i >= Self.minimumLength { runs.append(UInt32(i) | UInt32(end) << 16) }
                i = end
            }
        }
        rowStarts.append(Int32(runs.count))
    }

    /// Whether these are runs of `surface` (as it was when scanned: the caller knows whether
    /// its pixels changed since).
    func wereFound(in surface: Surface) -> Bool {
        pixels == surface.baseAddress && width == surface.width && height == surface.height
    }

    /// Calls `segment(start, end, uniform)` for the pieces of row `y` between `from` and `to`
    /// (`uniform`: every pixel of the piece equals the one at `start`), in order.
    @inline(__always)
    func forEachSegment(row y: Int, from: Int, to: Int, _ segment: (Int, Int, Bool) -> Void) {
        var x = from
        for index in Int(rowStarts[y])..<Int(rowStarts[y + 1]) {
            let run = runs[index]
            let start = Int(run & 0xFFFF), end = Int(run >> 16)
            if end <= x { continue }
            if start >= to { break }
            if start > x { segment(x, start, false) }
            let stop = min(end, to)
            segment(max(x, start), stop, true)
            x = stop
        }
        if x < to { segment(x, to, false) }
    }
}
