// Why this exists: something drawn over a picture that moves under it (the list's scroll
// indicator, which stays on the page's edge while the rows scroll) has to come off before the
// picture moves. Keeping the few hundred pixels it covers and putting them back is a copy, where
// drawing again what lies under it costs the drawing of every row it crosses, each frame.
import Glibc
import SwipeCore

/// The pixels of one rectangle of a surface, kept to be put back (X11 called this a save-under).
public struct SaveUnder {
    /// Where the kept pixels came from; `.zero` when none are kept.
    public private(set) var rect = PixelRect.zero
    private var pixels: [UInt32] = []

    public init() {}

    /// Keeps the pixels of `surface` in `rect` (clipped to the surface).
    public mutating func save(_ surface: Surface, rect: PixelRect) {
        let r = rect.intersection(surface.bounds)
        self.rect = r
        pixels.removeAll(keepingCapacity: true)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            pixels.append(contentsOf: UnsafeBufferPointer(start: surface.row(y) + r.x, count: r.width))
        }
    }

    /// Puts the kept pixels back into `surface` where they came from and forgets them. Returns
    /// false (and changes nothing) when none are kept or they do not fit `surface`.
    public mutating func restore(into surface: Surface) -> Bool {
        defer { discard() }
        guard !rect.isEmpty, surface.bounds.contains(rect), pixels.count == rect.width * rect.height else { return false }
        pixels.withUnsafeBufferPointer { kept in
            for (k, y) in (rect.y..<rect.maxY).enumerated() {
                memcpy(surface.row(y) + rect.x, kept.baseAddress! + k * rect.width, rect.width * 4)
            }
        }
        return true
    }

    /// Forgets the kept pixels (what is at `rect` is no longer what was under).
    public mutating func discard() {
        rect = .zero
    }
}
