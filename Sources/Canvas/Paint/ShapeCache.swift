// The cache that makes anti-aliased shapes cheap: a mask is keyed by the shape's size, radii
// and sub-pixel phase (all quantised to 1/64 px), so a shape that merely moves by whole pixels,
// or reappears next frame, reuses its mask. One dictionary look-up per shape, never per pixel.
import SwipeCore

/// Which anti-aliased shape a mask holds.
public enum ShapeKind: Hashable, Sendable {
    /// A filled rounded rectangle.
    case roundedRect(CornerRadii)
    /// A rounded rectangle stroked with `width` centred on its outline.
    case roundedRectStroke(CornerRadii, width: Double)
    /// A filled ellipse inscribed in the rectangle.
    case ellipse
    /// A rounded rectangle blurred with a Gaussian of standard deviation `sigma`.
    case shadow(CornerRadii, sigma: Double)
}

/// Coverage masks of shapes, least recently used first out once over `byteBudget`.
public final class ShapeCache {
    struct Key: Hashable {
        let kind: Int
        let values: SIMD16<Int32>
    }

    private final class Entry {
        let mask: CoverageMask
        var lastUse: UInt64
        init(_ mask: CoverageMask, _ lastUse: UInt64) { self.mask = mask; self.lastUse = lastUse }
    }

    /// The most bytes of masks kept.
    public let byteBudget: Int
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    /// A cache holding up to `byteBudget` bytes of masks (default 8 MiB).
    public init(byteBudget: Int = 8 << 20) { self.byteBudget = byteBudget }

    /// Number of cached masks.
    public var count: Int { entries.count }

    private static func q(_ v: Double) -> Int32 { Int32(clamping: Int((v * 64).rounded())) }

    /// The mask of `kind` over device rectangle `rect`, and where its top-left pixel lands.
    func mask(_ kind: ShapeKind, rect: Rect) -> (CoverageMask, x: Int, y: Int) {
        var pad = 0.0
        var kindCode = 0
        var extra = SIMD4<Int32>(repeating: 0)
        var radii = CornerRadii(0)
        switch kind {
        case .roundedRect(let r): radii = r
        case .roundedRectStroke(let r, let w): kindCode = 1; radii = r; pad = w / 2; extra[0] = Self.q(w)
        case .ellipse: kindCode = 2
        case .shadow(let r, let sigma): kindCode = 3; radii = r; pad = (3 * sigma).rounded(.up); extra[0] = Self.q(sigma)
        }
        let outer = rect.insetBy(-pad)
        let ox = Int(outer.x.rounded(.down)), oy = Int(outer.y.rounded(.down))
        // Phase and size quantised to 1/64 px: the key and the geometry drawn are the same values.
        let fx = Self.q(outer.x - Double(ox)), fy = Self.q(outer.y - Double(oy))
        let key = Key(kind: kindCode, values: SIMD16(
            fx, fy, Self.q(rect.width), Self.q(rect.height),
            Self.q(radii.topLeft), Self.q(radii.topRight), Self.q(radii.bottomRight), Self.q(radii.bottomLeft),
            extra[0], 0, 0, 0, 0, 0, 0, 0))
        clock &+= 1
        if let hit = entries[key] {
            hit.lastUse = clock
            return (hit.mask, ox, oy)
        }
        let local = Rect(x: Double(fx) / 64 + pad, y: Double(fy) / 64 + pad,
                         width: Double(key.values[2]) / 64, height: Double(key.values[3]) / 64)
        let mask = Self.rasterize(kind, local: local, pad: pad)
        insert(key, mask)
        return (mask, ox, oy)
    }

    private static func rasterize(_ kind: ShapeKind, local: Rect, pad: Double) -> CoverageMask {
        let w = max(1, Int((local.maxX + pad).rounded(.up))), h = max(1, Int((local.maxY + pad).rounded(.up)))
        var acc = CoverageAccumulator(width: w, height: h)
        switch kind {
        case .roundedRect(let r):
            acc.add(RoundedRectOutline(local, r), sign: 1)
        case .roundedRectStroke(let r, let width):
            let half = width / 2
            acc.add(RoundedRectOutline(local.insetBy(-half), grow(r, half)), sign: 1)
            let inner = local.insetBy(half)
            if inner.width > 0 && inner.height > 0 { acc.add(RoundedRectOutline(inner, grow(r, -half)), sign: -1) }
        case .ellipse:
            acc.add(EllipseOutline(rect: local), sign: 1)
        case .shadow(let r, let sigma):
            acc.add(RoundedRectOutline(local, r), sign: 1)
            if sigma > 0 { acc.blur(sigma: sigma) }
        }
        return acc.values.withUnsafeBufferPointer { CoverageMask(width: w, height: h, coverage: $0.baseAddress!) }
    }

    /// Radii of the outline offset by `d`; square corners stay square (a mitred join).
    private static func grow(_ r: CornerRadii, _ d: Double) -> CornerRadii {
        func g(_ v: Double) -> Double { v > 0 ? max(0, v + d) : 0 }
        return CornerRadii(topLeft: g(r.topLeft), topRight: g(r.topRight),
                           bottomRight: g(r.bottomRight), bottomLeft: g(r.bottomLeft))
    }

    private func insert(_ key: Key, _ mask: CoverageMask) {
        entries[key] = Entry(mask, clock)
        bytes += mask.byteCount
        guard bytes > byteBudget, entries.count > 1 else { return }
        // Evict the older half by last use; masks still referenced by a clip stay alive.
        let sorted = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (k, e) in sorted.prefix(sorted.count / 2) where k != key {
            entries[k] = nil
            bytes -= e.mask.byteCount
        }
    }
}
