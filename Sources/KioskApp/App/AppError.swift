// Errors of the app layer that end the program, each with the exit code docs/ARCHITECTURE.md assigns and a
// message that says what to do.
import KioskHardware

/// A fatal problem at start-up or during a command.
public enum AppError: Error, CustomStringConvertible {
    case fontsMissing(searched: [String])
    case configuration(String)
    case data(String)
    case usage(String)

    public var description: String {
        switch self {
        case .fontsMissing(let searched):
            return "fonts not found (looked for DejaVuSans.ttf in: \(searched.joined(separator: ", "))); "
                + "set SWIPE_KIOSK_FONTS or [theme] fonts in the configuration"
        case .configuration(let message), .data(let message), .usage(let message):
            return message
        }
    }

    /// Usage for a bad command line, bad data for the rest.
    public var exitStatus: ExitStatus {
        switch self {
        case .usage: return .usage
        case .configuration, .data, .fontsMissing: return .badData
        }
    }
}
