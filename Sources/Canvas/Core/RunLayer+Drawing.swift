// Why this exists: making a RunLayer without ever holding its picture whole. The drawing is
// played once per band of rows into a scratch surface of that band (about half a megabyte),
// under a clip to the band and with the layer's own coordinates, so every pixel is the one a
// full surface would get (drawing under a clip is exact: damage tracking relies on it too);
// each band's rows are then cut into runs and literals. A picture with too few runs (a photo,
// noise) is kept plain, every pixel literal, so a layer is never bigger than a plain surface.
import Glibc
import KioskFiles
import SwipeCore

extension RunLayer {
    /// Pixels of scratch a band gets (rows of the layer's width, at least one): 512 KiB.
    static let bandPixels = 1 << 17

    /// The picture `draw` makes on a `width` × `height` XRGB surface starting black (zero
    /// words), kept as runs and literals; nil when the size is invalid or there is no memory.
    /// `draw` runs once per band, each time on a fresh painter state clipped to the band (it may
    /// translate, clip further and save and restore as on any painter).
    public convenience init?(width: Int, height: Int, shapeCache: ShapeCache, draw: (Painter) -> Void) {
        self.init(width: width, height: height, bandRows: Self.bandPixels / max(1, width), shapeCache: shapeCache, draw: draw)
    }

    /// The same, drawn in bands of `bandRows` rows (tests make many bands of small layers).
    convenience init?(width: Int, height: Int, bandRows: Int, shapeCache: ShapeCache, draw: (Painter) -> Void) {
        let bandRows = max(1, min(height, bandRows))
        guard let band = try? Surface(width: width, height: bandRows, format: .xrgb8888),
              var builder = Builder(width: width, height: height) else { return nil }
        var painter: Painter?
        for top in stride(from: 0, to: height, by: bandRows) {
            let rows = min(bandRows, height - top)
            if top > 0 { for y in 0..<rows { PixelOps.fill(band.row(y), count: width, word: 0) } }
            // The band seen as rows top..<top + rows of a surface of the layer's size: its rows
            // outside the band are never touched, the clip keeps every drawing inside it.
            guard let window = try? Surface(wrapping: band.baseAddress - top * band.stride, width: width, height: height,
                                            stride: band.stride, format: .xrgb8888) else {
                builder.discard()
                return nil
            }
            let bandPainter = painter ?? Painter(target: window, shapeCache: shapeCache)
            bandPainter.retarget(window)
            bandPainter.clip(toDevice: PixelRect(x: 0, y: top, width: width, height: rows))
            draw(bandPainter)
            painter = bandPainter
            for y in 0..<rows { builder.append(row: UnsafePointer(band.row(y))) }
        }
        builder.finish()
        self.init(builder)
    }

    /// A layer being made: its literals written into their mapping, runs and row tables growing.
    /// A value with its own state, so the scan of every row runs without exclusivity checks.
    struct Builder {
        let width: Int, height: Int
        let literals: UnsafeMutablePointer<UInt32>
        private(set) var mappedBytes: Int
        private(set) var literalCount = 0
        private(set) var runs: [UInt64] = []
        private(set) var runStarts: [Int32] = []
        private(set) var literalStarts: [Int32] = []

        /// Room for `width * height` literal pixels (address space only until written), or nil.
        init?(width: Int, height: Int) {
            guard width > 0, height > 0, width <= Surface.maximumSide, height <= Surface.maximumSide,
                  width * height <= Surface.maximumPixels else { return nil }
            let bytes = width * height * 4
            // The mapping counts against `ulimit -v` as it is: room to draw must stay beside it.
            let mapped = MemoryHeadroom.allocate(bytes) { () -> UnsafeMutableRawPointer? in
                let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
                return memory == MAP_FAILED ? nil : memory
            }
            guard let memory = mapped else { return nil }
            self.width = width; self.height = height
            literals = memory.assumingMemoryBound(to: UInt32.self)
            mappedBytes = bytes
            runStarts.reserveCapacity(height + 1)
            literalStarts.reserveCapacity(height + 1)
        }

        /// Gives the mapping back (a layer that could not be finished).
        func discard() { munmap(literals, mappedBytes) }

        /// Cuts the next row into runs of at least `minimumRun` equal pixels and the literals
        /// between. Rows are scanned four pixels at a time; a run is a stretch of quads equal to
        /// its first pixel, extended pixel by pixel at its end.
        mutating func append(row: UnsafePointer<UInt32>) {
            runStarts.append(Int32(runs.count))
            literalStarts.append(Int32(literalCount))
            var i = 0, literalFrom = 0
            while i + 4 <= width {
                // Two 64-bit compares a quad: SIMD equality compiles to a compare per lane here.
                let word = row[i], pair = UInt64(word) | UInt64(word) << 32
                var end = i
                while end + 4 <= width {
                    let quad = UnsafeRawPointer(row + end)
                    guard quad.loadUnaligned(as: UInt64.self) == pair,
                          quad.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == pair else { break }
                    end += 4
                }
                guard end > i else { i += 4; continue }
                while end < width, row[end] == word { end += 1 }
                if end - i >= RunLayer.minimumRun {
                    (literals + literalCount).update(from: row + literalFrom, count: i - literalFrom)
                    literalCount += i - literalFrom
                    runs.append(UInt64(i) | UInt64(end) << 16 | UInt64(word) << 32)
                    literalFrom = end
                }
                i = end
            }
            (literals + literalCount).update(from: row + literalFrom, count: width - literalFrom)
            literalCount += width - literalFrom
        }

        /// Closes the row tables and keeps the runs when they make the layer smaller than its
        /// plain pixels, else puts every pixel back in place (rows from the last, each from its
        /// right end: a pixel only ever moves to a higher address, past every literal still to
        /// move); then gives back the mapping's pages past the last pixel kept.
        mutating func finish() {
            runStarts.append(Int32(runs.count))
            literalStarts.append(Int32(literalCount))
            if literalCount * 4 + runs.count * 8 + (runStarts.capacity + literalStarts.capacity) * 4 >= width * height * 4 {
                for y in stride(from: height - 1, through: 0, by: -1) { expand(row: y) }
                literalCount = width * height
                runs = []; runStarts = []; literalStarts = []
            }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let kept = (literalCount * 4 + page - 1) / page * page
            if kept < mappedBytes {
                munmap(UnsafeMutableRawPointer(literals) + kept, mappedBytes - kept)
                mappedBytes = kept
            }
        }

        /// Writes row `y`'s runs and literals out as its plain pixels at `y * width`.
        private func expand(row y: Int) {
            let row = literals + y * width
            var x = width, literal = Int(literalStarts[y + 1])
            func move(from start: Int) {
                literal -= x - start
                memmove(row + start, literals + literal, (x - start) * 4)
            }
            for index in (Int(runStarts[y])..<Int(runStarts[y + 1])).reversed() {
                let run = runs[index]
                let start = Int(run & 0xFFFF), end = Int(run >> 16 & 0xFFFF)
                move(from: end)
                PixelOps.fill(row + start, count: end - start, word: UInt32(run >> 32))
                x = start
            }
            move(from: 0)
        }
    }
}
