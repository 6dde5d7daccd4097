// What the scene shows over its pages besides a sheet: the two toasts, the `identify` banner,
// the time-out warning and the visual haptic pulse. Which of them shows at an instant, when each
// ends, when the next frame is due for them and what of them a frame's signature holds are
// decided here, in one object the scene keeps (issue 23: a reader finds who owns a piece of
// state from its type's name), and tested at explicit instants apart from the drawing
// (SceneOverlaysTests). Drawing them stays with the scene (KioskScene+Overlays, +Render). A
// class: asked on every tick and frame, a struct in the scene was copied (with its toasts'
// strings retained) for each question.
import SwipeCore

/// The overlays over the pages, and their timing.
final class SceneOverlays {
    /// The toast with a button (Undo), if one is showing: no message toast replaces it, so its
    /// button stays reachable for all of its lifetime (the undo window).
    var actionToast: ToastView?
    /// The message toast, if one is showing: drawn above the action toast while both show.
    var messageToast: ToastView?
    /// The `identify` banner, if one is showing (IdentifyBanner.swift).
    var identifyBanner: IdentifyBanner?
    /// The time-out warning, if one is showing (TimeoutWarning.swift); it has no end of its own.
    var timeoutWarning: TimeoutWarning?
    /// The visual haptic pulse: an edge flash from `start` for `duration` at `strength` (0…1).
    var pulse: (start: Instant, duration: Duration, strength: Double)?

    /// One with a button replaces the action toast (the newest Undo is the one offered), a
    /// message replaces the message toast: a message never takes an Undo away before its window
    /// closes, and is shown above it instead (a queued message could wait minutes).
    func show(_ toast: ToastView) {
        if toast.actionTitle != nil { actionToast = toast } else { messageToast = toast }
    }

    /// The newest toast showing (the state dump's `toast`).
    var newestToast: ToastView? {
        [actionToast, messageToast].compactMap { $0 }.max { $0.shownAt < $1.shownAt }
    }

    /// The toasts showing, bottom to top, each with its slot (0 at the bottom).
    var toasts: [(toast: ToastView, slot: Int)] {
        switch (actionToast, messageToast) {
        case (nil, nil): return []
        case (let a?, nil): return [(a, 0)]
        case (nil, let m?): return [(m, 0)]
        case (let a?, let m?): return [(a, 0), (m, 1)]
        }
    }

    /// Takes away the toasts and the banner whose time is over at `time`; whether any went.
    func expire(at time: Instant) -> Bool {
        var changed = false
        if let toast = actionToast, time >= toast.expires { actionToast = nil; changed = true }
        if let toast = messageToast, time >= toast.expires { messageToast = nil; changed = true }
        if let banner = identifyBanner, time >= banner.expires { identifyBanner = nil; changed = true }
        return changed
    }

    /// Whether none of them is over the page at `time` (a banner or pulse whose time is over
    /// counts as gone before the next tick takes it away).
    func noneShowing(at time: Instant) -> Bool {
        actionToast == nil && messageToast == nil && timeoutWarning == nil
            && identifyBanner.map({ time >= $0.expires }) ?? true && pulse.map({ time - $0.start >= $0.duration }) ?? true
    }

    /// The next time one of them changes by itself after `time` (a toast fading in or out, the
    /// banner ending, a pulse fading: `time` itself while it runs); nil when none will.
    func nextDeadline(after time: Instant) -> Instant? {
        // Asked on every tick: no array is made for it.
        if let p = pulse, p.start + p.duration > time { return time }
        var best = actionToast?.nextDeadline(after: time)
        if let deadline = messageToast?.nextDeadline(after: time), best.map({ deadline < $0 }) ?? true { best = deadline }
        if let banner = identifyBanner, banner.expires > time, best.map({ banner.expires < $0 }) ?? true { best = banner.expires }
        return best
    }

    /// What of them a frame drawn at `time` shows, into a frame's signature.
    func combine(into hasher: inout Hasher, at time: Instant) {
        for (toast, slot) in toasts {
            hasher.combine(toast); hasher.combine(slot)
            hasher.combine(min(1, min(time - toast.shownAt, toast.expires - time).inSeconds / ToastView.fade.inSeconds))
        }
        if let banner = identifyBanner, time < banner.expires { hasher.combine(banner) }
        hasher.combine(timeoutWarning)
        if let p = pulse, time - p.start < p.duration { hasher.combine(time - p.start) }
    }
}
