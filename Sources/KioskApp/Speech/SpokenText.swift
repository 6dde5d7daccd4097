// What one utterance says, as the sentences it is made of, so that each is said in the voice of
// its own script: an item's Japanese title in Japanese, and the kiosk's words after it ("Unread.",
// "2 of 12.") in English. Said as one string, the first script in it chose the voice of it all.
import KioskSpeech

/// Text to say, in pieces that each choose their voice.
struct SpokenText: Equatable, ExpressibleByStringLiteral {
    private(set) var pieces: [String] = []

    init() {}

    /// One piece (nothing when `text` is empty).
    init(_ text: String) {
        if !text.isEmpty { pieces = [text] }
    }

    init(stringLiteral text: String) { self.init(text) }

    /// Each text a piece.
    init(_ texts: [String]) { pieces = texts.filter { !$0.isEmpty } }

    static func + (lhs: SpokenText, rhs: SpokenText) -> SpokenText {
        var joined = lhs
        joined.pieces += rhs.pieces
        return joined
    }

    static func += (lhs: inout SpokenText, rhs: SpokenText) { lhs = lhs + rhs }

    /// The pieces joined by spaces: what the state dump shows.
    var text: String { pieces.joined(separator: " ") }

    var isEmpty: Bool { pieces.isEmpty }

    /// The pieces with their voices: `configured` (the `[accessibility] voice`, when espeak-ng
    /// has it) says everything; otherwise each piece's script chooses (Latin alone: English).
    func parts(configured: String?) -> [Utterance.Part] {
        pieces.map { piece in
            Utterance.Part(text: piece, voice: configured ?? SpeechVoice.voice(for: String(piece.unicodeScalars.prefix(Utterance.textLimit))))
        }
    }
}
