// The one place the app property test touches the replay runner: touch scripts are played
// in-process through `HeadlessRunner` (its step delivery and its frame order: events at T
// before the tick of the frame at T, 60 Hz virtual frames), one script after another on the
// same app, and after each the frame the damage tracker draws over the previous one is compared
// with a full redraw. When the runner's API changes, only this file follows it.
import Canvas
import Foundation
import KioskUI
import SwipeCore
@testable import KioskApp

/// One app session: scripts are played one after another from where the last one ended.
final class AppStreamHarness {
    let runner: HeadlessRunner
    var app: KioskApplication { runner.app }
    let tracked: Surface
    let trackedPainter: Painter
    var signature: FrameSignature?
    /// Virtual time reached (ms).
    private(set) var nowMs = 0.0

    /// What the app looked like after a script.
    struct Outcome {
        var state: SceneState
        /// The damage-tracked frame equals a full redraw.
        var damageMatchesFull: Bool
        var sheetMoving: Bool
    }

    /// A fresh app over `database` with the Styles sheet's `styles` (setting id → value) chosen.
    init(database: String, width: Int, height: Int, styles: [String: String]) throws {
        let app = try AppOptions.parse([]).makeApplication(
            configuration: KioskConfiguration(), databasePath: database, size: (width, height))
        for (id, value) in styles {
            if let setting = StyleOverrides.Setting(rawValue: id) { app.styles.choices[setting] = value }
        }
        app.scene.navigationStyle = app.styles.navigation
        runner = try HeadlessRunner(app: app, width: width, height: height)
        tracked = try Surface(width: width, height: height, format: .xrgb8888)
        trackedPainter = Painter(target: tracked)
        app.tick(time: 0)
        _ = app.scene.renderDamage(trackedPainter, time: 0, previous: &signature)
    }

    /// Plays `script` (touch-script text; its times are relative to where the session is) for
    /// `durationMs`, then draws the last frame both ways.
    func play(_ script: String, durationMs: Double) throws -> Outcome {
        let start = nowMs
        let steps = try TouchScript(parsing: script).steps
        let end = start + durationMs
        var next = 0
        var frameMs = start
        while frameMs <= end {
            while next < steps.count, start + steps[next].timeMs <= frameMs {
                var step = steps[next]
                step.timeMs += start
                try runner.perform(step, outputDirectory: NSTemporaryDirectory())
                next += 1
            }
            app.tick(time: frameMs / 1000)
            frameMs += HeadlessRunner.frameInterval
        }
        nowMs = frameMs
        let time = nowMs / 1000
        app.tick(time: time)
        trackedPainter.reset()
        _ = app.scene.renderDamage(trackedPainter, time: time, previous: &signature)
        let full = runner.surface
        runner.render(atMs: nowMs)
        let same = memcmp(tracked.baseAddress, full.baseAddress, full.stride * full.height) == 0
        return Outcome(state: app.scene.state(at: time), damageMatchesFull: same,
                       sheetMoving: app.scene.sheet.map { $0.nextDeadline(after: time) != nil } ?? false)
    }
}
