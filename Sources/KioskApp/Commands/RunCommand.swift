// `swipe-kiosk [run]` (docs/ARCHITECTURE.md, Command line): the kiosk itself on DRM/KMS + libinput, as
// systemd starts it, or with `--backend headless` the same app, loop and routing on a virtual
// panel in real time (no input device; driven through its control socket). It logs what it
// chose (card, connector, mode, input devices) and exits with the contract's codes: 65 bad
// configuration, 69 no usable display.
import ArgumentParser
import KioskConfig
import KioskHardware
import Logging
import SwipeCore

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

    @Option(help: "The control socket (default: $RUNTIME_DIRECTORY/control.sock, else $XDG_RUNTIME_DIR/swipe-kiosk/control.sock).")
    var controlSocket: String?

    /// Only with `--backend headless` (refused otherwise): a DRM panel's size is its mode.
    @OptionGroup var screen: ScreenSizeOption

    func validate() throws {
        guard ["auto", "drm", "headless"].contains(backend) else { throw ValidationError("--backend must be auto, drm or headless") }
        if screen.size != nil, backend != "headless" {
            throw ValidationError("--size is for --backend headless; a DRM panel's size is its mode")
        }
    }

    func run() throws {
        let logger = Logger(label: "swipe-kiosk")
        let configuration = demo.applied(to: try options.loadConfiguration())
        let chosen = backend == "auto" ? configuration.display.backend.rawValue : backend
        let session: KioskSession
        do {
            session = try chosen == "headless" ? headlessSession(configuration, logger: logger)
                : KioskSession.device(deviceOptions(configuration), logger: logger)
        } catch {
            printError("run: \(error)")
            throw ExitCode(hardware: error)
        }
        let size = session.shadow.size
        let databasePath = options.database ?? configuration.data.database
        // Held by the screen only: a reload replaces it, and the old app (its threads and
        // connections) goes.
        let screen = try AppScreen(
            app: try options.makeApplication(
                configuration: configuration, databasePath: databasePath, size: (size.width, size.height), storeClock: .wall,
                start: session.loop.now, panelMillimetres: session.display.sizeMillimetres),
            session: session, runsCommands: true)
        // Speech plays on ALSA from its own thread; the device is opened with the first sound,
        // and a device that fails is logged, never fatal (the kiosk goes on silent).
        if configuration.accessibility.speech != .off {
            do {
                // A panel without a sound card is a normal kiosk (speech is on-demand by default):
                // a notice, once, not an error for every key someone presses.
                try screen.playSpeech(onALSADevice: configuration.accessibility.audioDevice) {
                    logger.notice("speech: \($0): nothing is heard until the device works")
                }
            } catch {
                logger.error("speech: \(error)")
            }
        }
        screen.watchDatabase(at: databasePath)
        screen.reload = { [options, demo] in
            guard let path = options.config else {
                logger.error("configuration reload: the kiosk was started without --config; nothing to read again")
                return nil
            }
            do {
                let fresh = demo.applied(to: try KioskConfiguration.load(file: path))
                return try options.makeApplication(
                    configuration: fresh, databasePath: options.database ?? fresh.data.database,
                    size: (size.width, size.height), storeClock: .wall, start: session.loop.now,
                    panelMillimetres: session.display.sizeMillimetres)
            } catch let error as ConfigurationError {
                error.lines.forEach { logger.error("configuration reload failed: \($0)") }
            } catch {
                logger.error("configuration reload failed: \(error)")
            }
            logger.error("configuration reload failed: keeping the running one (check it with check-config)")
            return nil
        }
        session.client = screen
        screen.followSchedule(on: .system)
        let control = try controlSocket(on: session, logger: logger)
        if let control { screen.serve(control, version: KioskCommandLine.version, kiosk: ControlSocket.hostName()) }
        logger.info("kiosk running: \(screen.readyStatus)")
        do {
            try session.run()
        } catch {
            printError("run: \(error)")
            throw ExitCode(hardware: error)
        }
    }

    /// The control socket (README "Control socket"). One asked for with `--control-socket` must be
    /// created (else exit 73); the default one is skipped with a journal line when it cannot be.
    private func controlSocket(on session: KioskSession, logger: Logger) throws -> ControlSocket? {
        do throws(ControlSocketError) {
            if let controlSocket { return try ControlSocket(path: controlSocket, loop: session.loop) }
            let path = try ControlSocket.defaultPath()
            ControlSocket.makeDirectory(for: path)
            return try ControlSocket(path: path, loop: session.loop)
        } catch {
            guard controlSocket == nil else {
                printError("run: \(error)")
                throw ExitCode.cannotCreateOutput
            }
            logger.error("\(error): `swipe-kiosk ctl` and the feed cannot reach this app")
            return nil
        }
    }

    /// The DRM/libinput session's options from the configuration and the command line.
    private func deviceOptions(_ configuration: KioskConfiguration) -> KioskSession.DeviceOptions {
        var hardware = KioskSession.DeviceOptions(
            display: configuration.display.hardware(device: device, rotation: rotation.rotation),
            input: configuration.input.backend,
            haptics: configuration.haptics.hardware)
        hardware.calibration = configuration.input.calibrationMatrix
        hardware.pointerAsTouch = configuration.input.pointerAsTouch
        hardware.keyboards = configuration.input.keyboardPolicy
        hardware.vtSwitching = configuration.input.vtSwitching
        hardware.blankAfterSeconds = Int(configuration.idle.blankAfter)
        return hardware
    }

    /// A virtual panel at 60 Hz on real time: `--size` (default 1280x800) is the app's upright
    /// screen, the panel its transpose at 90/270 (as for `replay` and `screenshot`).
    private func headlessSession(_ configuration: KioskConfiguration, logger: Logger) throws -> KioskSession {
        let size = screen.screenSize(fallback: (1280, 800))
        let rotated = rotation.resolved(configuration)
        let physical = rotated.swapsAxes ? PixelSize(width: size.height, height: size.width) : PixelSize(width: size.width, height: size.height)
        return try KioskSession.headless(
            physicalSize: physical, refreshRate: 60, rotation: rotated,
            haptics: configuration.haptics.hardware, blankAfterSeconds: Int(configuration.idle.blankAfter), logger: logger)
    }
}
