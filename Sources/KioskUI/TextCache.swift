// Laid-out text kept between frames: shaping and line breaking run when a string first
// appears (or its box changes), never per frame. One look-up per text item per frame.
import Canvas

/// A bounded cache of text layouts keyed by string, font and box.
public final class TextCache {
    /// Hashes a bounded prefix of the text and compares bytes: String's own hashing and `==`
    /// normalise the whole string (NFC), which for a 10 MB title cost tens of ms every frame
    /// (Hasher+BoundedText).
    struct Key: Hashable {
        let text: String
        let font: ObjectIdentifier
        let maxWidth: Double?
        let maxLines: Int
        let alignment: Int

        func hash(into hasher: inout Hasher) {
            hasher.combine(boundedText: text)
            hasher.combine(font)
            hasher.combine(maxWidth)
            hasher.combine(maxLines)
            hasher.combine(alignment)
        }

        static func == (a: Key, b: Key) -> Bool {
            guard a.font == b.font, a.maxWidth == b.maxWidth, a.maxLines == b.maxLines, a.alignment == b.alignment,
                  a.text.utf8.count == b.text.utf8.count else { return false }
            // The same storage (the usual hit: the row's own string) is equal without reading it.
            let same = a.text.utf8.withContiguousStorageIfAvailable { pa in
                b.text.utf8.withContiguousStorageIfAvailable { pb in pa.baseAddress == pb.baseAddress }
            }
            return same == .some(.some(true)) || a.text.utf8.elementsEqual(b.text.utf8)
        }
    }

    private var entries: [Key: TextLayout] = [:]
    /// Layouts kept before the cache starts over (the list only ever shows a screenful).
    public let capacity: Int

    public init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The layout of `text`, made on first use. A `maxWidth` that is not positive is a space
    /// that has run out (a narrow screen at a large `[display] scale`): nothing is drawn there,
    /// where Canvas would take it as no limit and draw the whole text over its neighbours.
    public func layout(
        _ text: String, font: Font, maxWidth: Double? = nil, maxLines: Int = 1, alignment: TextAlignment = .natural
    ) -> TextLayout {
        let text = maxWidth.map { !($0 > 0) } == true ? "" : text
        let key = Key(
            text: text, font: ObjectIdentifier(font), maxWidth: maxWidth, maxLines: maxLines,
            alignment: Self.code(alignment))
        if let hit = entries[key] { return hit }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        let layout = TextLayout(text, style: TextStyle(font: font, alignment: alignment, maxWidth: maxWidth, maxLines: maxLines))
        entries[key] = layout
        return layout
    }

    private static func code(_ a: TextAlignment) -> Int {
        switch a {
        case .natural: return 0
        case .left: return 1
        case .center: return 2
        case .right: return 3
        }
    }
}
