// The state dump of docs/ARCHITECTURE.md ("State dump"): the scene's visible state (rows and section
// headers) plus the current list's items with their sections, the haptics fired and the actions
// performed, as JSON for tests and tools. A snapshot of typed values, encoded with the dump's
// keys: absent values are explicit nulls and keys are sorted, so a dump is a stable text.
import Foundation
import KioskUI

/// One state dump.
struct StateDump: Encodable {
    struct Screen: Encodable {
        let width: Int
        let height: Int
        let rotation: Int
    }

    /// The panel's refresh rate, frames presented so far and whether it is blanked.
    struct DisplayStatus: Encodable {
        let refreshRate: Double
        let frames: Int
        let blanked: Bool

        enum CodingKeys: String, CodingKey {
            case refreshRate = "refresh_hz", frames, blanked
        }
    }

    struct Navigation: Encodable {
        let stack: [String]
        let transition: SceneState.Transition?

        enum CodingKeys: String, CodingKey { case stack, transition }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(stack, forKey: .stack)
            try c.encode(transition, forKey: .transition)
        }
    }

    /// An item of the current list, in list order.
    struct Item: Encodable {
        let id: String
        let title: String
        let flags: [String]
        let section: String
    }

    /// An utterance (docs/ARCHITECTURE.md "Accessibility").
    struct Speech: Encodable {
        let timeMs: Int
        let text: String
        /// The voice it starts in.
        let voice: String
        let interrupted: Bool
        /// Each stretch and its voice (a title in its script's voice, the kiosk's words in English).
        let parts: [Part]

        struct Part: Encodable {
            let text: String
            let voice: String
        }

        enum CodingKeys: String, CodingKey { case timeMs = "time_ms", text, voice, interrupted, parts }
    }

    struct Haptic: Encodable {
        let timeMs: Int
        let event: String

        enum CodingKeys: String, CodingKey { case timeMs = "time_ms", event }
    }

    /// An action performed on an item.
    struct LogEntry: Encodable {
        let timeMs: Int
        let action: String
        let item: String

        enum CodingKeys: String, CodingKey { case timeMs = "time_ms", action, item }
    }

    let timeMs: Int
    let screen: Screen
    /// Only `replay` knows the panel (`display`); null otherwise.
    var display: DisplayStatus?
    let page: SceneState.Page
    let navigation: Navigation
    let sheet: SceneState.Sheet?
    /// Visible rows, top to bottom.
    let rows: [SceneState.Row]
    let headers: [SceneState.Header]
    let items: [Item]
    let haptics: [Haptic]
    let log: [LogEntry]
    /// What was said, oldest first (the newest `SpeechAnnouncer.historyLimit`).
    let speech: [Speech]
    /// The speech's volume now, percent (the keypad's volume keys change it; the idle reset restores it).
    let speechVolume: Int
    let toast: String?
    /// Every toast showing, bottom to top.
    let toasts: [String]
    /// The keyboard-focused item's id (docs/ARCHITECTURE.md, "State dump"), null when no focus is shown.
    let focus: String?
    /// Pictures that could not be shown, one warning each (as logged), in order.
    let pictureWarnings: [String]
    /// The time-out warning's words while it shows, else null.
    let timeoutWarning: String?

    enum CodingKeys: String, CodingKey {
        case timeMs = "time_ms", screen, display, page, navigation, sheet, rows, headers, items, haptics, log, speech, toast, toasts, focus
        case pictureWarnings = "picture_warnings", speechVolume = "speech_volume"
        case timeoutWarning = "timeout_warning"
    }

    /// The state of `app` at `timeMs` on a `width` x `height` screen.
    init(app: KioskApplication, timeMs: Double, width: Int, height: Int, rotation: Int = 0) {
        let s = app.scene.state(at: ReplaySession.instant(ms: timeMs))
        var items: [Item] = []
        if let id = app.currentListID, let page = app.pages[id] {
            for i in 0..<page.data.count {
                let item = page.data.item(at: i)
                items.append(Item(id: item.id, title: item.title, flags: item.flags, section: item.section))
            }
        }
        self.timeMs = Int(timeMs.rounded())
        screen = Screen(width: width, height: height, rotation: rotation)
        page = s.page
        navigation = Navigation(stack: s.stack, transition: s.transition)
        sheet = s.sheet
        rows = s.rows
        headers = s.headers
        self.items = items
        haptics = app.haptics.map { Haptic(timeMs: $0.timeMs, event: $0.event.rawValue) }
        log = app.log.map { LogEntry(timeMs: $0.timeMs, action: $0.action, item: $0.item) }
        speech = app.speech.entries.map {
            Speech(timeMs: $0.timeMs, text: $0.text, voice: $0.voice, interrupted: app.speech.interrupted($0),
                   parts: $0.parts.map { Speech.Part(text: $0.text, voice: $0.voice) })
        }
        speechVolume = app.speech.volume
        toast = s.toast
        toasts = s.toasts
        focus = s.focus
        pictureWarnings = app.pictures.warnings
        timeoutWarning = app.scene.timeoutWarning.map { $0.title + " " + $0.message }
    }

    /// Every key, nulls included (a synthesised encoder would leave absent values out).
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(timeMs, forKey: .timeMs)
        try c.encode(screen, forKey: .screen)
        try c.encode(display, forKey: .display)
        try c.encode(page, forKey: .page)
        try c.encode(navigation, forKey: .navigation)
        try c.encode(sheet, forKey: .sheet)
        try c.encode(rows, forKey: .rows)
        try c.encode(headers, forKey: .headers)
        try c.encode(items, forKey: .items)
        try c.encode(haptics, forKey: .haptics)
        try c.encode(log, forKey: .log)
        try c.encode(speech, forKey: .speech)
        try c.encode(speechVolume, forKey: .speechVolume)
        try c.encode(toast, forKey: .toast)
        try c.encode(toasts, forKey: .toasts)
        try c.encode(focus, forKey: .focus)
        try c.encode(pictureWarnings, forKey: .pictureWarnings)
        try c.encode(timeoutWarning, forKey: .timeoutWarning)
    }

    /// Pretty-printed JSON with sorted keys and a final newline; `{}` when a value cannot be
    /// written (a non-finite number).
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text + "\n"
    }
}
