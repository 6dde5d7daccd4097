// `swipe-kiosk touch-test`: the integrator's check that display, rotation and touch agree (like
// tslib's ts_test). It runs the real DRM + libinput + epoll path, draws a crosshair grid and a
// dot where each touch or click lands, and logs one line per event on stdout so scripts (the VM
// end-to-end tests) can follow it: `READY WxH rotation=R`, `TOUCH down slot=0 x=320 y=200`, ...
import ArgumentParser
import KioskConfig
import KioskFiles
import KioskHardware
import Logging
import SwipeCore

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

    @Option(help: "Atomic KMS, as the configuration's [display] atomic: auto, on or off.")
    var atomic = "auto"

    @Option(help: "Extra calibration matrix \"a b c d e f\" on normalised coordinates.")
    var calibration: String?

    @Option(help: ArgumentHelp(stringLiteral: "Haptic backend for a tap (fires `action`), as the configuration's [haptics] "
                  + "backend: none, forcefeedback, forcefeedback:DEVICE, led:/sys/class/leds/NAME, command:PROGRAM ARGS "
                  + "(words split at spaces, the event appended)."))
    var haptic = "none"

    @Option(help: "Blank the display after this many idle seconds, 0 to 86400 (0 = never).")
    var blankAfter = 0

    /// The accepted `--blank-after`, as the configuration's `idle.blank_after_s`.
    static let blankAfterRange = 0...86_400

    func validate() throws {
        guard DisplayRotation(rawValue: rotation) != nil else { throw ValidationError("--rotation must be 0, 90, 180 or 270") }
        guard ModeRequest(parsing: mode) != nil else { throw ValidationError("--mode must be preferred, WxH or WxH@Hz") }
        guard AtomicSetting(rawValue: atomic) != nil else { throw ValidationError("--atomic must be auto, on or off") }
        if let calibration {
            switch CalibrationMatrix(parsing: calibration).map({ $0.problem }) {
            case nil: throw ValidationError("--calibration needs six numbers \"a b c d e f\", e.g. \"1 0 0 0 1 0\"")
            case .outOfRange?: throw ValidationError("--calibration must hold finite numbers within ±100, not \(calibration.shown(atMost: 80))")
            case .singular?: throw ValidationError("--calibration maps every touch onto a line or a point (a·e − b·d is 0); "
                                                   + "the identity is \"1 0 0 0 1 0\"")
            case nil?: break
            }
        }
        guard Self.blankAfterRange.contains(blankAfter) else {
            throw ValidationError("--blank-after must be \(Self.blankAfterRange.lowerBound) to \(Self.blankAfterRange.upperBound) "
                                  + "seconds (0 = never), not \(blankAfter)")
        }
        guard haptics != nil else {
            throw ValidationError("--haptic: none, forcefeedback, forcefeedback:DEVICE, led:/sys/class/leds/NAME or command:CMD "
                                  + "(DEVICE, the LED and CMD's program absolute paths)")
        }
    }

    /// `--haptic` as the configuration's `[haptics]` table would say it, so the flag and the key
    /// reach the hardware through the same translation.
    private var haptics: HapticsSettings? {
        let parts = haptic.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        // As check-config takes the keys: a device, LED directory or program is an absolute path.
        guard parts.count == 1 || parts[1].hasPrefix("/") else { return nil }
        var settings = HapticsSettings()
        settings.rateLimit = 50
        switch (parts.first, parts.count) {
        case ("none", 1): settings.backend = .none
        case ("forcefeedback", 1): settings.backend = .forcefeedback
        case ("forcefeedback", 2): (settings.backend, settings.device) = (.forcefeedback, parts[1])
        case ("led", 2): (settings.backend, settings.ledPath) = (.led, parts[1])
        case ("command", 2): (settings.backend, settings.command) = (.command, parts[1].split(separator: " ").map(String.init))
        default: return nil
        }
        return settings
    }

    func run() throws {
        let logger = Logger(label: "swipe-kiosk")
        var settings = DisplaySettings()
        settings.connector = connector
        settings.mode = ModeRequest(parsing: mode)
        settings.atomic = AtomicSetting(rawValue: atomic)!
        let display = settings.hardware(device: device, rotation: rotation)
        do {
            var options = KioskSession.DeviceOptions(
                display: display, input: .udev(seat: "seat0"), haptics: haptics!.hardware)
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
