// A monitor switched off and on must not leave a dead screen. When a connector changes (plugged,
// unplugged, new EDID) the kernel sends a "change" uevent with HOTPLUG=1 for the DRM card, which
// udev passes on. This monitor puts libudev's netlink socket into the epoll loop and tells the
// session when a uevent concerns its card, so the output re-probes its connector
// (DRMOutput+Hotplug). The uevent itself is a plain value, so tests feed recorded ones.
import CLibInput
import Glibc

/// The properties of a DRM uevent that matter here.
public struct DRMUevent: Equatable, Sendable {
    /// `ACTION` (`change` for a hotplug).
    public var action: String
    /// `HOTPLUG=1`: a connector's state may have changed.
    public var isHotplug: Bool
    /// The card's device number from `MAJOR` and `MINOR`; nil when they are missing.
    public var device: dev_t?

    /// Reads the udev properties (`udevadm monitor --property` shows the same).
    public init(properties: [String: String]) {
        action = properties["ACTION"] ?? ""
        isHotplug = properties["HOTPLUG"] == "1"
        if let major = properties["MAJOR"].flatMap(UInt32.init), let minor = properties["MINOR"].flatMap(UInt32.init) {
            device = Self.deviceNumber(major: major, minor: minor)
        } else {
            device = nil
        }
    }

    /// glibc's `makedev` (a macro Swift does not import): the dev_t that `stat` reports.
    public static func deviceNumber(major: UInt32, minor: UInt32) -> dev_t {
        let major = dev_t(major), minor = dev_t(minor)
        return (major & 0xffff_f000) << 32 | (major & 0xfff) << 8 | (minor & 0xffff_ff00) << 12 | (minor & 0xff)
    }

    /// True when the owner of the card with device number `card` must re-probe its connectors.
    public func asksToReprobe(card: dev_t) -> Bool {
        action == "change" && isHotplug && device == card
    }
}

/// libudev's monitor of the "drm" subsystem, filtered to one card.
public final class DRMHotplugMonitor {
    /// The netlink socket; register it with the loop and call ``receive()`` when readable.
    public var fd: Int32 { udev_monitor_get_fd(monitor) }
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    private let card: dev_t

    /// Listens for uevents of the card open on `cardFD`.
    public init(cardFD: Int32) throws(SystemError) {
        var info = stat()
        guard fstat(cardFD, &info) == 0 else { throw SystemError(errno: errno, operation: "fstat(card)") }
        card = info.st_rdev
        guard let udev = udev_new() else { throw SystemError(errno: errno, operation: "udev_new") }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            let error = SystemError(errno: errno, operation: "udev_monitor_new_from_netlink")
            udev_unref(udev)
            throw error
        }
        self.udev = udev
        self.monitor = monitor
        let filtered = udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        guard filtered >= 0, udev_monitor_enable_receiving(monitor) >= 0 else {
            let error = SystemError(errno: filtered < 0 ? -filtered : errno, operation: "udev_monitor_enable_receiving")
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw error
        }
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Reads every queued uevent. Never blocks (libudev's socket is non-blocking).
    /// - Returns: true when at least one asks this card's owner to re-probe.
    public func receive() -> Bool {
        var reprobe = false
        while let device = udev_monitor_receive_device(monitor) {
            var properties: [String: String] = [:]
            var entry = udev_device_get_properties_list_entry(device)
            while let current = entry {
                if let name = udev_list_entry_get_name(current), let value = udev_list_entry_get_value(current) {
                    properties[String(cString: name)] = String(cString: value)
                }
                entry = udev_list_entry_get_next(current)
            }
            udev_device_unref(device)
            if DRMUevent(properties: properties).asksToReprobe(card: card) { reprobe = true }
        }
        return reprobe
    }
}
