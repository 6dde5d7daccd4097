// Why this exists: glibc's allocator tuning is a process-wide call into the C library, which
// belongs in this layer (docs/ARCHITECTURE.md, Layers); the picture decoders ask for it.
import CMalloc

/// How the C allocator treats large buffers.
public enum MallocPolicy {
    /// A picture file is read whole (a megabyte or more) and freed after decoding, as are the
    /// decoder's buffers. glibc raises its mmap threshold to the size of each freed mapping, after
    /// which such buffers come from the decoder threads' arenas and stay resident (61 MB instead
    /// of 45 MB peak in `bench --scenario pictures`); a fixed threshold keeps every buffer over
    /// 128 KiB a mapping that goes back to the kernel on free. Process-wide, set once, whoever
    /// asks first.
    public static func returnLargeBuffersToTheKernel() {
        _ = fixedThreshold
    }

    private static let fixedThreshold: Int32 = mallopt(M_MMAP_THRESHOLD, 128 << 10)
}
