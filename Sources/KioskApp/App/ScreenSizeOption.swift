// `--size WxH` of the commands that draw without a display (replay, screenshot): `run` takes
// its size from the display's mode and `check-text` draws nothing, so they do not offer it.
// Without it they take the configuration's `[display] mode` as `run` would, so a preview is the
// panel's size.
import ArgumentParser
import KioskConfig
import KioskHardware
import KioskReplay

public struct ScreenSizeOption: ParsableArguments {
    public init() {}

    @Option(help: "Screen size WxH of the virtual display, each side 1…\(TouchScript.maximumSide).")
    public var size: String?

    /// Checked where the arguments are parsed: a bad value exits 64 before anything starts.
    public func validate() throws {
        if let size, TouchScript.parseSize(size) == nil {
            throw ValidationError("--size must be WxH with each side 1…\(TouchScript.maximumSide), e.g. 1280x800; not \(size)")
        }
    }

    /// The requested size (checked by `validate`), else `fallback`.
    public func screenSize(fallback: (Int, Int)) -> (width: Int, height: Int) {
        size.flatMap(TouchScript.parseSize).map { (width: $0.0, height: $0.1) } ?? (width: fallback.0, height: fallback.1)
    }

    /// The upright screen of a panel in the configured `[display] mode` turned by `rotation`
    /// (the mode is the panel's, as for `run`), or 1280x800 for the connector's preferred mode.
    public static func configuredScreen(_ configuration: KioskConfiguration, rotation: DisplayRotation) -> (Int, Int) {
        guard case .size(let width, let height, _)? = configuration.display.mode else { return (1280, 800) }
        return rotation.swapsAxes ? (height, width) : (width, height)
    }
}
