// `swipe-kiosk [run]` (docs/ARCHITECTURE.md, Command line): the kiosk itself on DRM/KMS + libinput, as
// systemd starts it. It logs what it chose (card, connector, mode, input devices) and exits
// with the contract's codes: 65 bad configuration, 69 no usable display.
import ArgumentParser
import KioskApp
import KioskConfig
import KioskHardware
import Logging

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the kiosk on the display (the default command).")

    @OptionGroup var options: AppOptions

    @OptionGroup var demo: DemoOption

    @Option(help: "auto (DRM when a usable card exists), drm, or headless.")
    var backend: String = "auto"

    @Option(help: "DRM device, e.g. /dev/dri/card0 (default: configured, else the first usable card).")
    var device: String?

    @OptionGroup var rotation: RotationOption

    func validate() throws {
        guard ["auto", "drm", "headless"].contains(backend) else { throw ValidationError("--backend must be auto, drm or headless") }
    }

    func run() throws {
        LoggingSystem.bootstrap(JournalLogHandler.bootstrap)
        let logger = Logger(label: "swipe-kiosk")
        let configuration = demo.applied(to: try options.loadConfiguration())
        let chosen = backend == "auto" ? configuration.display.backend.rawValue : backend
        if chosen == "headless" {
            printError("run: the headless backend has no screen; use `swipe-kiosk replay` or `swipe-kiosk screenshot`")
            throw ExitCode.usage
        }
        var hardware = KioskSession.DeviceOptions(
            display: configuration.display.hardware(device: device, rotation: rotation.rotation),
            input: configuration.input.backend,
            haptics: configuration.haptics.hardware)
        hardware.calibration = configuration.input.calibrationMatrix
        hardware.pointerAsTouch = configuration.input.pointerAsTouch
        hardware.keyboards = configuration.input.keyboardPolicy
        hardware.vtSwitching = configuration.input.vtSwitching
        hardware.blankAfterSeconds = Int(configuration.idle.blankAfter)
        let session: KioskSession
        do {
            session = try KioskSession.device(hardware, logger: logger)
        } catch {
            printError("run: \(error)")
            throw ExitCode(hardware: error)
        }
        let size = session.shadow.size
        let databasePath = options.database ?? configuration.data.database
        let app = try options.makeApplication(
            configuration: configuration, databasePath: databasePath,
            size: (size.width, size.height), storeClock: .wall)
        let screen = try AppScreen(app: app, session: session, runsCommands: true)
        // Speech plays on ALSA from its own thread; the device is opened with the first sound,
        // and a device that fails is logged, never fatal (the kiosk goes on silent).
        if configuration.accessibility.speech != .off {
            do {
                try screen.playSpeech(onALSADevice: configuration.accessibility.audioDevice) { logger.error("speech: \($0)") }
            } catch {
                logger.error("speech: \(error)")
            }
        }
        screen.watchDatabase(at: databasePath)
        screen.reload = { [options, demo] in
            guard let path = options.config, let fresh = try? demo.applied(to: KioskConfiguration.load(file: path)),
                  let next = try? options.makeApplication(
                    configuration: fresh, databasePath: options.database ?? fresh.data.database,
                    size: (size.width, size.height), storeClock: .wall) else {
                logger.error("configuration reload failed: keeping the running one (check it with check-config)")
                return nil
            }
            return next
        }
        session.client = screen
        logger.info("kiosk running: \(screen.readyStatus)")
        do {
            try session.run()
        } catch {
            printError("run: \(error)")
            throw ExitCode(hardware: error)
        }
    }
}
