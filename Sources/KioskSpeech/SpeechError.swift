// Why speech cannot start: espeak-ng's data missing or unreadable. Typed, with espeak-ng's own
// message, so `run` can say what to install and go on silent.
import CEspeakNG

/// A failure of the speech synthesiser.
public enum SpeechError: Error, Equatable, CustomStringConvertible {
    /// espeak_ng_Initialize failed (data path missing: espeak-ng-data not installed).
    case initialization(String)

    public var description: String {
        switch self {
        case .initialization(let message): return "speech: espeak-ng could not start: \(message) (is espeak-ng-data installed?)"
        }
    }

    /// espeak-ng's text for `status`.
    static func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
