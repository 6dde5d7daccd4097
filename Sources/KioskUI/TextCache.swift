// Laid-out text kept between frames: shaping and line breaking run when a string first
// appears (or its box changes), never per frame. One look-up per text item per frame.
import Canvas

/// A bounded cache of text layouts keyed by string, font and box.
public final class TextCache {
    struct Key: Hashable {
        let text: String
        let font: ObjectIdentifier
        let maxWidth: Double?
        let maxLines: Int
        let alignment: Int
    }

    private var entries: [Key: TextLayout] = [:]
    /// Layouts kept before the cache starts over (the list only ever shows a screenful).
    public let capacity: Int

    public init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The layout of `text`, made on first use.
    public func layout(
        _ text: String, font: Font, maxWidth: Double? = nil, maxLines: Int = 1, alignment: TextAlignment = .natural
    ) -> TextLayout {
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
