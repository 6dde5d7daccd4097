// A CPU-mapped scanout buffer (DRM "dumb" buffer + framebuffer object). Each one remembers the
// damage it has missed since it was last written (its buffer age, as a list of rectangles), so
// a frame only copies what changed on screen since this particular buffer was shown.
import CDRM
import Glibc
import SwipeCore

/// One dumb buffer, its framebuffer id and its write-only mapping.
final class DumbBuffer {
    let fd: Int32
    let handle: UInt32
    let framebufferID: UInt32
    /// Write-combined memory: written by ``PixelBuffer/copyRotated(from:rect:rotation:)`` only.
    let pixels: PixelBuffer
    /// Logical rectangles changed since this buffer was last brought up to date.
    private(set) var staleRects: [PixelRect]
    private let logicalSize: PixelSize

    /// Allocates a `physical`-sized XRGB8888 buffer; it starts fully stale.
    init(fd: Int32, physical: PixelSize, logical: PixelSize) throws(SystemError) {
        self.fd = fd
        logicalSize = logical
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        try drmCall("drmModeCreateDumbBuffer") {
            drmModeCreateDumbBuffer(fd, UInt32(physical.width), UInt32(physical.height), 32, 0, &handle, &pitch, &size)
        }
        self.handle = handle
        var fb: UInt32 = 0
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        do throws(SystemError) {
            try drmCall("drmModeAddFB2") {
                withUnsafePointer(to: &handles.0) { h in
                    withUnsafePointer(to: &pitches.0) { p in
                        withUnsafePointer(to: &offsets.0) { o in
                            drmModeAddFB2(fd, UInt32(physical.width), UInt32(physical.height),
                                          DRMFourCC.xrgb8888.rawValue, h, p, o, &fb, 0)
                        }
                    }
                }
            }
            var offset: UInt64 = 0
            try drmCall("drmModeMapDumbBuffer") { drmModeMapDumbBuffer(fd, handle, &offset) }
            let map = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
            guard let map, map != MAP_FAILED else { throw SystemError(errno: errno, operation: "mmap(dumb buffer)") }
            framebufferID = fb
            pixels = PixelBuffer(base: map, size: physical, stride: Int(pitch))
        } catch {
            if fb != 0 { drmModeRmFB(fd, fb) }
            drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        staleRects = [PixelRect(size: logical)]
    }

    /// Records damage this buffer has not seen; many small rects collapse into their union.
    func markStale(_ rects: [PixelRect]) {
        staleRects.append(contentsOf: rects.filter { !$0.isEmpty })
        if staleRects.count > 16 {
            staleRects = [staleRects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }]
        }
    }

    /// Marks the whole buffer stale (after a mode set, a VT switch or unblanking).
    func markFullyStale() { staleRects = [PixelRect(size: logicalSize)] }

    /// Brings this buffer up to date from `shadow`; returns the physical rectangles written.
    func update(from shadow: PixelBuffer, rotation: DisplayRotation) -> [PixelRect] {
        defer { staleRects.removeAll() }
        return staleRects.map { rect in
            pixels.copyRotated(from: shadow, rect: rect, rotation: rotation)
            return rotation.physicalRect(rect.clamped(to: logicalSize), logical: logicalSize)
        }
    }

    /// Paints the whole buffer black (used to blank when DPMS is unavailable) and marks it stale.
    func clear() {
        pixels.fill(PixelRect(size: pixels.size), color: 0)
        markFullyStale()
    }

    func destroy() {
        munmap(pixels.base, pixels.byteCount)
        drmModeRmFB(fd, framebufferID)
        drmModeDestroyDumbBuffer(fd, handle)
    }
}
