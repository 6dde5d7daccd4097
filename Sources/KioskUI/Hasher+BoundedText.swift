// Hashing text that may be huge: String's own hashing normalises every character (NFC), which
// for a 10 MB title or one letter with 30,000 accents costs tens of milliseconds, and the
// damage signature and the text cache hash row texts every frame. Hashing the length and the
// first 4 KiB of UTF-8 keeps equal texts equal and costs what a screenful of text does.

extension Hasher {
    /// The bytes hashed of a text: more than a line of the widest screen can show.
    static let textPrefix = 4096

    /// Combines the UTF-8 length and the first `textPrefix` bytes of `text`.
    mutating func combine(boundedText text: String) {
        let utf8 = text.utf8
        combine(utf8.count)
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(Self.textPrefix))))
        }
        if hashed == nil { for byte in utf8.prefix(Self.textPrefix) { combine(byte) } }
    }
}
