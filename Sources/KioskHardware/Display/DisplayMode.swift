// A connector's display modes as the kernel lists them, how a ModeRequest picks one, and the
// kernel's connector names (HDMI-A-1, Virtual-1, as in /sys/class/drm and xrandr).
import CDRM
import SwipeCore

extension ModeRequest {
    /// Picks the index of the matching mode, or nil.
    public func select(from modes: [DisplayMode]) -> Int? {
        switch self {
        case .preferred:
            return modes.firstIndex(where: \.isPreferred) ?? (modes.isEmpty ? nil : 0)
        case .size(let w, let h, let hz):
            let candidates = modes.indices.filter { modes[$0].width == w && modes[$0].height == h }
            if let hz {
                return candidates.min { abs(modes[$0].refreshRate - hz) < abs(modes[$1].refreshRate - hz) }
            }
            return candidates.max { modes[$0].refreshRate < modes[$1].refreshRate }
        }
    }
}

/// One display mode of a connector (a plain copy of `drmModeModeInfo`'s interesting fields).
public struct DisplayMode: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in Hz.
    public var refresh: Int
    /// The connector marks it preferred (`DRM_MODE_TYPE_PREFERRED`).
    public var isPreferred: Bool
    /// The raw mode, passed back to the kernel unchanged.
    public var info: drmModeModeInfo

    /// Wraps a kernel mode.
    public init(_ info: drmModeModeInfo) {
        self.info = info
        width = Int(info.hdisplay)
        height = Int(info.vdisplay)
        refresh = Int(info.vrefresh)
        isPreferred = info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
    }

    /// `WxH@Hz`.
    public var description: String { "\(width)x\(height)@\(refresh)" }

    /// The exact refresh rate from the pixel clock and totals (59.94 rather than 60), falling
    /// back to the rounded `vrefresh` when the timings are missing (virtual drivers).
    public var refreshRate: Double {
        let total = Double(info.htotal) * Double(info.vtotal)
        guard info.clock > 0, total > 0 else { return Double(max(1, refresh)) }
        var rate = Double(info.clock) * 1000 / total
        if info.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { rate *= 2 }
        if info.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { rate /= 2 }
        if info.vscan > 1 { rate /= Double(info.vscan) }
        return rate
    }

    public static func == (a: DisplayMode, b: DisplayMode) -> Bool {
        a.width == b.width && a.height == b.height && a.refresh == b.refresh && a.isPreferred == b.isPreferred
    }
}

/// Kernel connector names: the type name plus the per-type index, e.g. `HDMI-A-1`.
public enum ConnectorName {
    /// Type names as the kernel spells them (drivers/gpu/drm/drm_connector.c, drm_connector_enum_list).
    static let typeNames: [UInt32: String] = [
        0: "Unknown", 1: "VGA", 2: "DVI-I", 3: "DVI-D", 4: "DVI-A", 5: "Composite", 6: "SVIDEO",
        7: "LVDS", 8: "Component", 9: "DIN", 10: "DP", 11: "HDMI-A", 12: "HDMI-B", 13: "TV", 14: "eDP",
        15: "Virtual", 16: "DSI", 17: "DPI", 18: "Writeback", 19: "SPI", 20: "USB",
    ]

    /// `HDMI-A-1` for type 11 index 1; unknown types become `Unknown<type>-<index>`.
    public static func make(type: UInt32, typeID: UInt32) -> String {
        "\(typeNames[type] ?? "Unknown\(type)")-\(typeID)"
    }
}
