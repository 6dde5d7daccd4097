// `swipe-kiosk bench`: speed figures from the release build (docs/ARCHITECTURE.md, Command line).
// With no scene or scenario it measures the swipe core's throughput.
import ArgumentParser
import KioskReplay

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the swipe core, the renderer or a scripted interaction (use a release build).")

    @Option(help: "Render a fixed scene: reference.")
    var scene: String?

    @Option(help: "WxH of the frame, e.g. 1280x800.")
    var size: String = "1280x800"

    @Option(help: "How many frames (or core iterations) to measure, 10 to 1000000.")
    var frames: Int?

    @Option(help: ArgumentHelp(stringLiteral: "Play a scripted interaction: swipe, scroll, push, sheet, or pictures (a list of photos at 60 Hz); "
                  + "or outside-write / own-write (the UI loop's time per change another program commits / per action of the app's own; "
                  + "--frames: how many)."))
    var scenario: String?

    @Option(help: "Items in the list for --scenario, 1 to 100000.")
    var items: Int = 100

    /// The accepted `--frames` and `--items`: enough for a steady figure, never unbounded work.
    static let framesRange = 10...1_000_000
    static let itemsRange = 1...100_000

    @Option(help: "What the --scenario items say: latin, scripts (CJK, Thai, Devanagari, Arabic, Hebrew, emoji) or hostile.")
    var content: String = "latin"

    @Flag(help: "Draw --scenario text with the shipped fonts only (no installed-font fallback).")
    var noSystemFonts = false

    @Flag(help: "Print the figures as JSON.")
    var json = false

    /// The same screen-size limit as replay and screenshot, checked where the argument is parsed.
    func validate() throws {
        guard let (_, height) = TouchScript.parseSize(size), height > 64 || scene == nil else {
            throw ValidationError("--size must be WxH with each side 1…\(TouchScript.maximumSide)"
                + (scene == nil ? "" : " and H > 64") + ", e.g. 1280x800; not \(size)")
        }
        if let frames, !Self.framesRange.contains(frames) {
            throw ValidationError("--frames must be \(Self.framesRange.lowerBound) to \(Self.framesRange.upperBound), not \(frames)")
        }
        guard Self.itemsRange.contains(items) else {
            throw ValidationError("--items must be \(Self.itemsRange.lowerBound) to \(Self.itemsRange.upperBound), not \(items)")
        }
    }

    func run() throws {
        if scene == "reference" {
            let (width, height) = TouchScript.parseSize(size)!  // checked by validate()
            let bench = ReferenceSceneBench(width: width, height: height, frames: frames ?? 2000)
            print(bench.report(try bench.run(), json: json))
            return
        }
        if let scene {
            throw ValidationError("unknown scene '\(scene)'; known: reference")
        }
        if let scenario {
            try runScenario(scenario)
            return
        }
        let swipes = frames ?? 20_000
        _ = CoreThroughputBench(swipes: swipes / 10).run()  // warm caches and allocations
        let result = CoreThroughputBench(swipes: swipes).run()
        if json {
            print("{\"events\": \(result.events), \"seconds\": \(result.seconds), \"events_per_second\": \(Int(result.eventsPerSecond))}")
        } else {
            print("swipe core: \(result.events) touch events through SwipeRowGroup in \(result.seconds) s")
            print("events_per_second: \(Int(result.eventsPerSecond))")
        }
    }

    func runScenario(_ name: String) throws {
        if name == "pictures" {
            try runPictures()
            return
        }
        if name == "outside-write" || name == "own-write" {
            try runWrites(name)
            return
        }
        guard let kind = ScenarioBench.Kind(rawValue: name) else {
            throw ValidationError("unknown scenario '\(name)'; known: swipe, scroll, push, sheet, pictures, outside-write, own-write")
        }
        let (w, h) = TouchScript.parseSize(size)!  // checked by validate()
        guard let content = ScenarioBench.Content(rawValue: content) else {
            throw ValidationError("unknown content '\(self.content)'; known: latin, scripts, hostile")
        }
        var bench = ScenarioBench(kind: kind, width: w, height: h, items: items, frames: frames ?? 600)
        bench.content = content
        bench.systemFonts = !noSystemFonts
        let r = try bench.run()
        if json {
            print("{\"scenario\": \"\(name)\", \"items\": \(items), \"frames\": \(r.frames), \"median_us\": \(r.stats.median), "
                + "\"p99_us\": \(r.stats.p99), \"max_us\": \(r.stats.max), \"damaged_pixels_per_frame\": \(Int(r.damagedPixelsPerFrame)), "
                + "\"peak_rss_kb\": \(r.peakRSSKilobytes), \"first_frame_us\": \(Int(r.firstFrameMicroseconds)), "
                + "\"first_render_us\": \(Int(r.firstRenderMicroseconds))}")
        } else {
            print("scenario \(name) at \(w)x\(h), \(items) items, \(r.frames) frames (tick + render of the damaged area)")
            print("median_us: \(Int(r.stats.median))  p99_us: \(Int(r.stats.p99))  max_us: \(Int(r.stats.max))")
            print("damaged pixels per frame: \(Int(r.damagedPixelsPerFrame))  peak RSS: \(r.peakRSSKilobytes / 1024) MB")
            print("first_frame_us: \(Int(r.firstFrameMicroseconds)) (app, fonts and first page built, first frame drawn)"
                + "  first_render_us: \(Int(r.firstRenderMicroseconds)) (drawing it)")
        }
    }

    func runPictures() throws {
        guard let (w, h) = TouchScript.parseSize(size) else { throw ValidationError("--size must be WxH, e.g. 1920x1080") }
        let r = try PictureScrollBench(width: w, height: h, items: items, frames: frames ?? 600).run()
        if json {
            print("{\"scenario\": \"pictures\", \"items\": \(items), \"frames\": \(r.ui.count), \"median_us\": \(r.ui.median), "
                + "\"p99_us\": \(r.ui.p99), \"max_us\": \(r.ui.max), \"no_pictures_median_us\": \(r.uiWithoutPictures.median), "
                + "\"no_pictures_p99_us\": \(r.uiWithoutPictures.p99), \"thumbnail_latency_median_ms\": \(r.latency.median), "
                + "\"thumbnail_latency_p99_ms\": \(r.latency.p99), \"thumbnail_latency_max_ms\": \(r.latency.max), "
                + "\"thumbnails_shown\": \(r.latency.count), \"rows_left_unshown\": \(r.unshown), \"photo_files\": \(r.files), "
                + "\"picture_failures\": \(r.failures), \"peak_rss_kb\": \(r.peakRSSKilobytes), "
                + "\"no_pictures_peak_rss_kb\": \(r.peakRSSWithoutPicturesKilobytes)}")
        } else {
            print("scenario pictures at \(w)x\(h), \(items) items, \(r.files) distinct 4000x3000 JPEGs reached, \(r.ui.count) frames at 60 Hz")
            print("UI thread per frame: median_us: \(Int(r.ui.median))  p99_us: \(Int(r.ui.p99))  max_us: \(Int(r.ui.max))")
            print("  same frames, pictures off: median_us: \(Int(r.uiWithoutPictures.median))  p99_us: \(Int(r.uiWithoutPictures.p99))")
            print("thumbnail after its row appears: median \(Int(r.latency.median)) ms  p99 \(Int(r.latency.p99)) ms  max \(Int(r.latency.max)) ms"
                + " (\(r.latency.count) shown, \(r.unshown) rows left before theirs arrived, \(r.failures) failures)")
            print("peak RSS while scrolling: \(r.peakRSSKilobytes / 1024) MB (same frames without pictures: \(r.peakRSSWithoutPicturesKilobytes / 1024) MB)")
        }
    }

    /// `outside-write` and `own-write`: the UI loop's time per data change (WriteBench).
    func runWrites(_ name: String) throws {
        let bench = WriteBench(items: items, rounds: frames ?? 200)
        if name == "outside-write" {
            let r = try bench.outsideWrites()
            if json {
                print("{\"scenario\": \"outside-write\", \"items\": \(items), \"changes\": \(r.offLoop.count + r.onLoop.count), "
                    + "\"median_us\": \(r.offLoop.median), \"p99_us\": \(r.offLoop.p99), \"max_us\": \(r.offLoop.max), "
                    + "\"on_loop_median_us\": \(r.onLoop.median), \"on_loop_p99_us\": \(r.onLoop.p99)}")
            } else {
                print("scenario outside-write, \(items) items: the UI loop's time per change another program commits")
                print("section reader (device): median_us: \(Int(r.offLoop.median))  p99_us: \(Int(r.offLoop.p99))  max_us: \(Int(r.offLoop.max))"
                    + "  (ask median \(Int(r.ask.median)) µs, swap median \(Int(r.swap.median)) µs)")
                print("read on the loop (before): median_us: \(Int(r.onLoop.median))  p99_us: \(Int(r.onLoop.p99))  max_us: \(Int(r.onLoop.max))")
            }
            return
        }
        let r = try bench.ownWrites()
        if json {
            let kinds = r.byAction.map { "\"\($0.action)_median_us\": \($0.total.median), \"\($0.action)_p99_us\": \($0.total.p99)" }
            print("{\"scenario\": \"own-write\", \"items\": \(items), \"actions\": \(r.total.count), "
                + "\"median_us\": \(r.total.median), \"p99_us\": \(r.total.p99), \"max_us\": \(r.total.max), "
                + "\"worst_frame_median_us\": \(r.worstFrame.median), \"worst_frame_p99_us\": \(r.worstFrame.p99), "
                + "\"cpu_median_us\": \(r.cpu.median), \"cpu_p99_us\": \(r.cpu.p99), "
                + kinds.joined(separator: ", ") + "}")
        } else {
            print("scenario own-write, \(items) items: the UI loop's time per action of the app's own (\(WriteBench.ownActions.joined(separator: ", ")))")
            print("per action, all of it: median_us: \(Int(r.total.median))  p99_us: \(Int(r.total.p99))  max_us: \(Int(r.total.max))")
            print("per action, its longest frame: median_us: \(Int(r.worstFrame.median))  p99_us: \(Int(r.worstFrame.p99))  max_us: \(Int(r.worstFrame.max))")
            print("per action, the loop thread's CPU time (all of it less waits): median_us: \(Int(r.cpu.median))  p99_us: \(Int(r.cpu.p99))  max_us: \(Int(r.cpu.max))")
            for kind in r.byAction {
                print("  \(kind.action): median_us: \(Int(kind.total.median))  p99_us: \(Int(kind.total.p99))")
            }
        }
    }
}
