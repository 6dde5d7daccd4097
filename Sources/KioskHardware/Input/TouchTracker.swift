// The per-slot bookkeeping every input source shares: physical positions are mapped through the
// screen mapping, each slot remembers its last position (lifts and cancels carry none), and a
// pointer's left button becomes a finger on its own slot only when `pointer_as_touch` allows.
import SwipeCore

/// Turns raw touch and pointer changes into `TouchEvent`s in logical coordinates.
public struct TouchTracker: Sendable {
    /// The slot mice and absolute pointers report their left button on.
    public static let pointerSlot = 1000

    public var screen: ScreenMapping
    /// A pointer's left button acts as a finger (`[input] pointer_as_touch`).
    public var pointerAsTouch: Bool
    /// Slots that are down, with their last logical position.
    public private(set) var lastLocation: [Int: Point] = [:]
    /// The pointer's logical position (pressed or not).
    public private(set) var pointerLocation = Point(x: 0, y: 0)
    /// The pointer's left button is down (and acting as a finger).
    public private(set) var pointerPressed = false
    /// The pointer's physical position before calibration, what a mouse's motion adds to (mapping
    /// the logical position back would apply the calibration again at every move).
    private var pointerPhysical = Point(x: 0, y: 0)

    public init(screen: ScreenMapping, pointerAsTouch: Bool = true) {
        self.screen = screen
        self.pointerAsTouch = pointerAsTouch
    }

    /// A finger went down or moved at a physical position.
    public mutating func touch(slot: Int, phase: TouchPhase, physical: Point, time: Instant) -> TouchEvent {
        let location = screen.logicalPoint(physical: physical)
        lastLocation[slot] = location
        return TouchEvent(slot: slot, phase: phase, point: location, time: time)
    }

    /// Ends `slot` with `phase` (up or cancel) at its last position; nil when it is not down.
    public mutating func end(slot: Int, phase: TouchPhase, time: Instant) -> TouchEvent? {
        guard let location = lastLocation.removeValue(forKey: slot) else { return nil }
        if slot == Self.pointerSlot { pointerPressed = false }
        return TouchEvent(slot: slot, phase: phase, point: location, time: time)
    }

    /// The pointer moved to a physical position; a move of its slot while the button is down.
    public mutating func movePointer(toPhysical physical: Point, time: Instant) -> TouchEvent? {
        pointerPhysical = physical
        pointerLocation = screen.logicalPoint(physical: physical)
        guard pointerPressed else { return nil }
        lastLocation[Self.pointerSlot] = pointerLocation
        return TouchEvent(slot: Self.pointerSlot, phase: .moved, point: pointerLocation, time: time)
    }

    /// The pointer moved by a relative physical delta (a mouse); it stays on the panel.
    public mutating func movePointer(byPhysical dx: Double, _ dy: Double, time: Instant) -> TouchEvent? {
        let size = screen.physicalSize
        let x = min(max(pointerPhysical.x + dx, 0), Double(size.width) - 0.001)
        let y = min(max(pointerPhysical.y + dy, 0), Double(size.height) - 0.001)
        return movePointer(toPhysical: Point(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0), time: time)
    }

    /// The left button changed; a down or up of the pointer slot, nil when ignored.
    public mutating func pointerButton(pressed: Bool, time: Instant) -> TouchEvent? {
        guard pointerAsTouch, pressed != pointerPressed else { return nil }
        if !pressed { return end(slot: Self.pointerSlot, phase: .ended, time: time) }
        pointerPressed = true
        lastLocation[Self.pointerSlot] = pointerLocation
        return TouchEvent(slot: Self.pointerSlot, phase: .began, point: pointerLocation, time: time)
    }

    /// Every slot that is down, lowest first.
    public var activeSlots: [Int] { lastLocation.keys.sorted() }
}
