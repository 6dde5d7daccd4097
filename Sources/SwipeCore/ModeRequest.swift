// How an operator names a display mode on the command line and in the configuration: `WxH[@Hz]`
// or `preferred`. A plain value the configuration reads and the hardware matches against the
// connector's modes (KioskHardware's DisplayMode), so it sits with the other shared values.

/// Which display mode to use.
public enum ModeRequest: Hashable, Sendable, CustomStringConvertible {
    /// The connector's preferred mode (first mode when none is marked preferred).
    case preferred
    /// A mode of this size; the refresh rate closest to `refresh` (Hz) or the highest when nil.
    case size(width: Int, height: Int, refresh: Double?)

    /// Parses `preferred`, `WxH` or `WxH@Hz` (`@59.94` too; 0 < Hz <= 1000): the one grammar of
    /// the configuration's `display.mode` and the command line. Nil when malformed.
    public init?(parsing text: String) {
        if text == "preferred" || text.isEmpty {
            self = .preferred
            return
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let dims = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0 else { return nil }
        var refresh: Double?
        if parts.count == 2 {
            guard let hz = Double(parts[1]), hz > 0, hz <= 1000 else { return nil }
            refresh = hz
        }
        self = .size(width: w, height: h, refresh: refresh)
    }

    public var description: String {
        switch self {
        case .preferred: return "preferred"
        case .size(let w, let h, nil): return "\(w)x\(h)"
        case .size(let w, let h, let hz?): return hz == hz.rounded() ? "\(w)x\(h)@\(Int(hz))" : "\(w)x\(h)@\(hz)"
        }
    }
}
