// Which scanout buffer is where between page flips, as one value (Slint's PageFlipState) rather
// than an index and a "flip pending" flag kept in step by hand. A flip owns the buffer it queued
// until the kernel reports it: while it is in flight no other frame can be queued, and the
// buffer it replaces stays on screen. DRMOutput (two or three dumb buffers) and VirtualDisplay
// (one scanout) share it; it touches no device, so its transitions are unit-tested.

/// The page-flip state of a display with `count` scanout buffers, by buffer index.
public enum PageFlipState: Equatable, Sendable {
    /// `front` is on screen and no flip is queued: the next frame may be presented.
    case idle(front: Int)
    /// A flip to `buffer` is queued; `buffer` belongs to the kernel until the flip completes,
    /// and `replacing` stays on screen until then.
    case flipPending(buffer: Int, replacing: Int)

    /// The buffer on screen, or the one that will be once the queued flip completes.
    public var front: Int {
        switch self {
        case .idle(let front): return front
        case .flipPending(let buffer, _): return buffer
        }
    }

    /// A flip is in flight: presenting must wait for its completion.
    public var isFlipPending: Bool {
        if case .flipPending = self { return true }
        return false
    }

    /// The buffer to draw the next frame into among `count`, nil while a flip is in flight.
    public func backBuffer(count: Int) -> Int? {
        guard case .idle(let front) = self else { return nil }
        return (front + 1) % count
    }

    /// A flip to `buffer` was queued (only from `idle`: one flip in flight at a time).
    public mutating func queued(_ buffer: Int) {
        guard case .idle(let front) = self else { preconditionFailure("a flip is already pending: \(self)") }
        self = .flipPending(buffer: buffer, replacing: front)
    }

    /// The kernel reported the flip: its buffer is on screen and the one it replaced is free.
    /// - Returns: the freed buffer, nil when no flip was pending (a stale or duplicate event).
    @discardableResult
    public mutating func completed() -> Int? {
        guard case .flipPending(let buffer, let replaced) = self else { return nil }
        self = .idle(front: buffer)
        return replaced
    }

    /// The flip's completion will never be reported (DRM master was lost and taken back, which
    /// drops queued events): its buffer counts as shown, the next mode set scans it out.
    public mutating func abandon() {
        self = .idle(front: front)
    }
}
