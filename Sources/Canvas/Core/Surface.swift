// Pixel memory the renderer draws into: owned (allocated here), wrapped (a DRM dumb buffer or
// any external memory), or a view into a parent (a sub-rectangle, no copy). All three share
// one type so every drawing routine works on all of them.
import Glibc
import KioskFiles
import SwipeCore

/// How the 32-bit words of a surface are interpreted. Both are little-endian 0xAARRGGBB.
public enum PixelFormat: Sendable, Equatable {
    /// Opaque scanout format: the top byte is ignored when read and written as 0xFF.
    case xrgb8888
    /// Premultiplied alpha, for layers that are composited later.
    case argb8888Premultiplied
}

/// A rectangle of 32-bit pixels in memory: `height` rows of `width` pixels, rows `stride` bytes apart.
///
/// A surface either owns its memory (`init(width:height:format:)`), wraps memory that someone
/// else keeps alive (`init(wrapping:...)`), or is a view into a parent (`subsurface(_:)`), which
/// keeps the parent's memory alive. Surfaces are not thread-safe; draw from one thread.
public final class Surface {
    /// The largest width or height accepted (bigger requests throw `invalidSurfaceSize`).
    public static let maximumSide = 16_384
    /// The most pixels one surface may have (64 Mi pixels, 256 MiB): larger requests throw
    /// `invalidSurfaceSize` instead of exhausting a kiosk's memory.
    public static let maximumPixels = 64 << 20

    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (a multiple of 4, at least `width * 4`).
    public let stride: Int
    public let format: PixelFormat
    /// The first pixel of the first row.
    public let baseAddress: UnsafeMutableRawPointer
    private let storage: Storage?

    /// Frees owned memory when the last surface (or view) using it goes away.
    private final class Storage {
        let pointer: UnsafeMutableRawPointer
        init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
        deinit { free(pointer) }
    }

    /// Allocates a zero-filled surface (transparent black; black for XRGB).
    /// - Throws: `CanvasError.invalidSurfaceSize` or `.outOfMemory`.
    public init(width: Int, height: Int, format: PixelFormat = .argb8888Premultiplied) throws {
        try Self.validate(width: width, height: height)
        let stride = width * 4
        let bytes = stride * height
        // calloc: a large block comes from the kernel already zeroed, with no pass over it. The
        // span kernels load unaligned. A block that would leave no room for drawing is refused as
        // one that does not fit.
        guard let memory = MemoryHeadroom.allocate(bytes, { calloc(bytes, 1) }) else { throw CanvasError.outOfMemory(bytes: bytes) }
        self.width = width; self.height = height; self.stride = stride; self.format = format
        baseAddress = memory
        storage = Storage(memory)
    }

    /// Wraps external memory (e.g. a shadow buffer or a mapped dumb buffer) without copying or
    /// owning it. The caller keeps `pointer` valid for as long as the surface is used.
    /// Blending reads the destination, so draw into cached memory, not into write-combined
    /// scanout memory (docs/ARCHITECTURE.md "Rules"): render to a shadow surface and copy the damaged rects.
    /// - Throws: `invalidSurfaceSize` or `invalidStride` when the layout is impossible.
    public init(wrapping pointer: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                format: PixelFormat) throws {
        try Self.validate(width: width, height: height)
        guard stride >= width * 4, stride % 4 == 0 else { throw CanvasError.invalidStride(stride: stride, width: width) }
        self.width = width; self.height = height; self.stride = stride; self.format = format
        baseAddress = pointer
        storage = nil
    }

    private init(view parent: Surface, rect: PixelRect) {
        width = rect.width; height = rect.height; stride = parent.stride; format = parent.format
        baseAddress = parent.baseAddress + rect.y * parent.stride + rect.x * 4
        storage = parent.storage
        keepAlive = parent
    }
    private var keepAlive: Surface?

    private static func validate(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            throw CanvasError.invalidSurfaceSize(width: width, height: height)
        }
    }

    /// All pixels of the surface, `(0, 0, width, height)`.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// A view of `rect` that draws into this surface's memory (no copy).
    /// - Throws: `CanvasError.rectOutsideSurface` when `rect` is empty or not inside `bounds`.
    public func subsurface(_ rect: PixelRect) throws -> Surface {
        guard !rect.isEmpty, bounds.contains(rect) else { throw CanvasError.rectOutsideSurface(rect) }
        return Surface(view: self, rect: rect)
    }

    /// Row `y` as 32-bit pixels (no bounds check beyond the caller's clip).
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (baseAddress + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// The stored word at (x, y): premultiplied 0xAARRGGBB (XRGB surfaces report alpha 0xFF).
    /// Out-of-range coordinates return 0.
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        let word = row(y)[x]
        return format == .xrgb8888 ? word | 0xFF00_0000 : word
    }

    /// Sets every pixel to `color` (a copy, not a blend).
    public func fill(_ color: Color) {
        let word = format == .xrgb8888 ? color.premultiplied | 0xFF00_0000 : color.premultiplied
        for y in 0..<height { PixelOps.fill(row(y), count: width, word: word) }
    }
}
