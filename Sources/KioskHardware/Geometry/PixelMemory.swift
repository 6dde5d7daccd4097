// Why this exists: the shadow buffer and a virtual panel's scanout are screen-sized (39 MB at
// 4096x2400). Swift's own allocation ends the process when the system has no memory to give;
// these come from posix_memalign, so a panel too large for the memory left is an error with an
// exit code, not a trap; and one that would leave no room to draw into it is refused too
// (MemoryHeadroom), or the trap would only move to the first glyph or shape drawn.
import Glibc
import KioskFiles
import SwipeCore

/// Zeroed, 64-byte-aligned memory for `size` pixels, freed with the owner.
final class PixelMemory {
    let buffer: PixelBuffer
    private let base: UnsafeMutableRawPointer

    /// - Throws: `SystemError` (ENOMEM) naming `purpose` when the memory cannot be had, or when
    ///   less than `MemoryHeadroom.bytes` of address space would be left beside it.
    init(_ size: PixelSize, purpose: String) throws(SystemError) {
        let bytes = size.width * size.height * 4
        let made = MemoryHeadroom.allocate(bytes) { () -> UnsafeMutableRawPointer? in
            var memory: UnsafeMutableRawPointer?
            return posix_memalign(&memory, 64, max(64, bytes)) == 0 ? memory : nil
        }
        guard let memory = made else {
            throw SystemError(errno: ENOMEM, operation: "allocate \(bytes) bytes for \(purpose) and keep \(MemoryHeadroom.bytes >> 20) MB to draw with")
        }
        memset(memory, 0, bytes)
        base = memory
        buffer = PixelBuffer(base: memory, size: size, stride: size.width * 4)
    }

    deinit { free(base) }
}
