// `swipe-kiosk out-of-service [--device /dev/dri/cardN]`: the panel's "Out of service" notice,
// started by systemd (swipe-kiosk-out-of-service.service, the kiosk unit's OnFailure=) when the
// kiosk keeps failing, instead of a login prompt (issue 28). Reads no configuration and no
// database, takes no keys, ignores touches. `--output FILE.png` draws the same page without a
// display, for a look at it and for the tests.
import ArgumentParser
import Canvas
import KioskFiles
import KioskHardware
import Logging
import SwipeCore

struct OutOfServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "out-of-service",
        abstract: "Show an \"Out of service\" screen (reads no configuration and no database).")

    @Option(help: "DRM device, e.g. /dev/dri/card0 (default: the first usable card).")
    var device: String?

    @Option(help: "Draw the page into this PNG file instead of on the display.")
    var output: String?

    @OptionGroup var screen: ScreenSizeOption

    func run() throws {
        if let output {
            let size = screen.screenSize(fallback: (1280, 800))
            do {
                let surface = try Surface(width: size.width, height: size.height)
                try OutOfServiceScreen.render(into: surface)
                try OutputFile.write(PNG.encode(surface), to: output)
            } catch let error as FileError {
                throw ExitCode.cannotCreate(error)
            }
            return
        }
        let logger = Logger(label: "swipe-kiosk")
        var display = DisplayConfiguration()
        display.devicePath = device
        var options = KioskSession.DeviceOptions(
            display: display, input: .udev(seat: "seat0"), haptics: HapticConfiguration(backend: .none))
        options.keyboards = KeyboardPolicy(admitsEveryKeyboard: false, allowed: [])
        options.vtSwitching = false
        let session: KioskSession
        do {
            session = try KioskSession.device(options, logger: logger)
        } catch {
            printError("out-of-service: \(error)")
            throw ExitCode(hardware: error)
        }
        logger.notice("out of service: the kiosk keeps failing; see `journalctl -u swipe-kiosk`")
        try OutOfServiceScreen(session: session).run()
    }
}
