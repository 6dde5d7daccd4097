// `swipe-kiosk list-inputs`: the devices libinput sees on the seat, with the capabilities the
// app chooses them by (never by eventN numbers) and the calibration in effect.
import ArgumentParser
import KioskFiles
import KioskHardware
import Logging
import SwipeCore

struct ListInputsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-inputs",
        abstract: "List the input devices libinput sees (name, sysname, capabilities, size, calibration).")

    @Option(help: "The udev seat.")
    var seat = "seat0"

    func run() throws {
        let input: LibinputSource
        do {
            input = try LibinputSource(
                backend: .udev(seat: seat),
                screen: ScreenMapping(physicalSize: PixelSize(width: 1, height: 1), rotation: .none),
                logger: Logger(label: "swipe-kiosk"))
        } catch {
            printError("list-inputs: \(error)")
            throw ExitCode.unavailable
        }
        input.dispatch()
        let devices = input.devices
        guard !devices.isEmpty else {
            printError("list-inputs: libinput sees no devices on \(seat). Check that systemd-udevd runs and that the "
                + "user is in the 'input' group (usermod -aG input USER) or has a logind seat session.")
            throw ExitCode.unavailable
        }
        for device in devices {
            // The name is the device's own (a USB descriptor anyone can write): quoted as outside text.
            var line = "\(device.sysname): \"\(device.name.shown(atMost: 200))\" capabilities=\(device.capabilities)"
            if let size = device.sizeMillimetres {
                line += " size=\(Int(size.width.rounded()))x\(Int(size.height.rounded()))mm"
            }
            if let matrix = device.calibration { line += " calibration=[\(matrix)]" }
            print(line)
        }
    }
}
