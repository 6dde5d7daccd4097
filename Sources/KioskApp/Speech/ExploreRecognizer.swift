// Explore by touch (issue 25), the gestures: while speech is on, one finger never acts where it
// lands. Held (or sliding) it explores: what is under it is spoken; a quick flick right or left
// moves the focus to the next or previous element, up or down steps through the focused row's
// actions; two quick taps anywhere act on the focus; one tap explores where it lands. Only the
// first finger counts: a second one spoils the gesture (a pinch or a palm does nothing).
// The swipe core is not involved: this is the app's own small state machine over the same
// TouchEvents, at their timestamps (the loop ticks it at `nextDeadline`).
// SpeechStartHold is the gesture that starts on-demand speech and explore mode without sight:
// one finger held still for 3 s anywhere (EN 301 549 5.2, and one finger because 5.9 prefers
// no simultaneous actions); a long press on a row (0.5 s) lifts or a scroll moves long before.
import SwipeCore

/// What an explore-mode touch asks for.
enum ExploreGesture: Equatable {
    /// Speak what is under the point and put the focus there; `fresh`: the first of this touch.
    case explore(Point, fresh: Bool)
    /// Two quick taps: act on the focus.
    case activate
    case flick(ExploreFlick)
}

enum ExploreFlick: Equatable {
    case next, previous, up, down
}

/// Turns one finger's touch events into explore gestures.
struct ExploreRecognizer {
    /// Held this long, a finger explores instead of flicking or tapping.
    static let exploreDelay = Duration.milliseconds(250)
    /// Two taps whose lifts are at most this far apart are a double tap.
    static let doubleTapInterval = Duration.milliseconds(400)
    /// Moved at least this far (pixels) before lifting: a flick, not a tap.
    let flickDistance: Double

    private struct Touch {
        let slot: Int
        let start: Point
        let began: Instant
        var last: Point
        var exploring = false
        /// Another finger came down: this touch asks for nothing.
        var spoiled = false
    }

    private var touch: Touch?
    /// A single tap waiting to see whether a second one follows.
    private var pendingTap: (point: Point, time: Instant)?

    init(flickDistance: Double) {
        self.flickDistance = flickDistance
    }

    /// Feeds one event; returns what it asks for.
    mutating func handle(_ event: TouchEvent) -> [ExploreGesture] {
        var out = tick(time: event.time)
        guard var t = touch else {
            if event.phase == .began { touch = Touch(slot: event.slot, start: event.point, began: event.time, last: event.point) }
            return out
        }
        guard event.slot == t.slot else {
            if event.phase == .began {
                t.spoiled = true
                touch = t
            }
            return out
        }
        switch event.phase {
        case .began:
            // A second down on the slot (a script can send one): the old touch ends unseen.
            touch = Touch(slot: event.slot, start: event.point, began: event.time, last: event.point)
        case .moved:
            t.last = event.point
            touch = t
            if t.exploring, !t.spoiled { out.append(.explore(event.point, fresh: false)) }
        case .cancelled:
            touch = nil
        case .ended:
            touch = nil
            out += lifted(t, at: event.point, time: event.time)
        }
        return out
    }

    private mutating func lifted(_ t: Touch, at point: Point, time: Instant) -> [ExploreGesture] {
        guard !t.spoiled, !t.exploring else { return [] }
        let dx = point.x - t.start.x, dy = point.y - t.start.y
        if max(abs(dx), abs(dy)) >= flickDistance {
            pendingTap = nil
            if abs(dx) >= abs(dy) { return [.flick(dx > 0 ? .next : .previous)] }
            return [.flick(dy > 0 ? .down : .up)]
        }
        if let first = pendingTap, time - first.time <= Self.doubleTapInterval {
            pendingTap = nil
            return [.activate]
        }
        pendingTap = (point, time)
        return []
    }

    /// Time passed: a finger held long enough explores; a lone tap explores where it landed.
    mutating func tick(time: Instant) -> [ExploreGesture] {
        var out: [ExploreGesture] = []
        if let tap = pendingTap, time >= tap.time + Self.doubleTapInterval, touch == nil {
            pendingTap = nil
            out.append(.explore(tap.point, fresh: true))
        }
        if var t = touch, !t.exploring, !t.spoiled, time >= t.began + Self.exploreDelay {
            t.exploring = true
            touch = t
            pendingTap = nil
            out.append(.explore(t.last, fresh: true))
        }
        return out
    }

    /// The next time `tick` has something to do.
    func nextDeadline() -> Instant? {
        if let t = touch, !t.exploring, !t.spoiled { return t.began + Self.exploreDelay }
        if let tap = pendingTap, touch == nil { return tap.time + Self.doubleTapInterval }
        return nil
    }

    /// Forgets the touch and any pending tap (the idle reset).
    mutating func reset() {
        touch = nil
        pendingTap = nil
    }
}

/// One finger held still for `duration`, with no other finger down: fires once.
struct SpeechStartHold {
    static let duration = Duration.seconds(3)
    /// Moved further than this (pixels) from where it came down: not a hold (a scroll, a swipe).
    let slop: Double
    private var hold: (slot: Int, start: Point, began: Instant)?
    private var fingers: Set<Int> = []

    init(slop: Double) {
        self.slop = slop
    }

    /// Feeds one event (every touch, whoever else gets it).
    mutating func handle(_ event: TouchEvent) {
        switch event.phase {
        case .began:
            fingers.insert(event.slot)
            hold = fingers.count == 1 ? (event.slot, event.point, event.time) : nil
        case .moved:
            if let h = hold, h.slot == event.slot,
               max(abs(event.point.x - h.start.x), abs(event.point.y - h.start.y)) > slop { hold = nil }
        case .ended, .cancelled:
            fingers.remove(event.slot)
            if hold?.slot == event.slot { hold = nil }
        }
    }

    /// The held finger's slot and where it came down, once, when it has been held long enough
    /// by `time`; nil otherwise.
    mutating func tick(time: Instant) -> (slot: Int, point: Point)? {
        guard let h = hold, time >= h.began + Self.duration else { return nil }
        hold = nil
        return (h.slot, h.start)
    }

    var nextDeadline: Instant? { hold.map { $0.began + Self.duration } }
}
