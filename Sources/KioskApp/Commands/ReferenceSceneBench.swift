// `swipe-kiosk bench --scene reference`: times the reference list frame of
// BENCHMARKS.md ("the reference scene") the way the peers were timed (one thread, warm glyph
// cache, every pixel repainted each frame), plus a frame whose damage is one 64 px row, and a
// memcpy of one frame measured in the same run as the floor.
import Canvas
import SwipeCore

/// Measures the reference scene and formats the figures (text or the JSON keys of docs/ARCHITECTURE.md).
struct ReferenceSceneBench {
    let width: Int
    let height: Int
    let frames: Int

    /// The figures of one run, in microseconds.
    struct Result {
        let full: BenchStatistics
        let rowDamage: BenchStatistics
        let memcpy: Double
    }

    /// Renders warm-up frames, then `frames` full frames and `frames` one-row damage frames.
    /// - Throws: `CanvasError` when the surface or the fonts cannot be made.
    func run() throws -> Result {
        let library = try FontLibrary()
        let scene = try ReferenceScene(width: width, height: height, library: library)
        let surface = try Surface(width: width, height: height, format: .xrgb8888)
        let painter = Painter(target: surface)
        let list = DisplayList()
        func frame() {
            scene.record(into: list)
            painter.reset()
            list.render(with: painter)
        }
        for _ in 0..<20 { frame() }  // warm the glyph and shape caches
        var full: [Double] = []
        full.reserveCapacity(frames)
        for _ in 0..<frames { full.append(Stopwatch.microseconds(frame)) }
        // Damage: one 64 px list row (row 5), redrawn from the same recorded list.
        let damage = PixelRect(x: 0, y: 64 + 64 * min(5, scene.rowCount - 1), width: width, height: 64)
        var row: [Double] = []
        row.reserveCapacity(frames)
        for _ in 0..<frames {
            row.append(Stopwatch.microseconds {
                scene.record(into: list)
                painter.reset()
                painter.clip(toDevice: damage)
                list.render(with: painter)
            })
        }
        let memcpy = try Stopwatch.memcpyFloor(bytes: width * height * 4)
        return Result(full: BenchStatistics(samples: full), rowDamage: BenchStatistics(samples: row), memcpy: memcpy)
    }

    /// The figures as text or as one JSON object.
    func report(_ r: Result, json: Bool) -> String {
        func f(_ v: Double) -> String { String(Int((v * 10).rounded())) .inserting(".", fromEnd: 1) }
        if json {
            return "{\"scene\":\"reference\",\"width\":\(width),\"height\":\(height),\"frames\":\(frames),"
                + "\"median_us\":\(f(r.full.median)),\"p99_us\":\(f(r.full.p99)),\"max_us\":\(f(r.full.max)),"
                + "\"memcpy_median_us\":\(f(r.memcpy)),\"ratio_to_memcpy\":\(f(r.full.median / r.memcpy)),"
                + "\"row_damage_median_us\":\(f(r.rowDamage.median)),\"row_damage_p99_us\":\(f(r.rowDamage.p99))}"
        }
        return """
            reference scene \(width)x\(height), \(frames) frames, XRGB8888, full repaint
              full frame   median \(f(r.full.median)) us   p99 \(f(r.full.p99)) us   max \(f(r.full.max)) us
              memcpy floor median \(f(r.memcpy)) us   ratio \(f(r.full.median / r.memcpy))x
              row damage   median \(f(r.rowDamage.median)) us   p99 \(f(r.rowDamage.p99)) us   (one 64 px row)
            """
    }
}

private extension String {
    /// "1234" → "123.4" for `fromEnd: 1` (fixed-point formatting without Foundation).
    func inserting(_ mark: Character, fromEnd: Int) -> String {
        var s = self
        let negative = s.hasPrefix("-")
        if negative { s.removeFirst() }
        while s.count <= fromEnd { s = "0" + s }
        s.insert(mark, at: s.index(s.endIndex, offsetBy: -fromEnd))
        return negative ? "-" + s : s
    }
}
