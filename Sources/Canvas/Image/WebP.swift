// WebP (lossy and lossless, with alpha) through libwebp's simple API, decoded straight into a
// surface's memory and premultiplied in place. Encoding is not needed by the app (tests make
// their WebP files with libwebp directly).
import CWebP

/// WebP decoding (libwebp).
public enum WebP {
    /// Decodes `bytes` into a premultiplied surface.
    /// - Throws: `CanvasError.picture` (with an empty path) for anything not a decodable WebP.
    public static func decode(_ bytes: [UInt8]) throws(CanvasError) -> Surface {
        var width: Int32 = 0, height: Int32 = 0
        guard WebPGetInfo(bytes, bytes.count, &width, &height) != 0 else { throw .picture(path: "", reason: "bad WebP header") }
        try Picture.checkSize(width: Int(width), height: Int(height))
        let surface: Surface
        do { surface = try Surface(width: Int(width), height: Int(height), format: .argb8888Premultiplied) } catch {
            throw .picture(path: "", reason: "\(width)x\(height) pixels cannot be allocated")
        }
        let target = surface.baseAddress.assumingMemoryBound(to: UInt8.self)
        guard WebPDecodeBGRAInto(bytes, bytes.count, target, surface.stride * surface.height, Int32(surface.stride)) != nil else {
            throw .picture(path: "", reason: "truncated or corrupt WebP")
        }
        surface.premultiplyInPlace()
        return surface
    }
}
