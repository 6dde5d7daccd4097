// The display seam (NIO's Core/Posix/Embedded split): the session presents damaged rectangles of
// its shadow buffer and learns from flip completions when the next frame may be drawn and what
// time it is for the animations. `DRMOutput` is the device; `VirtualDisplay` is the same
// contract on the virtual clock of `replay`, `screenshot` and `bench`.
import SwipeCore

/// Where frames go. Single-threaded: used from the event loop only.
public protocol Display: AnyObject {
    /// The size the app renders at (the mode, swapped for 90/270).
    var logicalSize: PixelSize { get }
    /// The panel's size in millimetres as its connector reports it (EDID), turned like
    /// `logicalSize`; 0 x 0 when unknown (projectors, virtual panels).
    var sizeMillimetres: PixelSize { get }
    /// The mode's vertical refresh rate in Hz (frames are paced by flips, never by a literal).
    var refreshRate: Double { get }
    /// Effective rotation of the panel; touch mapping uses the same value.
    var rotation: DisplayRotation { get }
    /// A flip is queued; ``present(from:damage:)`` returns false until it completes.
    var isFlipPending: Bool { get }
    /// Not ours to draw on (VT switched away, DRM master lost).
    var isPaused: Bool { get }
    /// Blanked for idle.
    var isBlanked: Bool { get }
    /// Called when a flip completed, with the time the frame reached the screen.
    var onPageFlip: ((Instant) -> Void)? { get set }
    /// A descriptor the loop watches (the DRM fd), calling ``handleEvents()`` when readable;
    /// nil when flips complete by themselves (on loop timers).
    var eventDescriptor: Int32? { get }
    /// Reads flip completions (only called for an ``eventDescriptor``).
    func handleEvents()
    /// Copies the damaged rectangles of `shadow` (logical size, upright) to the next buffer and
    /// queues a flip. - Returns: false when nothing was queued (flip pending, paused or blanked).
    func present(from shadow: PixelBuffer, damage: [PixelRect]) throws(DisplayError) -> Bool
    /// Panel off (idle blanking) or on again; on again means a full redraw.
    func setPower(on: Bool)
    /// Stops drawing and hands the display over (VT release).
    func suspend(restoringConsole: Bool)
    /// Takes the display back. - Returns: false while that is impossible; try later.
    func resume() -> Bool
    /// Puts back what was on screen before (the console) and frees the buffers.
    func restore()
    /// What was chosen, for the log and the `STATUS=` line (card, connector, mode, rotation).
    var summary: String { get }
}
