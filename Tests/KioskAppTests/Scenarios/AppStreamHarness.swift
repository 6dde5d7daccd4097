// The one place the app property test touches the replay runtime: touch scripts are played
// in-process through `ReplaySession` (the device's session, loop, routing and damage-tracked
// present on virtual time), one script after another on the same app, and after each the frame
// the damage tracker left on the panel is compared with a full redraw of the same state.
import Canvas
import Foundation
import KioskUI
import SwipeCore
@testable import KioskApp
@testable import KioskReplay
@testable import KioskConfig

/// One app session: scripts are played one after another from where the last one ended.
final class AppStreamHarness {
    let replay: ReplaySession
    var app: KioskApplication { replay.app }
    let full: Surface
    let fullPainter: Painter
    /// Virtual time reached (ms).
    private(set) var nowMs = 0.0

    /// What the app looked like after a script.
    struct Outcome {
        var state: SceneState
        /// The damage-tracked frame equals a full redraw.
        var damageMatchesFull: Bool
        var sheetMoving: Bool
    }

    /// A fresh app over `database` with `configuration` and the Styles sheet's `styles` (setting
    /// id → value) chosen.
    init(database: String, width: Int, height: Int, styles: [String: String],
         configuration: KioskConfiguration = .demo) throws {
        let app = try AppOptions.parse([]).makeApplication(
            configuration: configuration, databasePath: database, size: (width, height))
        for (id, value) in styles {
            if let setting = StyleOverrides.Setting(rawValue: id) { app.styles.choices[setting] = setting.values.first { $0.name == value } }
        }
        app.scene.navigationStyle = app.styles.navigation
        replay = try ReplaySession(app: app, width: width, height: height)
        full = try Surface(width: width, height: height, format: .xrgb8888)
        fullPainter = Painter(target: full)
        try replay.run(untilMs: 0)
    }

    /// Plays `script` (touch-script text; its times are relative to where the session is) for
    /// `durationMs`, then compares the frame on the panel with a full redraw.
    func play(_ script: String, durationMs: Double) throws -> Outcome {
        let start = nowMs
        let steps = try TouchScript(parsing: script).steps.map { step -> ScriptStep in
            var shifted = step
            shifted.timeMs += start
            return shifted
        }
        replay.enqueue(steps)
        nowMs = start + durationMs
        try replay.run(untilMs: nowMs)
        let time = ReplaySession.instant(ms: nowMs)
        let tracked = replay.drawNow()
        fullPainter.reset()
        app.scene.render(fullPainter, time: time)
        let same = memcmp(tracked.baseAddress, full.baseAddress, full.stride * full.height) == 0
        return Outcome(state: app.scene.state(at: time), damageMatchesFull: same,
                       sheetMoving: app.scene.sheet.map { $0.nextDeadline(after: time) != nil } ?? false)
    }
}
