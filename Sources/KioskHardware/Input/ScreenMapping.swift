// How a panel's physical coordinates become the app's logical ones (calibration, clamping,
// rotation). Every input source maps through it: libinput on the device, scripts and
// recordings in `replay`, so a rotated or calibrated panel is replayed as it is used.
import SwipeCore

/// How raw panel coordinates become logical screen coordinates.
public struct ScreenMapping: Sendable {
    /// The scanout size the touch panel covers (physical, unrotated).
    public var physicalSize: PixelSize
    /// The display rotation; touches follow it.
    public var rotation: DisplayRotation
    /// Applied after libinput's calibration, on normalised coordinates.
    public var calibration: CalibrationMatrix

    public init(physicalSize: PixelSize, rotation: DisplayRotation, calibration: CalibrationMatrix = .identity) {
        self.physicalSize = physicalSize; self.rotation = rotation; self.calibration = calibration
    }

    /// The logical size the app renders at.
    public var logicalSize: PixelSize { rotation.logicalSize(physical: physicalSize) }

    /// Maps a physical position (libinput's transformed pixels) to a logical, clamped position.
    public func logicalPoint(physical p: Point) -> Point {
        let calibrated = calibration.apply(p, in: physicalSize)
        let clamped = Point(x: min(max(calibrated.x, 0), Double(physicalSize.width) - 0.001),
                            y: min(max(calibrated.y, 0), Double(physicalSize.height) - 0.001))
        return rotation.logicalPoint(clamped, logical: logicalSize)
    }
}
