// What the app asks to be said, as a value: the text in parts, each with its espeak-ng voice
// (an item's title in the voice of its script, the kiosk's own words in the interface's), cut
// to a bound so a hostile title cannot keep the synthesiser busy for minutes, the rate and the
// volume. The synthesiser takes nothing else, so every knob the configuration offers is visible here.

/// One thing to say.
public struct Utterance: Hashable, Sendable {
    /// A stretch said in one voice.
    public struct Part: Hashable, Sendable {
        public let text: String
        public let voice: String

        public init(text: String, voice: String) {
            self.text = text
            self.voice = voice
        }
    }

    /// Words per minute espeak-ng accepts (speak_lib.h, espeakRATE_MINIMUM/MAXIMUM).
    public static let rates = 80...450
    /// espeak-ng's normal speed.
    public static let defaultRate = 175
    /// Percent of espeak-ng's normal loudness.
    public static let volumes = 0...100
    /// Unicode scalars said at most, over all parts; a longer text is cut there and `cutNote` is
    /// said instead of the rest.
    public static let textLimit = 2_000
    /// What is said after a text that was cut.
    public static let cutNote = " … Text shortened."
    /// Combining marks kept on one base character: real scripts stack a few (Vietnamese,
    /// Hebrew points, Indic vowel signs); a pile of hundreds is noise that espeak-ng would spell.
    public static let marksPerBase = 4

    /// Increasing per synthesiser: which utterance PCM belongs to, and which one a cut names.
    public let id: Int
    /// What is said, in order; neighbours never share a voice (they are one part), none is empty.
    public let parts: [Part]
    public let rate: Int
    public let volume: Int
    /// Whether the text was cut (to `textLimit` scalars or of a pile of combining marks).
    public let wasCut: Bool

    /// The parts bounded together (a part past the limit is dropped) and neighbours of one voice
    /// joined; `rate` and `volume` clamped to what espeak-ng takes. `noteVoice` says the cut note
    /// (the kiosk's words, not the cut text's).
    public init(id: Int, parts: [Part], rate: Int = Utterance.defaultRate, volume: Int = 100,
                noteVoice: String = SpeechVoice.fallback) {
        self.id = id
        var kept: [Part] = []
        var budget = Self.textLimit, cut = false
        for part in parts {
            guard budget > 0 else {
                cut = cut || !part.text.isEmpty
                break
            }
            let (bounded, partCut) = Self.bounded(part.text, limit: budget)
            cut = cut || partCut
            budget -= bounded.unicodeScalars.count
            guard !bounded.isEmpty else { continue }
            if let last = kept.last, last.voice == part.voice {
                kept[kept.count - 1] = Part(text: last.text + " " + bounded, voice: part.voice)
            } else {
                kept.append(Part(text: bounded, voice: part.voice))
            }
        }
        if cut, let last = kept.last {
            if last.voice == noteVoice {
                kept[kept.count - 1] = Part(text: last.text + Self.cutNote, voice: last.voice)
            } else {
                kept.append(Part(text: String(Self.cutNote.drop { $0 == " " }), voice: noteVoice))
            }
        }
        self.parts = kept
        wasCut = cut
        self.rate = min(max(rate, Self.rates.lowerBound), Self.rates.upperBound)
        self.volume = min(max(volume, Self.volumes.lowerBound), Self.volumes.upperBound)
    }

    /// `text` in one `voice`.
    public init(id: Int, text: String, voice: String, rate: Int = Utterance.defaultRate, volume: Int = 100) {
        self.init(id: id, parts: [Part(text: text, voice: voice)], rate: rate, volume: volume)
    }

    /// The whole text, as the state dump reports it.
    public var text: String { parts.map(\.text).joined(separator: " ") }

    /// The voice it starts in (`SpeechVoice.fallback` for nothing to say).
    public var voice: String { parts.first?.voice ?? SpeechVoice.fallback }

    /// `text` without control characters (espeak-ng would name them), with at most
    /// `marksPerBase` combining marks on a base and at most `limit` scalars; whether anything was cut.
    static func bounded(_ text: String, limit: Int = textLimit) -> (String, Bool) {
        var scalars = String.UnicodeScalarView()
        var marks = 0, count = 0, cut = false
        for scalar in text.unicodeScalars {
            if count >= limit {
                cut = true
                break
            }
            count += 1
            if scalar.properties.generalCategory == .control {
                scalars.append(" ")
                marks = 0
                continue
            }
            if isMark(scalar) {
                marks += 1
                if marks > marksPerBase {
                    cut = true
                    count -= 1
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
