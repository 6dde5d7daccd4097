// The two ways a session is put together: on the device (DRM/KMS, libinput, the VT, systemd
// notification, real time) and on virtual time (an in-memory panel of a chosen size, refresh
// rate and rotation, scripted input). Everything after these constructors is shared.
import Logging
import SwipeCore

extension KioskSession {
    /// What the device session is asked for (command line and configuration).
    public struct DeviceOptions {
        public var display: DisplayConfiguration
        public var input: InputBackend
        public var calibration: CalibrationMatrix = .identity
        public var pointerAsTouch = true
        /// Whose keys reach the app (`[input] keyboard`, `keyboard_allow`).
        public var keyboards: KeyboardPolicy = .all
        /// Whether Ctrl+Alt+Fn switches VTs (`[input] vt_switching`); off on a public kiosk.
        public var vtSwitching = false
        public var haptics: HapticConfiguration
        public var blankAfterSeconds = 0

        public init(display: DisplayConfiguration, input: InputBackend, haptics: HapticConfiguration) {
            self.display = display; self.input = input; self.haptics = haptics
        }
    }

    /// The kiosk on real hardware: opens the card, sets the mode, opens the input devices and
    /// takes over the VT. Errors are `DisplayError`, `InputError` or `SystemError`.
    public static func device(_ options: DeviceOptions, logger: Logger) throws -> KioskSession {
        let loop = try EventLoop()
        let service = try ServiceNotifier()
        let output = try DRMOutput(configuration: options.display, logger: logger)
        let input = try LibinputSource(
            backend: options.input,
            screen: ScreenMapping(physicalSize: output.physicalSize, rotation: output.rotation, calibration: options.calibration),
            pointerAsTouch: options.pointerAsTouch, logger: logger)
        input.keyboards = options.keyboards
        logger.info("input: pointer \(options.pointerAsTouch ? "acts as a finger" : "ignored (pointer_as_touch = false)"), keys from \(options.keyboards)")
        let session = try KioskSession(
            loop: loop, display: output, input: input,
            haptics: HapticEngine(configuration: options.haptics, loop: loop, logger: logger),
            service: service, vt: VirtualTerminal.takeOver(switching: options.vtSwitching, logger: logger),
            blankAfterSeconds: options.blankAfterSeconds, logger: logger)
        let jack = HeadphoneJack(loop: loop, logger: logger)
        jack.onEvent = { [unowned session] in session.route(.switchChanged($0)) }
        session.jack = jack
        // A monitor switched off and on: its mode again and a full redraw.
        do {
            let hotplug = try DRMHotplugMonitor(cardFD: output.card.fd)
            try loop.register(fd: hotplug.fd) { [unowned session] in
                if hotplug.receive(), output.reprobe() { session.invalidate() }
            }
            session.hotplug = hotplug
        } catch {
            logger.warning("display: no hotplug events (\(error)): a monitor switched off and on stays dark")
        }
        return session
    }

    /// `run --backend headless`: the device's runtime on real time (the loop's clock, signals,
    /// systemd notification when started by systemd) with a `physicalSize` virtual panel mounted
    /// at `rotation` that flips at `refreshRate` Hz only when there is something to draw, and no
    /// input device. Lets tests and integrators drive a running app (its control socket) without
    /// a DRM card.
    public static func headless(
        physicalSize: PixelSize, refreshRate: Double, rotation: DisplayRotation, haptics: HapticConfiguration,
        blankAfterSeconds: Int, logger: Logger
    ) throws(SystemError) -> KioskSession {
        let loop = try EventLoop()
        let display = try VirtualDisplay(physicalSize: physicalSize, refreshRate: refreshRate, rotation: rotation, loop: loop)
        let tracker = TouchTracker(screen: ScreenMapping(physicalSize: physicalSize, rotation: rotation))
        let input = try ScriptedInput(events: [], tracker: tracker, loop: loop)
        return try KioskSession(
            loop: loop, display: display, input: input,
            haptics: HapticEngine(configuration: haptics.virtual, loop: loop, logger: logger),
            service: ServiceNotifier(), vt: nil, blankAfterSeconds: blankAfterSeconds, logger: logger)
    }

    /// A session on virtual time: a `physicalSize` panel at `refreshRate` Hz and `rotation`,
    /// playing `events`. No systemd, no VT, and of the haptic backends only the visual pulse
    /// (hardware backends are replaced by none).
    public static func virtual(
        physicalSize: PixelSize, refreshRate: Double, rotation: DisplayRotation = .none,
        calibration: CalibrationMatrix = .identity, pointerAsTouch: Bool = true,
        haptics: HapticConfiguration = HapticConfiguration(backend: .none),
        events: [ScriptedInput.Event], blankAfterSeconds: Int = 0, logger: Logger
    ) throws(SystemError) -> KioskSession {
        let loop = try EventLoop(virtualClock: VirtualClock())
        let display = try VirtualDisplay(physicalSize: physicalSize, refreshRate: refreshRate, rotation: rotation, loop: loop)
        let tracker = TouchTracker(
            screen: ScreenMapping(physicalSize: physicalSize, rotation: rotation, calibration: calibration),
            pointerAsTouch: pointerAsTouch)
        let input = try ScriptedInput(events: events, tracker: tracker, loop: loop)
        return try KioskSession(
            loop: loop, display: display, input: input,
            haptics: HapticEngine(configuration: haptics.virtual, loop: loop, logger: logger),
            service: nil, vt: nil, blankAfterSeconds: blankAfterSeconds, logger: logger)
    }
}

extension HapticConfiguration {
    /// What plays on virtual time: the visual pulse as configured, hardware backends as none.
    var virtual: HapticConfiguration {
        guard backend != .visual else { return self }
        var copy = self
        copy.backend = .none
        return copy
    }
}
