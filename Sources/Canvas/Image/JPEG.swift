// JPEG through libjpeg-turbo's TurboJPEG API. Decoding uses the DCT scaling of the decoder: a
// 4000x3000 photo shown as a 40-pixel thumbnail is decoded at 1/8 (500x375), which costs an
// eighth of the memory and a fraction of the time of a full decode, and is itself a filtered
// reduction. The EXIF orientation is applied after decoding. Encoding makes test and bench photos.
import CTurboJPEG

/// JPEG decoding and encoding (libjpeg-turbo).
public enum JPEG {
    /// Decodes `bytes` at the smallest DCT scale whose result still covers `fit` (the whole
    /// picture for nil), turned and mirrored as its EXIF orientation says.
    /// - Throws: `CanvasError.picture` (with an empty path) for anything not a decodable JPEG.
    public static func decode(_ bytes: [UInt8], fit: PictureFit? = nil) throws(CanvasError) -> Surface {
        guard let handle = tjInitDecompress() else { throw .picture(path: "", reason: "cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0 else {
            throw failure(handle, "bad JPEG header")
        }
        try Picture.checkSize(width: Int(width), height: Int(height))
        let orientation = EXIFOrientation(jpeg: bytes)
        let (w, h) = (Int(width), Int(height))
        let scale = fit.map { Self.scale(width: w, height: h, fit: $0, swapped: orientation.swapsAxes) } ?? (num: 1, denom: 1)
        let sw = (w * scale.num + scale.denom - 1) / scale.denom, sh = (h * scale.num + scale.denom - 1) / scale.denom
        let surface: Surface
        do { surface = try Surface(width: sw, height: sh, format: .argb8888Premultiplied) } catch {
            throw .picture(path: "", reason: "\(sw)x\(sh) pixels cannot be allocated")
        }
        let flags = Int32(TJFLAG_STOPONWARNING)
        guard tjDecompress2(handle, bytes, UInt(bytes.count), surface.baseAddress.assumingMemoryBound(to: UInt8.self),
                            Int32(sw), Int32(surface.stride), Int32(sh), Int32(TJPF_BGRA.rawValue), flags) == 0 else {
            throw failure(handle, "truncated or corrupt JPEG")
        }
        return try surface.oriented(orientation)
    }

    /// The smallest of the decoder's scaling factors that still gives at least the pixels
    /// `fit` needs (the whole picture, 1/1, when it needs more than there are).
    static func scale(width: Int, height: Int, fit: PictureFit, swapped: Bool) -> (num: Int, denom: Int) {
        let box = fit.box
        let (bw, bh) = swapped ? (Double(box.height), Double(box.width)) : (Double(box.width), Double(box.height))
        let sx = bw / Double(width), sy = bh / Double(height)
        let needed: Double
        switch fit {
        case .cover: needed = max(sx, sy)
        case .contain: needed = min(sx, sy)
        }
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (1, 1) }
        var best = (num: 1, denom: 1)
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) {
            let num = Int(factor.num), denom = Int(factor.denom)
            let value = Double(num) / Double(denom)
            if value >= needed, value < Double(best.num) / Double(best.denom) { best = (num, denom) }
        }
        return best
    }

    /// Encodes `surface` (treated as opaque) as a 4:2:0 JPEG of `quality` (1...100).
    /// - Throws: `CanvasError.picture` when the encoder refuses.
    public static func encode(_ surface: Surface, quality: Int = 85) throws(CanvasError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw .picture(path: "", reason: "cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard tjCompress2(handle, surface.baseAddress.assumingMemoryBound(to: UInt8.self), Int32(surface.width),
                          Int32(surface.stride), Int32(surface.height), Int32(TJPF_BGRA.rawValue), &output, &size,
                          Int32(TJSAMP_420.rawValue), Int32(quality), 0) == 0, let output else {
            throw failure(handle, "JPEG encoding failed")
        }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    private static func failure(_ handle: tjhandle, _ reason: String) -> CanvasError {
        guard let message = tjGetErrorStr2(handle) else { return .picture(path: "", reason: reason) }
        return .picture(path: "", reason: "\(reason) (\(String(cString: message)))")
    }
}
