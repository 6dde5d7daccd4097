// Damage regions: the set of pixels that changed since the last frame, kept as disjoint
// rectangles so that redrawing each rectangle (with it as the clip) repaints every damaged
// pixel exactly once. KioskUI accumulates damage here; the backend copies these rects out.
import SwipeCore

/// A set of pixels stored as non-overlapping rectangles.
public struct Region: Equatable, Sendable {
    /// Disjoint rectangles whose union is the region (no order is promised).
    public private(set) var rects: [PixelRect] = []

    /// The empty region.
    public init() {}

    /// A region of one rectangle (empty when `rect` is).
    public init(_ rect: PixelRect) { if !rect.isEmpty { rects = [rect] } }

    public var isEmpty: Bool { rects.isEmpty }

    /// Number of pixels in the region.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// The smallest rectangle holding the whole region.
    public var bounds: PixelRect { rects.reduce(PixelRect.zero) { $0.union($1) } }

    /// Whether pixel (x, y) is in the region.
    public func contains(x: Int, y: Int) -> Bool {
        rects.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
    }

    /// Adds `rect`: only its parts not already in the region are stored.
    public mutating func formUnion(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var pieces = [rect]
        for existing in rects {
            var next: [PixelRect] = []
            for piece in pieces { piece.subtracting(existing) { next.append($0) } }
            pieces = next
            if pieces.isEmpty { return }
        }
        rects.append(contentsOf: pieces)
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: Region) { for r in other.rects { formUnion(r) } }

    /// Keeps only the pixels inside `rect`.
    public mutating func formIntersection(_ rect: PixelRect) {
        rects = rects.map { $0.intersection(rect) }.filter { !$0.isEmpty }
    }

    /// Keeps only the pixels that are also in `other`.
    public mutating func formIntersection(_ other: Region) {
        var out: [PixelRect] = []
        for a in rects { for b in other.rects { let r = a.intersection(b); if !r.isEmpty { out.append(r) } } }
        rects = out
    }

    /// Removes the pixels inside `rect`.
    public mutating func subtract(_ rect: PixelRect) {
        var out: [PixelRect] = []
        for r in rects { r.subtracting(rect) { out.append($0) } }
        rects = out
    }

    /// Removes every pixel.
    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// The union of two regions.
    public func union(_ other: Region) -> Region { var r = self; r.formUnion(other); return r }

    /// The intersection of two regions.
    public func intersection(_ other: Region) -> Region { var r = self; r.formIntersection(other); return r }

    /// Regions are equal when they cover the same pixels, however they are split.
    public static func == (lhs: Region, rhs: Region) -> Bool {
        guard lhs.area == rhs.area else { return false }
        var rest = lhs
        for r in rhs.rects { rest.subtract(r) }
        return rest.isEmpty
    }
}
