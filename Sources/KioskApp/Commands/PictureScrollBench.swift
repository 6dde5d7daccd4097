// `swipe-kiosk bench --scenario pictures`: a list of N items, each naming its own 4000x3000
// JPEG, flung downwards again and again at a real 60 Hz (frames are paced by the wall clock,
// so the decoder threads get the time they would on a display). It reports the UI thread's
// time per frame (tick + render of the damage), how long each row that came into view waited
// for its thumbnail, and the peak RSS of the scrolling alone.
//
// The photos are made at bench time and never committed. Encoding 100,000 photos would take
// hours and ~100 GB, so a dry run without pictures first finds how far the flings reach, and
// only those items get files; each is distinct: one of four encoded 4000x3000 photos with its
// own quantisation table, so every file decodes to different pixels at full decoding cost.
import Canvas
import Foundation
import KioskHardware
import KioskConfig
import KioskStore
import KioskUI
import SwipeCore
import KioskReplay

/// The picture-list scrolling benchmark.
struct PictureScrollBench {
    let width: Int
    let height: Int
    let items: Int
    let frames: Int

    struct Result {
        let ui: BenchStatistics
        /// The same frames in the same run with pictures off (placeholders only): the baseline.
        let uiWithoutPictures: BenchStatistics
        /// Milliseconds from a row's first frame on screen to the frame showing its thumbnail.
        let latency: BenchStatistics
        /// Rows that left the screen before their thumbnail arrived.
        let unshown: Int
        let files: Int
        let failures: Int
        let peakRSSKilobytes: Int
        /// The same frames without pictures (the dry run).
        let peakRSSWithoutPicturesKilobytes: Int
    }

    static let framePeriod = 1000.0 / 60
    /// A fling up every 700 ms: the list keeps moving and new rows keep arriving.
    func script() -> [ScriptStep] {
        let x = width / 2
        let text = stride(from: 0, to: Int(Double(frames) * Self.framePeriod), by: 700)
            .map { "at \($0) swipe 0 \(x) \(height - 100) \(x) \(height - 500) 100" }.joined(separator: "\n")
        return (try? TouchScript(parsing: text).steps) ?? []
    }

    func run() throws -> Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("pics"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let database = dir.appendingPathComponent("items.sqlite3").path
        let store = try ItemStore(path: database)
        for start in stride(from: 0, to: items, by: 1000) {
            try store.insert((start..<min(items, start + 1000)).map {
                ItemRecord(id: ItemID("item-\($0)"), listID: "inbox", title: "Person \($0)", subtitle: "Photo \($0)",
                           sortKey: Int64($0), updatedAt: 0, image: "photo-\($0).jpg")
            })
        }
        var configuration = KioskConfiguration()
        configuration.data.demoData = false
        configuration.data.imageDirectory = dir.appendingPathComponent("pics").path
        // Dry run, pictures off: which items come on screen (and the peak RSS without pictures).
        PeakMemory.reset()
        let dry = try play(configuration, store: store, pictures: false)
        let dryPeak = PeakMemory.kilobytes()
        // Rows drawn partly under the bar or below the screen ask for their pictures too.
        let files = min(items, dry.reached + 16)
        try writePhotos(count: files, directory: dir.appendingPathComponent("pics").path)
        // Peak RSS from here on: the photo generation above is not the app's.
        PeakMemory.reset()
        let run = try play(configuration, store: store, pictures: true)
        return Result(ui: BenchStatistics(samples: run.ui), uiWithoutPictures: BenchStatistics(samples: dry.ui), latency: BenchStatistics(samples: run.latency), unshown: run.unshown,
                      files: files, failures: run.failures, peakRSSKilobytes: PeakMemory.kilobytes(),
                      peakRSSWithoutPicturesKilobytes: dryPeak)
    }

    struct Play {
        var ui: [Double] = []
        var latency: [Double] = []
        var unshown = 0
        var reached = 0
        var failures = 0
    }

