// `swipe-kiosk touch-test`: the integrator's check that display, rotation and touch agree (like
// tslib's ts_test). It runs the real DRM + libinput + epoll path, draws a crosshair grid and a
// dot where each touch or click lands, and logs one line per event on stdout so scripts (the VM
// end-to-end tests) can follow it: `READY WxH rotation=R`, `TOUCH down slot=0 x=320 y=200`, ...
import ArgumentParser
import Glibc
import KioskApp
import KioskHardware
import Logging

struct TouchTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch-test",
        abstract: "Show a crosshair grid and draw a dot where each touch lands (checks display, rotation, calibration).")

    @Option(help: "DRM device, e.g. /dev/dri/card0 (default: first usable card).")
    var device: String?

    @Option(help: "Connector name, e.g. HDMI-A-1 (default: first connected).")
    var connector: String?

    @Option(help: "Mode: preferred, WxH or WxH@Hz.")
    var mode = "preferred"

    @Option(help: "Rotation in degrees clockwise: 0, 90, 180 or 270 (added to the panel orientation).")
    var rotation = 0

    @Option(help: "Modesetting: auto, atomic or legacy.")
    var modesetting = "auto"

    @Option(help: "Extra calibration matrix \"a b c d e f\" on normalised coordinates.")
    var calibration: String?

    @Option(help: "Haptic backend for a tap (fires `action`): none, ff, ff:DEVICE, led:NAME, command:CMD.")
    var haptic = "none"

    @Option(help: "Blank the display after this many idle seconds, 0 to 86400 (0 = never).")
    var blankAfter = 0

    /// The accepted `--blank-after`, as the configuration's `idle.blank_after_s`.
    static let blankAfterRange = 0...86_400

    func validate() throws {
        guard DisplayRotation(rawValue: rotation) != nil else { throw ValidationError("--rotation must be 0, 90, 180 or 270") }
        guard ModeRequest(parsing: mode) != nil else { throw ValidationError("--mode must be preferred, WxH or WxH@Hz") }
        guard DisplayConfiguration.Modesetting(rawValue: modesetting) != nil else {
            throw ValidationError("--modesetting must be auto, atomic or legacy")
        }
        if let calibration {
            switch CalibrationMatrix(parsing: calibration).map({ $0.problem }) {
            case nil: throw ValidationError("--calibration needs six numbers \"a b c d e f\", e.g. \"1 0 0 0 1 0\"")
            case .outOfRange?: throw ValidationError("--calibration must hold finite numbers within ±100, not \(calibration.prefix(80))")
            case .singular?: throw ValidationError("--calibration maps every touch onto a line or a point (a·e − b·d is 0); "
                                                   + "the identity is \"1 0 0 0 1 0\"")
            case nil?: break
            }
        }
        guard Self.blankAfterRange.contains(blankAfter) else {
            throw ValidationError("--blank-after must be \(Self.blankAfterRange.lowerBound) to \(Self.blankAfterRange.upperBound) "
                                  + "seconds (0 = never), not \(blankAfter)")
        }
        guard hapticBackend != nil else { throw ValidationError("--haptic: none, ff, ff:DEVICE, led:NAME or command:CMD") }
    }

    private var hapticBackend: HapticConfiguration.Backend? {
        let parts = haptic.split(separator: ":", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count) {
        case ("none", 1): return HapticConfiguration.Backend.none
        case ("ff", 1): return .forceFeedback(device: nil)
        case ("ff", 2): return .forceFeedback(device: parts[1])
        case ("led", 2): return .led(name: parts[1], transient: false)
        case ("command", 2): return .command(parts[1], minimumIntervalMilliseconds: 50)
        default: return nil
        }
    }

    func run() throws {
        LoggingSystem.bootstrap(JournalLogHandler.bootstrap)
        let logger = Logger(label: "swipe-kiosk")
        var display = DisplayConfiguration()
        display.devicePath = device
        display.connector = connector
        display.mode = ModeRequest(parsing: mode)!
        display.rotation = DisplayRotation(rawValue: rotation)!
        display.modesetting = DisplayConfiguration.Modesetting(rawValue: modesetting)!
        do {
            var options = KioskSession.DeviceOptions(
                display: display, input: .udev(seat: "seat0"), haptics: HapticConfiguration(backend: hapticBackend!))
            options.calibration = calibration.flatMap(CalibrationMatrix.init(parsing:)) ?? .identity
            options.blankAfterSeconds = blankAfter
            let session = try KioskSession.device(options, logger: logger)
            let scene = TouchTestScene(session: session)
            try scene.run()
        } catch {
            printError("touch-test: \(error)")
            throw ExitCode(hardware: error)
        }
    }
}
