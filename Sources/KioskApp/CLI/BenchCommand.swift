// `swipe-kiosk bench`: speed figures from the release build (DESIGN.md, Command line).
// With no scene or scenario it measures the swipe core's throughput.
import ArgumentParser

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the swipe core, the renderer or a scripted interaction (use a release build).")

    @Option(help: "Render a fixed scene: reference.")
    var scene: String?

    @Option(help: "WxH of the frame, e.g. 1280x800.")
    var size: String = "1280x800"

    @Option(help: "How many frames (or core iterations) to measure.")
    var frames: Int?

    @Flag(help: "Print the figures as JSON.")
    var json = false

    func run() throws {
        throw CleanExit.message("bench: nothing measured yet")
    }
}