    func play(_ configuration: KioskConfiguration, store: ItemStore, pictures: Bool) throws -> Play {
        let fonts = try FontLocator.fonts(regular: nil, bold: nil, icons: nil)
        let app = try KioskApplication(configuration: configuration, store: store, size: Size(width: Double(width), height: Double(height)),
                                       fonts: fonts, storeClock: .virtual(epoch: AppOptions.headlessEpoch))
        app.pictures.waitsForDecoder = false
        if !pictures { app.theme.pictures = nil }
        let replay = try ReplaySession(app: app, width: width, height: height, steps: script())
        let side = Int((app.theme.metrics.avatarRadius * 2).rounded())
        var result = Play()
        result.ui.reserveCapacity(frames)
        // The loop thread's cost of each frame the session draws (tick, draw and present).
        var drawn: [Double] = []
        replay.session.onFrameDrawn = { nanoseconds, _ in drawn.append(Double(nanoseconds) / 1000) }
        var appeared: [String: Double] = [:]
        let clock = ContinuousClock(), start = clock.now
        func wallMs() -> Double {
            let (s, atto) = (clock.now - start).components
            return Double(s) * 1000 + Double(atto) / 1e15
        }
        for frame in 0..<frames {
            let ms = Double(frame) * Self.framePeriod
            try replay.run(untilMs: ms)
            // Bookkeeping outside the measured time: rows on screen and whether their thumbnail is drawn.
            let now = wallMs()
            var visible = Set<String>()
            for row in app.scene.state(at: ReplaySession.instant(ms: ms)).rows where row.frame[1] + row.frame[3] > 64 && row.frame[1] < Double(height) {
                visible.insert(row.id)
                result.reached = max(result.reached, Int(row.id.dropFirst(5)) ?? 0)
                guard pictures else { continue }
                // -1: its thumbnail was shown already.
                let appearedAt = appeared[row.id] ?? now
                appeared[row.id] = appearedAt
                if appearedAt >= 0, app.pictures.thumbnail("photo-" + row.id.dropFirst(5) + ".jpg", side: side) != nil {
                    result.latency.append(now - appearedAt)
                    appeared[row.id] = -1
                }
            }
            for (id, at) in appeared where at >= 0 && !visible.contains(id) {
                result.unshown += 1
                appeared[id] = nil
            }
            let wait = Double(frame + 1) * Self.framePeriod - wallMs()
            if wait > 0 { Thread.sleep(forTimeInterval: wait / 1000) }
        }
        result.ui = drawn
        result.failures = app.pictures.warnings.count
        return result
    }

    /// `count` distinct 4000x3000 JPEGs: four encoded photos, each file with its own quantisation table.
    func writePhotos(count: Int, directory: String) throws {
        let bases = try (0..<4).map { variant -> [UInt8] in
            let photo = try Surface(width: 4000, height: 3000, format: .xrgb8888)
            Self.paint(photo, variant: variant)
            return try JPEG.encode(photo, quality: 85)
        }
        for n in 0..<count {
            var bytes = bases[n % 4]
            Self.retune(&bytes, n / 4)
            try Data(bytes).write(to: URL(fileURLWithPath: directory + "/photo-\(n).jpg"))
        }
    }

    /// Gradients with fine texture, so the entropy decoder has a photo's work to do.
    static func paint(_ s: Surface, variant: Int) {
        for y in 0..<s.height {
            let row = (s.baseAddress + y * s.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<s.width {
                let r = UInt32((x * 255 / s.width + variant * 60) & 0xFF), g = UInt32((y * 255 / s.height) & 0xFF)
                let b = UInt32(((x ^ y) * 7 + variant * 31) & 0x3F) + 96
                row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
    }

    /// Changes the first quantisation table's DC and first AC steps: the file stays a valid JPEG
    /// whose every block decodes differently.
    static func retune(_ jpeg: inout [UInt8], _ n: Int) {
        var i = 2
        while i + 4 < jpeg.count, jpeg[i] == 0xFF {
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if jpeg[i + 1] == 0xDB, i + 6 < jpeg.count {
                jpeg[i + 5] = UInt8(1 + n % 97)
                jpeg[i + 6] = UInt8(1 + (n / 97) % 255)
                return
            }
            i += 2 + length
        }
    }

}
