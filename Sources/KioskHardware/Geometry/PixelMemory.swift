// Why this exists: the shadow buffer and a virtual panel's scanout are screen-sized (39 MB at
// 4096x2400). Swift's own allocation ends the process when the system has no memory to give;
// these come from posix_memalign, so a panel too large for the memory left is an error with an
// exit code, not a trap. A buffer that fits but leaves no room to draw into it would only move the
// trap to the first glyph or shape drawn, so room to draw is part of what a buffer needs.
import Glibc
import SwipeCore

/// Zeroed, 64-byte-aligned memory for `size` pixels, freed with the owner.
final class PixelMemory {
    /// Address space that must stay free once the buffer is allocated, for drawing into it (rows,
    /// glyphs, shapes, the pictures' decoders). Sweeping `ulimit -v` by 1 MB, the demo at
    /// 4096x2400 trapped only in a band under 8 MB wide above where its buffers fit; 32 MB leaves
    /// room for content heavier than the demo's.
    static let drawingHeadroomBytes = 32 << 20

    let buffer: PixelBuffer
    private let base: UnsafeMutableRawPointer

    /// - Throws: `SystemError` (ENOMEM) naming `purpose` when the memory cannot be had, or when
    ///   less than `drawingHeadroomBytes` of address space would be left beside it.
    init(_ size: PixelSize, purpose: String) throws(SystemError) {
        let bytes = size.width * size.height * 4
        var memory: UnsafeMutableRawPointer?
        let result = posix_memalign(&memory, 64, max(64, bytes))
        guard result == 0, let memory else {
            throw SystemError(errno: result == 0 ? ENOMEM : result, operation: "allocate \(bytes) bytes for \(purpose)")
        }
        guard Self.addressSpaceIsFree(Self.drawingHeadroomBytes) else {
            free(memory)
            throw SystemError(errno: ENOMEM, operation: "allocate \(bytes) bytes for \(purpose) and keep \(Self.drawingHeadroomBytes >> 20) MB to draw with")
        }
        memset(memory, 0, bytes)
        base = memory
        buffer = PixelBuffer(base: memory, size: size, stride: size.width * 4)
    }

    deinit { free(base) }

    /// Whether `bytes` of address space can be mapped now: a mapping no page of which can be
    /// touched, so it is charged to `ulimit -v` (RLIMIT_AS) but takes no memory, and is unmapped.
    private static func addressSpaceIsFree(_ bytes: Int) -> Bool {
        let probe = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let probe, probe != MAP_FAILED else { return false }
        munmap(probe, bytes)
        return true
    }
}
