// Where a paragraph may wrap: Unicode line breaking (UAX #14) through ICU's break iterator,
// which also breaks between CJK ideographs (keeping 。 and small kana off a line's start)
// and finds Thai, Lao, Khmer and Burmese words by dictionary. ICU was chosen over
// libunibreak (BENCHMARKS.md, "Line breaking"): the same cost per paragraph, and libunibreak
// would need libthai besides and still not cover Lao, Khmer or Burmese. The iterator is
// opened on the first paragraph that has to wrap (about 10 ms, once), never for single lines.
import CICU

/// Finds line break opportunities. One per `FontLibrary`; not thread-safe.
public final class LineBreaker {
    private var iterator: OpaquePointer?
    private var opened = false
    private var utf16: [UInt16] = []
    private var scalarAt: [Int32] = []

    init() {}

    deinit { if let iterator { kiosk_line_breaker_close(iterator) } }

    /// `true` at each index of `scalars` before which a line may break (never at 0). Without
    /// ICU (it failed to open) a line may break after a space, as a plain word wrap does.
    public func opportunities(_ scalars: [UInt32]) -> [Bool] {
        var result = [Bool](repeating: false, count: scalars.count)
        guard let iterator = open(), !scalars.isEmpty else {
            for i in 1..<max(1, scalars.count) where scalars[i - 1] == 0x20 && scalars[i] != 0x20 { result[i] = true }
            return result
        }
        utf16.removeAll(keepingCapacity: true)
        scalarAt.removeAll(keepingCapacity: true)
        for (i, s) in scalars.enumerated() {
            if s < 0x10000 {
                utf16.append(UInt16(s))
            } else {
                utf16.append(UInt16(0xD800 + ((s - 0x10000) >> 10)))
                utf16.append(UInt16(0xDC00 + (s & 0x3FF)))
                scalarAt.append(Int32(i))
            }
            scalarAt.append(Int32(i))
        }
        scalarAt.append(Int32(scalars.count))
        let status = utf16.withUnsafeBufferPointer { kiosk_line_breaker_set_text(iterator, $0.baseAddress, Int32($0.count)) }
        guard status == 0 else { return result }
        var offset = kiosk_line_breaker_first(iterator)
        while true {
            offset = kiosk_line_breaker_next(iterator)
            guard offset >= 0, Int(offset) < utf16.count else { break }  // UBRK_DONE is -1
            result[Int(scalarAt[Int(offset)])] = true
        }
        // Later edits of the buffers must not leave ICU pointing at freed memory.
        _ = kiosk_line_breaker_set_text(iterator, nil, 0)
        return result
    }

    private func open() -> OpaquePointer? {
        if !opened {
            opened = true
            iterator = kiosk_line_breaker_open()
        }
        return iterator
    }
}
