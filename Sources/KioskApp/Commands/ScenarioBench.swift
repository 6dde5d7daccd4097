// `swipe-kiosk bench --scenario swipe|scroll|push|sheet`: a scripted interaction played on the
// runtime of the device (KioskSession with a virtual 60 Hz panel), timing each frame it draws
// (tick, draw and present on the loop thread) and reporting the damaged area, with a list of N
// items in sections of ten (a header crosses the screen every few hundred pixels of scrolling)
// in a fresh database. Frames that change nothing are not drawn, so they are not counted.
import Canvas
import Foundation
import KioskHardware
import KioskConfig
import KioskStore
import KioskUI
import SwipeCore
import KioskReplay

/// One scenario benchmark run.
struct ScenarioBench {
    enum Kind: String, CaseIterable {
        case swipe, scroll, push, sheet
    }

    /// What the items say: Latin only; rows in CJK, Thai, Devanagari, Arabic, Hebrew and emoji;
    /// or Latin after two hostile titles (one letter and 30,000 combining marks, then 10 MB).
    enum Content: String, CaseIterable {
        case latin, scripts, hostile
    }

    let kind: Kind
    var content = Content.latin
    /// Whether text falls back to installed fonts (fontconfig); false measures the shipped fonts alone.
    var systemFonts = true
    let width: Int
    let height: Int
    let items: Int
    let frames: Int

    struct Result {
        let stats: BenchStatistics
        /// Mean pixels drawn per frame (damage tracking), against width × height for a full frame.
        let damagedPixelsPerFrame: Double
        let peakRSSKilobytes: Int
        let frames: Int
        /// From building the app (fonts, theme, first page) to its first frame drawn, in µs.
        let firstFrameMicroseconds: Double
        /// Of that, drawing the first frame alone (layout of the visible rows' text included), in µs.
        let firstRenderMicroseconds: Double
    }

    /// Title and subtitle of item `n`.
    func texts(_ n: Int) -> (String, String) {
        switch content {
        case .latin: return ("Person \(n)", "Subject line of message \(n)")
        case .hostile where n == 0: return ("a" + String(repeating: "\u{0301}", count: 30_000), "Combining marks")
        case .hostile where n == 1: return (String(repeating: "Ten megabytes of title ", count: 10_000_000 / 23), "10 MB")
        case .hostile: return ("Person \(n)", "Subject line of message \(n)")
        case .scripts:
            let rows = [("田中 愛子 \(n)", "東京都渋谷区の会議 🍣"), ("王秀英 \(n)", "北京市朝阳区会议"), ("김민준 \(n)", "서울특별시 회의 일정"),
                        ("สวัสดีครับ \(n)", "กรุงเทพมหานคร ประชุม"), ("नमस्ते \(n)", "नई दिल्ली बैठक"),
                        ("مرحبا \(n)", "اجتماع في القاهرة"), ("שלום \(n)", "פגישה בתל אביב"), ("Lunch 🍕 \(n)", "With 👩‍👩‍👧‍👦 👍🏽 🇯🇵")]
            return rows[n % rows.count]
        }
    }

    /// The interaction, repeated until `frames` frames have been drawn.
    func script(period: Int) -> String {
        let w = width, h = height, row = 64 + 28 + 76 + 38  // the second row, under the first section's header
        switch kind {
        case .swipe:
            return "at 0 swipe 0 \(w - 40) \(row) \(w / 3) \(row) 300\nat 1000 swipe 0 \(w / 2) \(row) \(w - 10) \(row) 300\n"
        case .scroll:
            return "at 0 swipe 0 \(w / 2) \(h - 60) \(w / 2) 120 200\nat 1200 swipe 0 \(w / 2) 120 \(w / 2) \(h - 60) 200\n"
        case .push:
            return "at 0 tap \(w / 2) \(row)\nat 700 tap 30 32\n"
        case .sheet:
            return "at 0 down 1 \(w / 2) \(row)\nat 700 up 1\nat 1300 swipe 0 \(w / 2) \(h - 200) \(w / 2) \(h) 150\n"
        }
    }

    /// A database of `items` items of list "inbox" in sections of ten ("Day 1", …), titled by `texts`.
    static func makeDatabase(at path: String, items: Int, texts: (Int) -> (String, String)) throws -> ItemStore {
        let store = try ItemStore(path: path)
        // In chunks, so building the records does not inflate the peak RSS being measured.
        for start in stride(from: 0, to: items, by: 1000) {
            try store.insert((start..<min(items, start + 1000)).map {
                ItemRecord(id: ItemID("item-\($0)"), listID: "inbox", title: texts($0).0, subtitle: texts($0).1,
                           badge: $0 % 7, section: "Day \($0 / 10 + 1)", sortKey: Int64($0), updatedAt: 0)
            })
        }
        return store
    }

    /// Runs the scenario; the database gets `items` items first.
    func run() throws -> Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try Self.makeDatabase(at: dir.appendingPathComponent("items.sqlite3").path, items: items, texts: texts)
        var configuration = KioskConfiguration()
        configuration.data.demoData = false
        let fonts = try FontLocator.fonts(regular: nil, bold: nil, icons: nil)
        let period = 2000.0
        let once = try TouchScript(parsing: script(period: Int(period))).steps
        // Enough repetitions for `frames` drawn frames (each gesture draws at least 30 a period).
        let repetitions = max(2, frames / 30 + 1)
        let steps = (0..<repetitions).flatMap { loop in
            once.map { step in
                var shifted = step
                shifted.timeMs += Double(loop) * period
                return shifted
            }
        }
        // The first frame: the app built over its store and drawn once (the first present).
        var replay: ReplaySession!
        var firstRender = 0.0
        let firstFrame = try Stopwatch.microseconds {
            let app = try KioskApplication(
                configuration: configuration, store: store, size: Size(width: Double(width), height: Double(height)),
                fonts: fonts, storeClock: .virtual(epoch: AppOptions.headlessEpoch), systemFonts: systemFonts)
            replay = try ReplaySession(app: app, width: width, height: height, steps: steps)
            replay.session.onFrameDrawn = { nanoseconds, _ in firstRender = Double(nanoseconds) / 1000 }
            try replay.run(untilMs: 0)
        }
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        var damaged = 0.0
        replay.session.onFrameDrawn = { nanoseconds, damage in
            guard samples.count < frames else { return }
            samples.append(Double(nanoseconds) / 1000)
            damaged += Double(damage.reduce(0) { $0 + $1.width * $1.height })
        }
        // A frame interval at a time, so the run stops right after its `frames`-th drawn frame:
        // runs of 60 and 180 frames then differ by exactly 120 frames' work (bench-instructions.py).
        var frame = 0
        let end = Double(repetitions) * period
        while samples.count < frames, Double(frame) * 1000 / 60 < end {
            frame += 1
            try replay.run(untilMs: Double(frame) * 1000 / 60)
        }
        return Result(stats: BenchStatistics(samples: samples), damagedPixelsPerFrame: damaged / Double(samples.count),
                      peakRSSKilobytes: PeakMemory.kilobytes(), frames: samples.count, firstFrameMicroseconds: firstFrame,
                      firstRenderMicroseconds: firstRender)
    }
}
