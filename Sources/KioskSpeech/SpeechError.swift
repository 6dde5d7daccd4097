// Why speech cannot start: the espeak-ng library missing, its data missing or unreadable, or no
// memory left for it.
// Typed, with espeak-ng's (or the loader's) own message, so `run` can say what to install and
// go on silent.
import KioskHardware

/// A failure of the speech synthesiser.
public enum SpeechError: Error, Equatable, CustomStringConvertible {
    /// libespeak-ng.so.1 could not be opened (libespeak-ng1 not installed) or lacks a function.
    case library(SharedLibraryError)
    /// espeak_ng_Initialize failed (data path missing: espeak-ng-data not installed).
    case initialization(String)
    /// Less than `bytes` of memory (address space) was left for espeak-ng beside the app's room.
    case memory(bytes: Int)

    public var description: String { "speech: \(reason)" }

    /// What went wrong, without the `speech: ` the log line starts with (`doctor`'s subject says it).
    public var reason: String {
        switch self {
        case .library(let error): return "\(error)"
        case .initialization(let message): return "espeak-ng could not start: \(message) (is espeak-ng-data installed?)"
        case .memory(let bytes): return "espeak-ng not started: less than \(bytes >> 20) MB of memory left for it"
        }
    }
}
