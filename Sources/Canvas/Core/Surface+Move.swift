// Moving pixels within a surface, so that a scrolled list keeps the rows that stay on screen
// instead of drawing them again (KioskUI/KioskScene+ScrollMove.swift; docs/ARCHITECTURE.md
// "One frame, file by file", step 4). Only ever on the cached shadow buffer or a layer: it
// reads what it moves, and scanout memory is never read (docs/ARCHITECTURE.md "Rules").
import Glibc
import SwipeCore

extension Surface {
    /// Moves the pixels of `rect` down by `dy` rows (up when negative), keeping them inside
    /// `rect`: the rows that leave it are dropped, the `|dy|` rows uncovered keep their old
    /// pixels for the caller to draw. Row by row, in the order that never reads a row already
    /// written; no allocation. Does nothing when `dy` is 0 or at least `rect`'s height.
    public func moveRows(in rect: PixelRect, by dy: Int) {
        let r = rect.intersection(bounds)
        guard dy != 0, abs(dy) < r.height else { return }
        let bytes = r.width * 4
        // Rows never overlap one another (stride ≥ width × 4), so each copy is a memcpy.
        if dy > 0 {
            for y in Swift.stride(from: r.maxY - 1, through: r.y + dy, by: -1) { memcpy(row(y) + r.x, row(y - dy) + r.x, bytes) }
        } else {
            for y in r.y..<(r.maxY + dy) { memcpy(row(y) + r.x, row(y - dy) + r.x, bytes) }
        }
    }
}
