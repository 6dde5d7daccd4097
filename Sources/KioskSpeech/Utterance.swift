// What the app asks to be said, as a value: the text (cut to a bound, so a hostile title cannot
// keep the synthesiser busy for minutes), the espeak-ng voice, the rate and the volume. The
// synthesiser takes nothing else, so every knob the configuration offers is visible here.

/// One thing to say.
public struct Utterance: Hashable, Sendable {
    /// Words per minute espeak-ng accepts (speak_lib.h, espeakRATE_MINIMUM/MAXIMUM).
    public static let rates = 80...450
    /// espeak-ng's normal speed.
    public static let defaultRate = 175
    /// Percent of espeak-ng's normal loudness.
    public static let volumes = 0...100
    /// Unicode scalars said at most; a longer text is cut there and `cutNote` is said instead of the rest.
    public static let textLimit = 2_000
    /// What is said after a text that was cut.
    public static let cutNote = " … Text shortened."
    /// Combining marks kept on one base character: real scripts stack a few (Vietnamese,
    /// Hebrew points, Indic vowel signs); a pile of hundreds is noise that espeak-ng would spell.
    public static let marksPerBase = 4

    /// Increasing per synthesiser: which utterance PCM belongs to, and which one a cut names.
    public let id: Int
    public let text: String
    public let voice: String
    public let rate: Int
    public let volume: Int
    /// Whether `text` was cut (to `textLimit` scalars or of a pile of combining marks).
    public let wasCut: Bool

    /// `text` bounded; `rate` and `volume` clamped to what espeak-ng takes.
    public init(id: Int, text: String, voice: String, rate: Int = Utterance.defaultRate, volume: Int = 100) {
        self.id = id
        let (bounded, cut) = Self.bounded(text)
        self.text = cut ? bounded + Self.cutNote : bounded
        wasCut = cut
        self.voice = voice
        self.rate = min(max(rate, Self.rates.lowerBound), Self.rates.upperBound)
        self.volume = min(max(volume, Self.volumes.lowerBound), Self.volumes.upperBound)
    }

    /// `text` without control characters (espeak-ng would name them), with at most
    /// `marksPerBase` combining marks on a base and at most `textLimit` scalars; whether anything was cut.
    static func bounded(_ text: String) -> (String, Bool) {
        var scalars = String.UnicodeScalarView()
        var marks = 0, cut = false
        for scalar in text.unicodeScalars {
            if scalars.count >= textLimit {
                cut = true
                break
            }
            if scalar.properties.generalCategory == .control {
                scalars.append(" ")
                marks = 0
                continue
            }
            if isMark(scalar) {
                marks += 1
                if marks > marksPerBase {
                    cut = true
                    continue
                }
            } else {
                marks = 0
            }
            scalars.append(scalar)
        }
        return (String(scalars), cut)
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
