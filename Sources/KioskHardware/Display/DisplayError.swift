// Why the display could not be set up, in words an integrator can act on, with the exit code
// docs/ARCHITECTURE.md promises (69 for a missing or busy device, 64 for a bad name on the command line).
import Glibc
import SwipeCore

/// A display setup or presentation failure.
public enum DisplayError: Error, CustomStringConvertible {
    /// No `/dev/dri/card*` has a connected connector with dumb-buffer support.
    case noUsableCard(tried: [String: String])
    /// The card could not be opened (missing, permission).
    case cannotOpen(path: String, SystemError)
    /// Another process is DRM master (a desktop session or display manager); `holders` names
    /// the processes that have the card open, when they can be seen (root).
    case masterBusy(path: String, SystemError, holders: [String])
    /// The requested connector does not exist or is disconnected.
    case connectorNotFound(name: String, available: [String])
    /// No connector is connected.
    case noConnectedConnector(path: String)
    /// The connector has no mode matching the request.
    case modeNotFound(ModeRequest, available: [String])
    /// Every CRTC the connector can use is already driving another output.
    case noFreeCRTC(connector: String)
    /// Atomic modesetting was forced but the driver rejected it.
    case atomicUnsupported(String)
    /// A kernel call failed while running.
    case system(SystemError)

    /// ``masterBusy(path:_:holders:)`` naming the processes that have `path` open.
    static func busy(_ path: String, _ error: SystemError) -> DisplayError {
        .masterBusy(path: path, error, holders: DeviceUsers.processes(using: path))
    }

    /// The process exit code for this failure: a connector or mode that does not exist was asked
    /// for (usage), the system failed (internal), else the device is unavailable.
    public var exitStatus: ExitStatus {
        switch self {
        case .connectorNotFound, .modeNotFound: return .usage
        case .system: return .software
        default: return .unavailable
        }
    }

    public var description: String {
        switch self {
        case .noUsableCard(let tried):
            if tried.isEmpty {
                return "no DRM device: /dev/dri/card* does not exist (no GPU driver loaded, or running in a container without /dev/dri)"
            }
            let lines = tried.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
            return "no usable DRM card (need a connected connector and dumb buffers):\n\(lines)"
        case .cannotOpen(let path, let error):
            let hint = error.isPermissionOrBusy
                ? " — add the user to the 'video' group (usermod -aG video USER) or run from a logind seat session"
                : ""
            return "cannot open \(path): \(error)\(hint)"
        case .masterBusy(let path, let error, let holders):
            let open = holders.isEmpty ? "" : " (\(path) is open in: \(holders.joined(separator: ", ")))"
            return "cannot become DRM master on \(path): \(error). Another program drives the display\(open) — "
                + "most likely a desktop session or display manager (gdm, lightdm, sddm, a Wayland compositor, X) "
                + "or another swipe-kiosk. Stop it (systemctl stop display-manager, systemctl stop swipe-kiosk) "
                + "and start again."
        case .connectorNotFound(let name, let available):
            return "connector \(name) not found or not connected; available: \(available.joined(separator: ", "))"
        case .noConnectedConnector(let path):
            return "\(path): no connector is connected (plug in a display)"
        case .modeNotFound(let request, let available):
            return "mode \(request) not offered; available: \(available.joined(separator: ", "))"
        case .noFreeCRTC(let connector):
            return "no free CRTC for \(connector)"
        case .atomicUnsupported(let reason):
            return "atomic modesetting forced but unavailable: \(reason)"
        case .system(let error):
            return error.description
        }
    }
}
