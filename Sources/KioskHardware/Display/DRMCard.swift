// An opened /dev/dri/cardN and what it offers: driver, connectors with their names, modes,
// status and properties. Used both by the output (to pick connector, mode and CRTC) and by
// `swipe-kiosk list-outputs`, so both always agree on names and choices.
import CDRM
import Glibc
import SwipeCore

/// A connector as the kernel reports it, copied into Swift values.
public struct ConnectorInfo: Sendable {
    /// KMS object id.
    public var id: UInt32
    /// Kernel name, e.g. `HDMI-A-1`, `Virtual-1`.
    public var name: String
    /// A display is plugged in.
    public var isConnected: Bool
    /// Modes in the kernel's order (preferred first, usually).
    public var modes: [DisplayMode]
    /// CRTC currently driving it (0 when none) and its mode.
    public var currentCRTC: UInt32
    public var currentMode: DisplayMode?
    /// CRTC ids this connector can be driven by.
    public var possibleCRTCs: [UInt32]
    /// Rotation implied by the "panel orientation" property (``DisplayRotation/none`` when absent).
    public var panelOrientation: DisplayRotation
    /// Physical size in millimetres.
    public var sizeMillimetres: PixelSize
}

/// An open DRM card. Closes its descriptor on deinit.
public final class DRMCard {
    /// Device path, e.g. `/dev/dri/card0`.
    public let path: String
    /// The open descriptor (close-on-exec).
    public let fd: Int32
    /// Kernel driver name, e.g. `bochs-drm`, `virtio_gpu`, `vc4`.
    public let driver: String
    /// The driver's description.
    public let driverDescription: String
    /// `DRM_CAP_DUMB_BUFFER` is set.
    public let supportsDumbBuffers: Bool

    /// Every `/dev/dri/card*`, in numeric order.
    public static func candidatePaths(directory: String = "/dev/dri") -> [String] {
        Directory.numbered(directory, prefix: "card").map { "\(directory)/card\($0)" }
    }

    /// Opens `path` read-write.
    public init(path: String) throws(DisplayError) {
        self.path = path
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw .cannotOpen(path: path, SystemError(errno: errno, operation: "open")) }
        self.fd = fd
        if let version = drmGetVersion(fd) {
            driver = String(cString: version.pointee.name)
            driverDescription = String(cString: version.pointee.desc)
            drmFreeVersion(version)
        } else {
            driver = "unknown"
            driverDescription = ""
        }
        var dumb: UInt64 = 0
        supportsDumbBuffers = drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &dumb) == 0 && dumb != 0
    }

    deinit { closeDescriptor(fd) }

    /// CRTC ids in resource order (the order `possible_crtcs` bit masks refer to).
    public func crtcIDs() -> [UInt32] {
        guard let res = drmModeGetResources(fd) else { return [] }
        defer { drmModeFreeResources(res) }
        return (0..<Int(res.pointee.count_crtcs)).map { res.pointee.crtcs[$0] }
    }

    /// Every connector with its modes, status and properties.
    public func connectors() -> [ConnectorInfo] {
        guard let res = drmModeGetResources(fd) else { return [] }
        defer { drmModeFreeResources(res) }
        let crtcs = (0..<Int(res.pointee.count_crtcs)).map { res.pointee.crtcs[$0] }
        return (0..<Int(res.pointee.count_connectors)).compactMap { index in
            guard let conn = drmModeGetConnector(fd, res.pointee.connectors[index]) else { return nil }
            defer { drmModeFreeConnector(conn) }
            return info(of: conn.pointee, crtcs: crtcs)
        }
    }

    private func info(of c: drmModeConnector, crtcs: [UInt32]) -> ConnectorInfo {
        let modes = (0..<Int(c.count_modes)).map { DisplayMode(c.modes[$0]) }
        var currentCRTC: UInt32 = 0
        var currentMode: DisplayMode?
        if c.encoder_id != 0, let encoder = drmModeGetEncoder(fd, c.encoder_id) {
            currentCRTC = encoder.pointee.crtc_id
            drmModeFreeEncoder(encoder)
            if currentCRTC != 0, let crtc = drmModeGetCrtc(fd, currentCRTC) {
                if crtc.pointee.mode_valid != 0 { currentMode = DisplayMode(crtc.pointee.mode) }
                drmModeFreeCrtc(crtc)
            }
        }
        var mask: UInt32 = 0
        for index in 0..<Int(c.count_encoders) {
            if let encoder = drmModeGetEncoder(fd, c.encoders[index]) {
                mask |= encoder.pointee.possible_crtcs
                drmModeFreeEncoder(encoder)
            }
        }
        let possible = crtcs.indices.filter { mask & (1 << UInt32($0)) != 0 }.map { crtcs[$0] }
        let orientation = properties(of: c.connector_id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))["panel orientation"]
        return ConnectorInfo(
            id: c.connector_id, name: ConnectorName.make(type: c.connector_type, typeID: c.connector_type_id),
            isConnected: c.connection == DRM_MODE_CONNECTED, modes: modes, currentCRTC: currentCRTC,
            currentMode: currentMode, possibleCRTCs: possible,
            panelOrientation: Self.rotation(forPanelOrientation: orientation?.enumName),
            sizeMillimetres: PixelSize(width: Int(c.mmWidth), height: Int(c.mmHeight)))
    }

    /// The rotation that makes the picture upright on a panel mounted as the kernel's
    /// "panel orientation" says (values as Weston interprets them, converted to clockwise).
    public static func rotation(forPanelOrientation name: String?) -> DisplayRotation {
        switch name {
        case "Upside Down": return .upsideDown
        case "Left Side Up": return .clockwise270
        case "Right Side Up": return .clockwise90
        default: return .none
        }
    }
}
