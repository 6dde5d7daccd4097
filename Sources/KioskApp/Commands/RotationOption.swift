// `--rotation` of the commands that show the app (run, replay, screenshot): one vocabulary and
// one rule, so a rotated kiosk's behaviour replays from its own configuration. Without the
// option the configuration's `[display] rotation` applies; the option overrides it.
import ArgumentParser
import KioskConfig
import KioskHardware

struct RotationOption: ParsableArguments {
    @Option(help: "Rotation of the panel, clockwise: 0, 90, 180 or 270 (default: the configuration's [display] rotation).")
    var rotation: Int?

    func validate() throws {
        if let rotation, DisplayRotation(rawValue: rotation) == nil { throw ValidationError("--rotation must be 0, 90, 180 or 270") }
    }

    /// The rotation in effect: the option, else the configuration's.
    func resolved(_ configuration: KioskConfiguration) -> DisplayRotation {
        configuration.display.hardware(rotation: rotation).rotation
    }
}
