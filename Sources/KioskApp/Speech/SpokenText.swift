// What one utterance says, as the sentences it is made of, so that each is said in the voice of
// its own script: an item's Japanese title in Japanese, and the kiosk's words after it ("Unread.",
// "2 of 12.") in English. Said as one string, the first script in it chose the voice of it all.
// The sentences of one item (title, subtitle, picture description, body) take their voice from
// the item's text together: a kanji-only title is Japanese when its subtitle has kana, as the
// fonts choose for the whole item, not Mandarin for the title and Japanese for the rest.
import KioskSpeech

/// Text to say, in pieces that each choose their voice.
struct SpokenText: Equatable, ExpressibleByStringLiteral {
    struct Piece: Equatable {
        let text: String
        /// The text whose script chooses the voice: the piece itself, or all of its item's text.
        let voiceFrom: String
    }

    /// Scalars of each text looked at to choose an item's voice (the script shows in the first few).
    static let voiceSample = 256

    private(set) var pieces: [Piece] = []

    init() {}

    /// One piece (nothing when `text` is empty).
    init(_ text: String) { self.init([text]) }

    init(stringLiteral text: String) { self.init(text) }

    /// Each text a piece, in the voice of its own script.
    init(_ texts: [String]) {
        pieces = texts.filter { !$0.isEmpty }.map { Piece(text: $0, voiceFrom: $0) }
    }

    /// Each text a piece, all in the voice of the script of `context` (the texts of one item).
    init(_ texts: [String], voiceFrom context: [String]) {
        let sample = context.map { String(String.UnicodeScalarView($0.unicodeScalars.prefix(Self.voiceSample))) }.joined(separator: " ")
        pieces = texts.filter { !$0.isEmpty }.map { Piece(text: $0, voiceFrom: sample) }
    }

    static func + (lhs: SpokenText, rhs: SpokenText) -> SpokenText {
        var joined = lhs
        joined.pieces += rhs.pieces
        return joined
    }

    static func += (lhs: inout SpokenText, rhs: SpokenText) { lhs = lhs + rhs }

    /// The pieces joined by spaces: what the state dump shows.
    var text: String { pieces.map(\.text).joined(separator: " ") }

    var isEmpty: Bool { pieces.isEmpty }

    /// The pieces with their voices: `configured` (the `[accessibility] voice`, when espeak-ng
    /// has it) says everything; otherwise each piece's script chooses (Latin alone: English).
    func parts(configured: String?) -> [Utterance.Part] {
        pieces.map { piece in
            Utterance.Part(text: piece.text, voice: configured
                ?? SpeechVoice.voice(for: String(String.UnicodeScalarView(piece.voiceFrom.unicodeScalars.prefix(Utterance.textLimit)))))
        }
    }
}
