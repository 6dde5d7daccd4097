// Errors of the app layer that end the program, each with the exit code docs/ARCHITECTURE.md assigns and a
// message that says what to do.

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

    /// sysexits-style code: 64 usage, 65 bad config/data.
    public var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .configuration, .data, .fontsMissing: return 65
        }
    }
}
