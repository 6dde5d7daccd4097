// The display of `replay`, `screenshot` and `bench`: the DRM contract on the loop's virtual clock.
// Presenting copies the damaged rectangles into a scanout buffer the way DRMOutput copies them
// into a dumb buffer (rotated on the way), and the flip completes at the next vblank of the
// configured refresh rate, so animation time on the host is what it is on a panel of that rate.
import SwipeCore

/// An in-memory panel with a refresh rate and a rotation.
public final class VirtualDisplay: Display {
    public let physicalSize: PixelSize
    public let rotation: DisplayRotation
    public let refreshRate: Double
    public var logicalSize: PixelSize { rotation.logicalSize(physical: physicalSize) }
    /// Unknown: a virtual panel has no EDID (`[display] panel_mm` stands in for one).
    public var sizeMillimetres: PixelSize { PixelSize(width: 0, height: 0) }
    /// The one scanout buffer (index 0) and the flip in flight, if any.
    public private(set) var flip = PageFlipState.idle(front: 0)
    public var isFlipPending: Bool { flip.isFlipPending }
    public private(set) var isPaused = false
    public private(set) var isBlanked = false
    public var onPageFlip: ((Instant) -> Void)?
    public var eventDescriptor: Int32? { nil }
    public var summary: String { "virtual \(physicalSize)@\(refreshRate) rotation \(rotation)" }
    /// What the panel shows (physical size, rotated): only written by ``present(from:damage:)``.
    public let scanout: PixelBuffer
    /// Frames presented so far.
    public private(set) var presentedFrames = 0

    private let loop: EventLoop
    private let memory: PixelMemory
    private let periodNanoseconds: Double

    /// A panel of `physicalSize` at `refreshRate` Hz whose flips complete on `loop`'s timers.
    public init(physicalSize: PixelSize, refreshRate: Double, rotation: DisplayRotation = .none, loop: EventLoop) throws(SystemError) {
        precondition(refreshRate > 0 && refreshRate.isFinite, "refresh rate \(refreshRate)")
        self.physicalSize = physicalSize
        self.refreshRate = refreshRate
        self.rotation = rotation
        self.loop = loop
        periodNanoseconds = 1e9 / refreshRate
        memory = try PixelMemory(physicalSize, purpose: "the virtual panel")
        scanout = memory.buffer
    }

    /// The first vblank strictly after `instant` (vblanks at whole multiples of the period).
    public func nextVblank(after instant: Instant) -> Instant {
        var index = (Double(instant.nanoseconds) / periodNanoseconds).rounded(.down)
        var vblank: Int64
        repeat {  // vblanks are rounded to whole nanoseconds: the one at `instant` may sit just below it
            index += 1
            vblank = Int64((index * periodNanoseconds).rounded())
        } while vblank <= instant.nanoseconds
        return Instant(nanoseconds: vblank)
    }

    public func handleEvents() {}

    public func present(from shadow: PixelBuffer, damage: [PixelRect]) throws(DisplayError) -> Bool {
        precondition(shadow.size == logicalSize, "shadow is \(shadow.size), display expects \(logicalSize)")
        guard !isPaused, !isBlanked, let buffer = flip.backBuffer(count: 1) else { return false }
        for rect in damage { scanout.copyRotated(from: shadow, rect: rect, rotation: rotation) }
        flip.queued(buffer)
        presentedFrames += 1
        let vblank = nextVblank(after: loop.now)
        loop.schedule(at: vblank) { [weak self] in
            guard let self else { return }
            flip.completed()
            onPageFlip?(vblank)
        }
        return true
    }

    public func setPower(on: Bool) {
        guard on == isBlanked else { return }
        isBlanked = !on
        if !on { scanout.fill(PixelRect(size: physicalSize), color: 0) }
    }

    public func suspend(restoringConsole: Bool) { isPaused = true }

    public func resume() -> Bool {
        isPaused = false
        return true
    }

    public func restore() {}
}
