// Text that can make one item pass for another (issue 28): bidi controls (an RLO turns
// "gpj.exe" into "exe.jpg"), invisible characters (a zero-width space makes "Pay" and "P​ay"
// different ids that look alike) and words mixing look-alike alphabets (a Cyrillic "а" in a
// Latin word, a whole word of Cyrillic look-alikes, fullwidth letters among ASCII ones), variation
// selectors and tag characters where they only hide a difference. `check-text` reports them per item. Drawing needs no such scan: every field is
// laid out on its own and each of its paragraphs is a FriBidi paragraph of its own, so an
// override ends with its field (TextLayout), and bidi controls draw nothing (Font+Fallback).
import CICU
import KioskFiles

/// One reason a string may impersonate another.
public enum SpoofingFinding: Hashable, Sendable, CustomStringConvertible {
    /// Explicit bidi formatting characters (embeddings, overrides, isolates, marks).
    case bidiControls([UInt32])
    /// Characters that draw nothing between visible ones.
    case invisible([UInt32])
    /// A word written in more than one of the look-alike alphabets; `scripts` names them.
    case mixedScripts(word: String, scripts: [String])
    /// A word of another alphabet made only of letters drawn like Latin ones ("рау" for "pay"),
    /// in text that is otherwise Latin.
    case lookAlikeWord(word: String, script: String)

    public var description: String {
        switch self {
        case .bidiControls(let s): return "bidi controls \(SpoofingScan.list(s))"
        case .invisible(let s): return "zero-width characters \(SpoofingScan.list(s))"
        case .mixedScripts(let word, let scripts):
            return "mixed scripts in \"\(SpoofingScan.shown(word))\" (\(scripts.joined(separator: " + ")))"
        case .lookAlikeWord(let word, let script):
            return "\(script) word \"\(SpoofingScan.shown(word))\" drawn like Latin letters"
        }
    }
}

