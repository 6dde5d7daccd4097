// The shadow→scanout copy. The app renders upright into its cached shadow surface (plain memory,
// readable); only damaged rectangles are copied into the scanout dumb buffer, rotated on the way.
// Scanout memory is write-combined: it is only ever written, row by row, never read.
import SwipeCore

/// XRGB8888 pixels somewhere in memory: the app's shadow surface or a mapped dumb buffer.
/// Unmanaged: whoever created it keeps the memory alive.
public struct PixelBuffer: @unchecked Sendable {
    /// First byte of the first row.
    public let base: UnsafeMutableRawPointer
    /// Size in pixels.
    public let size: PixelSize
    /// Bytes from one row to the next (at least `4 * width`).
    public let stride: Int

    /// Wraps `base`. - Precondition: `stride >= 4 * size.width`.
    public init(base: UnsafeMutableRawPointer, size: PixelSize, stride: Int) {
        precondition(stride >= size.width * 4, "stride \(stride) too small for width \(size.width)")
        self.base = base
        self.size = size
        self.stride = stride
    }

    /// Total bytes spanned.
    public var byteCount: Int { stride * size.height }

    /// Fills `rect` (clamped) with one XRGB colour.
    public func fill(_ rect: PixelRect, color: UInt32) {
        let r = rect.clamped(to: size)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            let row = (base + y * stride).assumingMemoryBound(to: UInt32.self) + r.x
            row.update(repeating: color, count: r.width)
        }
    }

    /// The pixel at (x, y). Only for readable memory (the shadow surface or tests).
    public func pixel(x: Int, y: Int) -> UInt32 {
        (base + y * stride).assumingMemoryBound(to: UInt32.self)[x]
    }

    /// Copies the logical `rect` of `source` (upright, logical size) into this physical buffer,
    /// rotated by `rotation`. Writes whole physical rows, sequentially, and never reads `self`.
    public func copyRotated(from source: PixelBuffer, rect: PixelRect, rotation: DisplayRotation) {
        let logical = source.size
        let r = rect.clamped(to: logical)
        guard !r.isEmpty else { return }
        let target = rotation.physicalRect(r, logical: logical)
        let srcStride = source.stride / 4
        let src = UnsafePointer(source.base.assumingMemoryBound(to: UInt32.self))
        for py in target.y..<target.maxY {
            let dst = (base + py * stride).assumingMemoryBound(to: UInt32.self)
            switch rotation {
            case .none:
                dst.advanced(by: target.x).update(from: src + py * srcStride + target.x, count: target.width)
            case .upsideDown:
                let srcRow = src + (logical.height - 1 - py) * srcStride + (logical.width - 1)
                for px in target.x..<target.maxX { dst[px] = srcRow[-px] }
            case .clockwise90:
                // physical (px, py) shows logical (x: py, y: lh - 1 - px)
                let column = src + py
                for px in target.x..<target.maxX { dst[px] = column[(logical.height - 1 - px) * srcStride] }
            case .clockwise270:
                // physical (px, py) shows logical (x: lw - 1 - py, y: px)
                let column = src + (logical.width - 1 - py)
                for px in target.x..<target.maxX { dst[px] = column[px * srcStride] }
            }
        }
    }
}
