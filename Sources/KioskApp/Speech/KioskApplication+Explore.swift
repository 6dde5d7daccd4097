// Explore by touch, the app's side (issue 25). One finger held still for 3 s (SpeechStartHold)
// starts it, with on-demand speech, until the idle reset; from then on every touch that begins
// goes to the ExploreRecognizer instead of the scene, and its gestures move the scene's own focus
// (KioskScene+Explore) and say where it is: a row as the arrow keys' focus says it, a sheet row,
// the back button, the toast, the detail page. A focused row's swipe actions are a list that
// vertical flicks step through ("Actions: Delete.", "Flag.", …) and a double tap runs.
// Without the gesture touches go to the scene as before, with speech off, on or started by a
// key: a sighted passer-by at a speaking kiosk, or a keypad user, still taps and swipes.
import KioskUI
import SwipeCore

/// The explore-mode state the app keeps.
struct ExploreMode {
    var recognizer: ExploreRecognizer
    var hold: SpeechStartHold
    /// The start gesture was made since the last idle reset.
    var enabled = false
    /// Slots whose touch began while speech was on: theirs go to the recogniser until they lift.
    var slots: Set<Int> = []
    /// The finger that made the start gesture: taken from the scene (cancelled there, so the
    /// button it was held on is not pressed when it lifts) and ignored until it lifts.
    var swallowed: Set<Int> = []
    /// What the focus is on (nil: nothing explored yet).
    var target: ExploreTarget?
    /// The focused row's action chosen by vertical flicks (nil: the row itself).
    var actionIndex: Int?

    init(theme: Theme) {
        recognizer = ExploreRecognizer(flickDistance: theme.px(40))
        hold = SpeechStartHold(slop: theme.px(16))
    }

    var nextDeadline: Instant? { Instant.earliest(recognizer.nextDeadline(), hold.nextDeadline) }

    /// The idle reset: the next person starts with nothing focused.
    mutating func reset() {
        enabled = false
        recognizer.reset()
        target = nil
        actionIndex = nil
    }
}

extension KioskApplication {
    /// Gives `touch` to explore mode when its finger came down while explore mode was on; false:
    /// the scene is to have it.
    func exploreTakes(_ touch: TouchEvent) -> Bool {
        explore.hold.handle(touch)
        if explore.swallowed.contains(touch.slot) {
            if touch.phase == .ended || touch.phase == .cancelled { explore.swallowed.remove(touch.slot) }
            return true
        }
        if touch.phase == .began {
            if explore.enabled, speech.active { explore.slots.insert(touch.slot) } else { explore.slots.remove(touch.slot) }
        }
        guard explore.slots.contains(touch.slot) else { return false }
        if touch.phase == .ended || touch.phase == .cancelled { explore.slots.remove(touch.slot) }
        perform(explore.recognizer.handle(touch), time: touch.time)
        return true
    }

    /// Time passed: the start gesture may be complete, a held finger explores, a lone tap explores.
    func tickExplore(time: Instant) {
        if let held = explore.hold.tick(time: time), !explore.enabled, speech.settings.speech != .off {
            explore.enabled = true
            scene.handle(TouchEvent(slot: held.slot, phase: .cancelled, point: held.point, time: time))
            explore.swallowed.insert(held.slot)
            let before = speech.entries.last?.id
            speech.start()
            announce(byKey: true)
            // Speech was on already: say where the person is all the same.
            if speech.entries.last?.id == before, let page = scene.accessibleFocus.page {
                speech.say(SpeechAnnouncer.phrase(page), time: time)
            }
        }
        perform(explore.recognizer.tick(time: time), time: time)
    }

    func perform(_ gestures: [ExploreGesture], time: Instant) {
        for gesture in gestures {
            switch gesture {
            case .explore(let point, let fresh):
                let target = scene.explore(at: point, time: time)
                guard fresh || target != explore.target else { continue }
                focus(on: target, time: time)
            case .flick(.next), .flick(.previous):
                focus(on: scene.exploreStep(forward: gesture == .flick(.next), time: time), time: time)
            case .flick(.down), .flick(.up):
                stepAction(down: gesture == .flick(.down), time: time)
            case .activate:
                guard let target = explore.target else { continue }
                if case .row = target, let index = explore.actionIndex {
                    scene.runFocusedRowAction(index, time: time)
                } else {
                    scene.activate(target, time: time)
                }
                // What the action showed (a page, a sheet) is said by the announcer; the focus
                // is wherever the next touch puts it.
                explore.target = nil
                explore.actionIndex = nil
                process()
            }
        }
    }

    /// Puts the explore focus on `target` and says it: a move the announcer says as it says an
    /// arrow key's (a row, a sheet row); what it would not say (the same element touched again,
    /// the back button, the toast, the detail page) is said here.
    private func focus(on target: ExploreTarget?, time: Instant) {
        explore.target = target
        explore.actionIndex = nil
        guard let target else { return }
        let before = speech.entries.last?.id
        announce(byKey: true)
        guard speech.active, speech.entries.last?.id == before else { return }
        let focus = scene.accessibleFocus
        let text: SpokenText?
        switch target {
        case .row: text = focus.row.map(SpeechAnnouncer.phrase)
        case .sheetRow: text = focus.sheet.flatMap { sheet in focus.sheetRow.map { SpeechAnnouncer.phrase($0, in: sheet) } }
        case .back: text = "Back. Button."
        case .trailingButton: text = "Styles. Button."
        case .toast(let id): text = scene.toast.flatMap { $0.id == id ? SpeechAnnouncer.phrase($0) : nil }
        case .detail: text = focus.page.map(SpeechAnnouncer.phrase)
        }
        if let text { speech.say(text, time: time) }
    }

    /// A vertical flick on a focused row: the next (down) or previous (up) of its actions; up
    /// from the first goes back to the row itself.
    private func stepAction(down: Bool, time: Instant) {
        guard case .row = explore.target, let row = scene.accessibleFocus.row, !row.actions.isEmpty else { return }
        let index = down ? min(row.actions.count - 1, (explore.actionIndex ?? -1) + 1) : (explore.actionIndex ?? 0) - 1
        explore.actionIndex = index >= 0 ? index : nil
        let text = index >= 0 ? SpeechAnnouncer.sentences((index == 0 ? ["Actions:"] : []) + [row.actions[index]]) : SpeechAnnouncer.phrase(row)
        speech.say(text, time: time)
    }
}
