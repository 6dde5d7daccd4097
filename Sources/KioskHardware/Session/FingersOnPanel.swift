// The fingers on the panel as the session sees them, delivered to the app or not: the last
// sample of each (a `screen off` cancels them for the app; the panel never blanks under one that
// rests without moving, since a still finger sends no events), and the fingers swallowed until
// they lift (the touch that woke a dark panel, fingers on a panel held off). A type of its own
// so the session's routing reads as decisions, and the bookkeeping is tested against a model.
import SwipeCore

/// Fingers down on the panel, and which of them the app does not see.
struct FingersOnPanel {
    /// The last sample of each finger down.
    private(set) var down: [Int: TouchEvent] = [:]
    /// Fingers whose samples are kept from the app until they lift.
    private(set) var swallowed: Set<Int> = []

    /// Whether a finger rests on the panel.
    var anyDown: Bool { !down.isEmpty }

    /// Notes where `sample`'s finger is (a move of a finger never seen going down is not one).
    mutating func note(_ sample: TouchEvent) {
        switch sample.phase {
        case .began: down[sample.slot] = sample
        case .moved: if down[sample.slot] != nil { down[sample.slot] = sample }
        case .ended, .cancelled: down[sample.slot] = nil
        }
    }

    /// Keeps `sample`'s finger from the app until it lifts; a sample that lifts it frees the slot.
    mutating func swallow(_ sample: TouchEvent) {
        if sample.phase == .ended || sample.phase == .cancelled { swallowed.remove(sample.slot) } else { swallowed.insert(sample.slot) }
    }

    /// Whether `sample` belongs to a swallowed finger (then it is not delivered; its lift frees the slot).
    mutating func takeIfSwallowed(_ sample: TouchEvent) -> Bool {
        guard swallowed.contains(sample.slot) else { return false }
        if sample.phase == .ended || sample.phase == .cancelled { swallowed.remove(sample.slot) }
        return true
    }

    /// Swallows every finger down that the app still sees; returns their last samples, which the
    /// app is to see cancelled.
    mutating func swallowDelivered() -> [TouchEvent] {
        let delivered = down.values.filter { !swallowed.contains($0.slot) }.sorted { $0.slot < $1.slot }
        for sample in delivered { swallowed.insert(sample.slot) }
        return delivered
    }
}
