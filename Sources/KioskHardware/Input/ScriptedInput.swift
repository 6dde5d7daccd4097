// The input source of `replay`, `screenshot` and `bench`: timed touch and key events (from a
// touch script or a `libinput record` file) are delivered on the loop's virtual clock through
// the same path a libinput event takes: an eventfd the loop watches, the shared TouchTracker
// (calibration, clamping, rotation), then the session's routing. Nothing here reads a clock.
import SwipeCore

/// Timed input played on an event loop.
public final class ScriptedInput: InputSource {
    /// One timed input change, in physical panel pixels (before rotation).
    public struct Event: Sendable {
        public enum Kind: Sendable {
            /// A finger down or moving at a physical position.
            case touch(slot: Int, phase: TouchPhase, physical: Point)
            /// A finger lifted or cancelled (at its last position).
            case end(slot: Int, phase: TouchPhase)
            /// A key press or release (Linux key code).
            case key(code: UInt32, pressed: Bool)
            /// An absolute pointer (a tablet, a VNC client) moved to a physical position.
            case pointer(physical: Point)
            /// A relative pointer (a mouse) moved by a physical delta.
            case pointerMotion(dx: Double, dy: Double)
            /// The pointer's left button changed.
            case button(pressed: Bool)
            /// A switch (the headphone jack) went on or off.
            case switchChanged(SwitchEvent.Kind, on: Bool)
        }

        public var time: Instant
        public var kind: Kind

        public init(time: Instant, kind: Kind) { self.time = time; self.kind = kind }
    }

    public var onEvent: ((InputEvent) -> Void)?
    public var tracker: TouchTracker
    public var eventDescriptor: Int32 { descriptor }

    private let loop: EventLoop
    private let descriptor: Int32
    private var events: [Event]
    private var next = 0
    private var isSuspended = false

    /// Plays `events` (sorted by time; equal times keep their order) on `loop`.
    public init(events: [Event], tracker: TouchTracker, loop: EventLoop) throws(SystemError) {
        self.events = events
        self.tracker = tracker
        self.loop = loop
        descriptor = try EventFD.create()
        scheduleNext()
    }

    deinit { closeDescriptor(descriptor) }

    /// Plays `more` after the events given so far (a session that goes on with another script);
    /// they must not be earlier than the last one. Delivered events are dropped here, so a
    /// session fed script after script for days keeps only what is still to come.
    public func append(_ more: [Event]) {
        guard let first = more.first else { return }
        precondition(first.time >= (events.last?.time ?? first.time), "appended events go back in time")
        let idle = next == events.count
        events.removeFirst(next)
        next = 0
        events += more
        if idle { scheduleNext() }
    }

    public func dispatch() {
        _ = try? EventFD.drain(descriptor)
        let now = loop.now
        var delivered = false
        while next < events.count, events[next].time <= now {
            deliver(events[next])
            next += 1
            delivered = true
        }
        if delivered { scheduleNext() }
    }

    /// Suspending cancels the fingers that are down, as closing a libinput device does; events
    /// that fall in the suspended time are dropped.
    public func setSuspended(_ suspended: Bool) {
        guard suspended != isSuspended else { return }
        isSuspended = suspended
        guard suspended else { return }
        let now = loop.now
        for slot in tracker.activeSlots {
            if let sample = tracker.end(slot: slot, phase: .cancelled, time: now) { onEvent?(.touch(sample)) }
        }
    }

    private func deliver(_ event: Event) {
        guard !isSuspended else { return }
        switch event.kind {
        case .touch(let slot, let phase, let physical):
            onEvent?(.touch(tracker.touch(slot: slot, phase: phase, physical: physical, time: event.time)))
        case .end(let slot, let phase):
            if let sample = tracker.end(slot: slot, phase: phase, time: event.time) { onEvent?(.touch(sample)) }
        case .key(let code, let pressed):
            onEvent?(.key(KeyEvent(key: Key(code: code), pressed: pressed, time: event.time)))
        case .pointer(let physical):
            if let sample = tracker.movePointer(toPhysical: physical, time: event.time) { onEvent?(.touch(sample)) }
        case .pointerMotion(let dx, let dy):
            if let sample = tracker.movePointer(byPhysical: dx, dy, time: event.time) { onEvent?(.touch(sample)) }
        case .button(let pressed):
            if let sample = tracker.pointerButton(pressed: pressed, time: event.time) { onEvent?(.touch(sample)) }
        case .switchChanged(let kind, let on):
            onEvent?(.switchChanged(SwitchEvent(kind: kind, on: on, time: event.time)))
        }
    }

    /// Wakes the loop (through the descriptor, as a device would) when the next event is due.
    private func scheduleNext() {
        guard next < events.count else { return }
        loop.schedule(at: events[next].time) { [weak self] in
            guard let self else { return }
            try? EventFD.signal(descriptor)
        }
    }
}