/// Finds ``SpoofingFinding``s in one string.
public enum SpoofingScan {
    /// LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI; LRM, RLM, ALM.
    static let bidiControls: Set<UInt32> = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
                                            0x200E, 0x200F, 0x061C]
    /// Zero-width space, word joiner, invisible operators, BOM, Mongolian vowel separator,
    /// Hangul fillers. ZWJ and ZWNJ are judged by their neighbours (``isJoinerAbuse``).
    static let invisible: Set<UInt32> = [0x200B, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x180E,
                                         0x115F, 0x1160, 0x3164, 0xFFA0]
    /// The alphabets whose letters look alike (UScriptCode → name); fullwidth Latin letters (ICU
    /// calls them Latin) count as an alphabet of their own, ``fullwidthLatin``.
    static let lookAlikeScripts: [Int32: String] = [25: "Latin", 8: "Cyrillic", 14: "Greek", 3: "Armenian", 6: "Cherokee",
                                                    fullwidthLatin: "fullwidth Latin"]
    static let latin: Int32 = 25
    static let fullwidthLatin: Int32 = -2

    /// The look-alike alphabet of `scalar` (``fullwidthLatin`` for Ａ–Ｚ, ａ–ｚ), else ICU's script.
    static func script(of scalar: UInt32) -> Int32 {
        (0xFF21...0xFF3A).contains(scalar) || (0xFF41...0xFF5A).contains(scalar) ? fullwidthLatin : kiosk_script_of(scalar)
    }

    /// Every finding in `text`, at most one of each kind (the first mixed word).
    public static func findings(in text: String) -> [SpoofingFinding] {
        let scalars = text.unicodeScalars.map(\.value)
        var controls: [UInt32] = [], hidden: [UInt32] = []
        for (i, s) in scalars.enumerated() {
            if bidiControls.contains(s) { controls.append(s) }
            if invisible.contains(s) || ((s == 0x200C || s == 0x200D) && isJoinerAbuse(scalars, at: i))
                || isStrayModifier(scalars, at: i) { hidden.append(s) }
        }
        var result: [SpoofingFinding] = []
        if !controls.isEmpty { result.append(.bidiControls(controls)) }
        if !hidden.isEmpty { result.append(.invisible(hidden)) }
        if let mixed = firstMixedWord(scalars) { result.append(mixed) }
        return result
    }

    /// Variation selectors and tag characters draw nothing themselves. A variation selector
    /// picks the look of the character before it (an emoji's, a CJK ideograph's); after a
    /// letter of a look-alike alphabet, a space or another selector it only makes two strings
    /// differ invisibly. Tag characters belong only to a flag's tag sequence (🏴 then tags).
    static func isStrayModifier(_ scalars: [UInt32], at i: Int) -> Bool {
        let s = scalars[i]
        if (0xFE00...0xFE0F).contains(s) || (0xE0100...0xE01EF).contains(s) {
            guard i > 0 else { return true }
            let previous = scalars[i - 1]
            return previous == 0x20 || lookAlikeScripts[script(of: previous)] != nil
                || (0xFE00...0xFE0F).contains(previous) || (0xE0100...0xE01EF).contains(previous)
        }
        guard (0xE0000...0xE007F).contains(s) else { return false }
        var start = i
        while start > 0, (0xE0020...0xE007F).contains(scalars[start - 1]) { start -= 1 }
        return start == 0 || scalars[start - 1] != 0x1F3F4
    }

    /// ZWJ and ZWNJ shape emoji sequences and Arabic and Indic text; next to a look-alike
    /// alphabet's letter, a space or the string's edge they only hide a difference.
    static func isJoinerAbuse(_ scalars: [UInt32], at i: Int) -> Bool {
        func suspicious(_ j: Int) -> Bool {
            guard scalars.indices.contains(j) else { return true }
            let s = scalars[j]
            return s == 0x20 || lookAlikeScripts[script(of: s)] != nil
        }
        return suspicious(i - 1) || suspicious(i + 1)
    }

    /// Cyrillic and Greek letters drawn like Latin ones (and so a Latin word's disguise). Greek
    /// letters that look like no Latin letter (α, β, γ, Δ, μ, Ω: units and medical terms such as
    /// "β-Blocker", "μg", "Δt") make no word suspicious.
    static let latinLookAlikes: Set<UInt32> = [
        0x0430, 0x0435, 0x043E, 0x0440, 0x0441, 0x0443, 0x0445, 0x0455, 0x0456, 0x0458, 0x04BB, 0x04CF, 0x0501, 0x051B, 0x051D,
        0x0405, 0x0406, 0x0408, 0x0410, 0x0412, 0x0415, 0x041A, 0x041C, 0x041D, 0x041E, 0x0420, 0x0421, 0x0422, 0x0425,
        0x0391, 0x0392, 0x0395, 0x0396, 0x0397, 0x0399, 0x039A, 0x039C, 0x039D, 0x039F, 0x03A1, 0x03A4, 0x03A5, 0x03A7,
        0x03BD, 0x03BF,
    ]
    /// Latin letters drawn like Cyrillic or Greek ones: one of them hides in a Cyrillic word.
    static let cyrillicLookAlikes: Set<UInt32> = Set("aceopxyiAjsBCEHKMOPTX".unicodeScalars.map(\.value))

    /// Whether a word mixing alphabets disguises one as the other: a look-alike letter of
    /// another alphabet inside a Latin word, or a Latin look-alike inside a word of at least two
    /// Cyrillic or Greek letters.
    static func disguises(_ word: ArraySlice<UInt32>) -> Bool {
        let latin = word.filter { script(of: $0) == Self.latin }
        let other = word.filter { let script = script(of: $0); return script != Self.latin && lookAlikeScripts[script] != nil }
        if other.contains(where: { latinLookAlikes.contains($0) || script(of: $0) == fullwidthLatin }) { return true }
        return other.count >= 2 && latin.contains(where: cyrillicLookAlikes.contains)
    }

    /// The first word (between spaces, hyphens and slashes) with letters of two or more
    /// look-alike alphabets, one disguised as the other.
    static func firstMixedWord(_ scalars: [UInt32]) -> SpoofingFinding? {
        let hasLatin = scalars.contains { script(of: $0) == latin }
        // Letters of a look-alike alphabet that look like no Latin letter ("П", "λ"): that
        // alphabet is written for real in this text ("Вера Петрова"), not as a disguise.
        let written = Set(scalars.filter { let s = script(of: $0); return s != latin && s != fullwidthLatin
            && lookAlikeScripts[s] != nil && Unicode.Scalar($0)?.properties.isAlphabetic == true && !latinLookAlikes.contains($0) }.map { script(of: $0) })
        var start = 0
        while start < scalars.count {
            var end = start
            var scripts: [Int32] = []
            while end < scalars.count, !isSeparator(scalars[end]) {
                let script = script(of: scalars[end])
                if lookAlikeScripts[script] != nil, !scripts.contains(script) { scripts.append(script) }
                end += 1
            }
            let word = scalars[start..<end]
            func text() -> String { String(String.UnicodeScalarView(word.compactMap(Unicode.Scalar.init))) }
            if scripts.count > 1, disguises(word) {
                return .mixedScripts(word: text(), scripts: scripts.compactMap { lookAlikeScripts[$0] })
            }
            // "рау" beside Latin words reads "pay": every letter of the word is a Latin look-alike
            // (browsers call it a whole-script confusable). "ｐａｙ" beside ASCII words too.
            let letters = word.filter { lookAlikeScripts[script(of: $0)] != nil }
            if hasLatin, scripts.count == 1, scripts[0] != latin, !written.contains(scripts[0]), letters.count >= 2,
               letters.allSatisfy({ latinLookAlikes.contains($0) || script(of: $0) == fullwidthLatin }),
               let name = lookAlikeScripts[scripts[0]] {
                return .lookAlikeWord(word: text(), script: name)
            }
            start = end + 1
        }
        return nil
    }

    /// `word`, cut to 40 scalars for a report line.
    static func shown(_ word: String) -> String { word.shown(atMost: 40) }

    private static func isSeparator(_ s: UInt32) -> Bool {
        s == 0x20 || s == 0x09 || s == 0x0A || s == 0x0D || s == 0x3000 || s == 0xA0 || s == 0x2D || s == 0x2F || s == 0x2010
            || s == 0x2011
    }

    /// `U+202E, U+200B` (each code point once, in order).
    static func list(_ scalars: [UInt32]) -> String {
        var seen: Set<UInt32> = []
        return scalars.filter { seen.insert($0).inserted }.map { s in
            let hex = String(s, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: ", ")
    }
}
