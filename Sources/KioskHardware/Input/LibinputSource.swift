// libinput in the epoll loop: its fd is registered with the loop, and every readable event is
// turned into plain InputEvents in logical screen coordinates: libinput's transformed values
// (so udev's LIBINPUT_CALIBRATION_MATRIX applies), then the configured override matrix, then
// the display rotation. Touchscreens, absolute pointers (QEMU tablets) and mice all become
// touches; keyboards become key events. Devices come and go at any time (udev backend).
import CLibInput
import Glibc
import Logging
import SwipeCore

/// Where devices come from.
public enum InputBackend: Sendable {
    /// Every device udev assigns to `seat` (hot-plug included).
    case udev(seat: String)
    /// Exactly these device nodes (`/dev/input/eventN`), no hot-plug.
    case paths([String])
}

/// Errors setting up libinput.
public enum InputError: Error, CustomStringConvertible {
    /// libinput or udev could not be initialised, or the seat could not be assigned.
    case setupFailed(String)
    /// An explicit device could not be opened.
    case cannotOpenDevice(String)

    /// Exit code: both mean the device is unavailable.
    public var exitStatus: ExitStatus { .unavailable }

    public var description: String {
        switch self {
        case .setupFailed(let what):
            return "input: \(what) — is systemd-udevd running? The user needs the 'input' group "
                + "(usermod -aG input USER) or a logind seat session."
        case .cannotOpenDevice(let path):
            return "input: cannot open \(path) (missing, or no permission: add the user to the 'input' group)"
        }
    }
}

/// The libinput context plus the per-slot state needed to report touches in screen terms.
public final class LibinputSource: InputSource {
    /// Slot bookkeeping and the screen the coordinates are mapped to.
    public var tracker: TouchTracker
    /// Called for every event, in order.
    public var onEvent: ((InputEvent) -> Void)?
    /// The libinput fd; register it with ``EventLoop/register(fd:_:)`` and call ``dispatch()``.
    public var eventDescriptor: Int32 { libinput_get_fd(context) }

    let context: OpaquePointer
    private let udev: OpaquePointer?
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let logger: Logger
    /// The device each active slot belongs to (its removal cancels them).
    var slotDevice: [Int: OpaquePointer] = [:]
    var deviceInfos: [OpaquePointer: InputDeviceInfo] = [:]
    /// Between ``setSuspended(_:)`` true and false.
    private(set) var isSuspended = false
    /// Devices closed by a suspend, by sysname: their removal and return are not reported.
    var closedDevices: [String: InputDeviceInfo] = [:]
    /// Whose key events are delivered (`[input] keyboard`, `keyboard_allow`); others are dropped here.
    public var keyboards: KeyboardPolicy = .all

    /// Creates the context and adds the devices of `backend`.
    public init(backend: InputBackend, screen: ScreenMapping, pointerAsTouch: Bool = true, logger: Logger) throws(InputError) {
        tracker = TouchTracker(screen: screen, pointerAsTouch: pointerAsTouch)
        self.logger = logger
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, _ in
                guard let path else { return -EINVAL }
                let fd = open(path, flags | O_CLOEXEC | O_NOCTTY)
                return fd < 0 ? -errno : fd
            },
            close_restricted: { fd, _ in _ = close(fd) }))
        switch backend {
        case .udev(let seat):
            guard let udev = udev_new() else {
                interface.deallocate()
                throw .setupFailed("udev_new failed")
            }
            guard let li = libinput_udev_create_context(interface, nil, udev) else {
                udev_unref(udev)
                interface.deallocate()
                throw .setupFailed("libinput_udev_create_context failed")
            }
            guard libinput_udev_assign_seat(li, seat) == 0 else {
                libinput_unref(li)
                udev_unref(udev)
                interface.deallocate()
                throw .setupFailed("cannot assign seat \(seat)")
            }
            self.udev = udev
            context = li
        case .paths(let paths):
            guard let li = libinput_path_create_context(interface, nil) else {
                interface.deallocate()
                throw .setupFailed("libinput_path_create_context failed")
            }
            for path in paths where libinput_path_add_device(li, path) == nil {
                libinput_unref(li)
                interface.deallocate()
                throw .cannotOpenDevice(path)
            }
            udev = nil
            context = li
        }
    }

    deinit {
        libinput_unref(context)
        if let udev { udev_unref(udev) }
        interface.deallocate()
    }

    /// Devices currently known (after the first ``dispatch()``).
    public var devices: [InputDeviceInfo] { Array(deviceInfos.values).sorted { $0.sysname < $1.sysname } }

    /// Reads and translates everything libinput has queued. Never blocks.
    public func dispatch() {
        if libinput_dispatch(context) != 0 { logger.debug("input: libinput_dispatch failed: errno \(errno)") }
        while let event = libinput_get_event(context) {
            translate(event)
            libinput_event_destroy(event)
        }
    }

    /// Closes every device while the VT is switched away (libinput_suspend), or opens them again.
    /// Suspending cancels the touches in progress at once (a gesture never stays half done).
    /// Devices that come back are not reported again; those that went away meanwhile are
    /// reported removed after resuming.
    public func setSuspended(_ suspended: Bool) {
        guard suspended != isSuspended else { return }
        isSuspended = suspended
        if suspended {
            libinput_suspend(context)
        } else if libinput_resume(context) != 0 {
            logger.warning("input: libinput_resume failed: devices stay closed")
        }
        dispatch()
        guard !suspended else { return }
        for info in closedDevices.values.sorted(by: { $0.sysname < $1.sysname }) { onEvent?(.deviceRemoved(info)) }
        closedDevices.removeAll()
    }

    /// Ends `slot` with `phase` (up or cancel) at its last position, when it is down.
    func end(slot: Int, phase: TouchPhase, time: Instant) {
        slotDevice.removeValue(forKey: slot)
        if let sample = tracker.end(slot: slot, phase: phase, time: time) { onEvent?(.touch(sample)) }
    }

    /// A device went away: every slot it still holds is cancelled.
    func cancelSlots(of device: OpaquePointer, time: Instant) {
        let slots = slotDevice.filter { $0.value == device }.keys.sorted()
        for slot in slots { end(slot: slot, phase: .cancelled, time: time) }
        if !slots.isEmpty { onEvent?(.frame(time: time)) }
    }

    /// Whether key events of `device` reach the app under ``keyboards``.
    func admitsKeys(of device: InputDeviceInfo) -> Bool {
        keyboards.admits(name: device.name, vendor: device.vendor, product: device.product)
    }

    /// Logs, when a keyboard is added, that its keys will be ignored.
    func noteKeyboardPolicy(for device: InputDeviceInfo) {
        guard device.capabilities.contains(.keyboard), !admitsKeys(of: device) else { return }
        let id = KeyboardPolicy.usbID(vendor: device.vendor, product: device.product)
        logger.notice("input: keys of \"\(device.name)\" (\(id), \(device.sysname)) ignored: [input] keyboard admits \(keyboards)")
    }
}
