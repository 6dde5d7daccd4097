// Which espeak-ng voice says a text, chosen from the text's script as the fonts are chosen from
// it (reference: fleet-speech-lockdown.md §2.3): kana anywhere make it Japanese; otherwise the
// first letter of a script other than Latin decides; Latin, digits and punctuation alone get the
// fallback (the configured language, English by default). Han is read as Mandarin through
// `cmn-latn-pinyin`: the default `cmn` voice reads tone digits as English words (espeak-ng#1236).

/// Voice choice by script.
public enum SpeechVoice {
    /// The voice for text without another script's letters.
    public static let fallback = "en"

    /// (first, last code point, voice) for the scripts espeak-ng 1.51 has a voice for.
    static let scripts: [(UInt32, UInt32, String)] = [
        (0x0370, 0x03FF, "el"), (0x1F00, 0x1FFF, "el"),
        (0x0400, 0x052F, "ru"),
        (0x0530, 0x058F, "hy"),
        (0x0590, 0x05FF, "he"), (0xFB1D, 0xFB4F, "he"),
        (0x0600, 0x06FF, "ar"), (0x0750, 0x077F, "ar"), (0x08A0, 0x08FF, "ar"),
        (0xFB50, 0xFDFF, "ar"), (0xFE70, 0xFEFF, "ar"),
        (0x0900, 0x097F, "hi"), (0x0980, 0x09FF, "bn"), (0x0A00, 0x0A7F, "pa"), (0x0A80, 0x0AFF, "gu"),
        (0x0B00, 0x0B7F, "or"), (0x0B80, 0x0BFF, "ta"), (0x0C00, 0x0C7F, "te"), (0x0C80, 0x0CFF, "kn"),
        (0x0D00, 0x0D7F, "ml"), (0x0D80, 0x0DFF, "si"),
        (0x0E00, 0x0E7F, "th"),
        (0x1000, 0x109F, "my"),
        (0x10A0, 0x10FF, "ka"),
        (0x1100, 0x11FF, "ko"), (0x3130, 0x318F, "ko"), (0xAC00, 0xD7AF, "ko"),
        (0x1200, 0x137F, "am"),
        (0x3040, 0x30FF, "ja"), (0x31F0, 0x31FF, "ja"),
        (0x3400, 0x4DBF, "cmn-latn-pinyin"), (0x4E00, 0x9FFF, "cmn-latn-pinyin"),
    ]

    /// The voice of `text`'s script, `fallback` when it has only Latin letters or none.
    public static func voice(for text: String, fallback: String = SpeechVoice.fallback) -> String {
        var first: String?
        for scalar in text.unicodeScalars where scalar.value >= 0x0370 {
            guard let voice = voice(of: scalar.value) else { continue }
            // Japanese mixes kanji and kana: any kana make the text Japanese.
            if voice == "ja" { return voice }
            if first == nil { first = voice }
        }
        return first ?? fallback
    }

    static func voice(of value: UInt32) -> String? {
        for (low, high, voice) in scripts where value >= low && value <= high { return voice }
        return nil
    }
}
