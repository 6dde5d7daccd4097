// PNG in and out through libpng's simplified API: avatars and icons are decoded into
// premultiplied surfaces, screenshots and golden images are encoded from any surface.
import CPNG
import Glibc
import KioskFiles

/// PNG encoding and decoding (libpng).
public enum PNG {
    // png.h: PNG_FORMAT_FLAG_ALPHA = 1, PNG_FORMAT_FLAG_COLOR = 2, so PNG_FORMAT_RGBA = 3.
    private static let formatRGBA: UInt32 = 3
    // PNG_FORMAT_FLAG_BGR = 16: PNG_FORMAT_BGRA = 19.
    private static let formatBGRA: UInt32 = 19

    /// Encodes `surface` as an 8-bit RGBA PNG (straight alpha; XRGB surfaces are opaque).
    /// - Throws: `CanvasError.png` when libpng fails, `.outOfMemory` when its buffers cannot be
    ///   had (two of the surface's size: on a large panel that is tens of megabytes, and a Swift
    ///   array that cannot be allocated ends the process instead of throwing).
    public static func encode(_ surface: Surface) throws -> [UInt8] {
        let count = surface.width * surface.height * 4
        let rgba = try Buffer(count)
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = surface.pixel(x: x, y: y)
                let a = p >> 24, i = (y * surface.width + x) * 4
                func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
                rgba.bytes[i] = straight((p >> 16) & 0xFF); rgba.bytes[i + 1] = straight((p >> 8) & 0xFF)
                rgba.bytes[i + 2] = straight(p & 0xFF); rgba.bytes[i + 3] = UInt8(a)
            }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(surface.width); image.height = UInt32(surface.height)
        image.format = formatRGBA
        // Screenshots are flat UI colours: libpng's fast deflate compresses them nearly as well in a
        // fraction of the time. One pass into a buffer sized for the worst case (stored blocks);
        // only if that were too small does libpng report the size for a second pass.
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        let stride = Int32(surface.width * 4)
        var size = count + surface.height + count / 64 + 4096
        var out = try Buffer(size)
        var ok = png_image_write_to_memory(&image, out.bytes, &size, 0, rgba.bytes, stride, nil)
        if ok == 0, size > out.count {
            image.warning_or_error = 0
            out = try Buffer(size)
            ok = png_image_write_to_memory(&image, out.bytes, &size, 0, rgba.bytes, stride, nil)
        }
        guard ok != 0 else { throw error(image, "encode") }
        guard let bytes = MemoryHeadroom.allocate(size, { Array(UnsafeBufferPointer(start: out.bytes, count: size)) }) else {
            throw CanvasError.outOfMemory(bytes: size)
        }
        return bytes
    }

    /// Bytes from malloc, freed with the buffer; allocation failure is an error, not a trap.
    private final class Buffer {
        let bytes: UnsafeMutablePointer<UInt8>
        let count: Int
        init(_ count: Int) throws(CanvasError) {
            guard let memory = MemoryHeadroom.allocate(count, { malloc(max(1, count)) }) else { throw .outOfMemory(bytes: count) }
            bytes = memory.assumingMemoryBound(to: UInt8.self)
            self.count = count
        }
        deinit { free(bytes) }
    }

    /// Encodes `surface` and writes it to `path`.
    /// - Throws: `CanvasError.png`, or `.fileUnwritable` with errno.
    public static func write(_ surface: Surface, to path: String) throws {
        let bytes = try encode(surface)
        guard let file = fopen(path, "wb") else { throw CanvasError.fileUnwritable(path: path, errno: errno) }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
            throw CanvasError.fileUnwritable(path: path, errno: errno)
        }
    }

    /// Decodes PNG bytes into a new premultiplied ARGB surface.
    /// - Throws: `CanvasError.png` for anything that is not a decodable PNG,
    ///   `.invalidSurfaceSize` for images larger than a surface may be (checked before decoding).
    public static func decode(_ bytes: [UInt8]) throws -> Surface {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard !bytes.isEmpty,
              bytes.withUnsafeBytes({ png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }) != 0
        else { throw error(image, "decode") }
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= Surface.maximumSide, height <= Surface.maximumSide,
              width * height <= Surface.maximumPixels else {
            throw CanvasError.invalidSurfaceSize(width: width, height: height)
        }
        // Straight into the surface's memory as BGRA (its little-endian 0xAARRGGBB words),
        // then premultiplied in place: no second full-size buffer.
        image.format = formatBGRA
        let surface = try Surface(width: width, height: height, format: .argb8888Premultiplied)
        guard png_image_finish_read(&image, nil, surface.baseAddress, Int32(surface.stride), nil) != 0
        else { throw error(image, "decode") }
        surface.premultiplyInPlace()
        return surface
    }

    /// Reads and decodes the PNG file at `path`.
    /// - Throws: `.fileUnreadable` with errno, or `.png` when the file is not a valid PNG.
    public static func read(path: String) throws -> Surface {
        do { return try decode(FontLibrary.readFile(path)) } catch CanvasError.png(let op, let message) {
            throw CanvasError.png(operation: "\(op) \(path)", message: message)
        }
    }

    private static func error(_ image: png_image, _ operation: String) -> CanvasError {
        var message = image.message
        let text = withUnsafeBytes(of: &message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return .png(operation: operation, message: text.isEmpty ? "not a PNG" : text)
    }
}
