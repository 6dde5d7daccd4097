// Item pictures (photos, product pictures, logos) from JPEG, PNG or WebP files, decoded and
// scaled once to the size they are shown at. Everything a kiosk's content can get wrong (a
// missing file, a directory, a FIFO, a symlink loop, a file that is not the format its
// extension names, a truncated or gigantic one) becomes one `CanvasError.picture` naming the
// file, never a trap, a hang or an unbounded allocation. Pure functions: workers call them.
import Glibc
import KioskFiles

/// How a picture is fitted into a box of pixels.
public enum PictureFit: Hashable, Sendable {
    /// Scaled to cover the box and cropped around its centre (thumbnails).
    case cover(width: Int, height: Int)
    /// Scaled to fit inside the box, keeping its aspect (the detail page's picture).
    case contain(width: Int, height: Int)

    /// The box.
    public var box: (width: Int, height: Int) {
        switch self {
        case let .cover(w, h), let .contain(w, h): return (w, h)
        }
    }
}

/// The picture formats the app reads.
public enum PictureFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp

    /// The format a file name's extension promises (case-insensitive); nil for any other.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        default: return nil
        }
    }

    /// The format the first bytes of a file show; nil when they show none of the three.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}

/// Loading pictures from files.
public enum Picture {
    /// Pictures with more pixels than this (40 megapixels, e.g. 8000x5000) are refused before
    /// any pixel is decoded, as are sides above `Surface.maximumSide`.
    public static let maximumPixels = 40_000_000
    /// Files larger than this are refused unread (64 MiB).
    public static let maximumFileBytes = 64 << 20

    /// Reads the picture at `path` and scales it (filtered) to `fit`, honouring a JPEG's EXIF
    /// orientation. JPEGs are decoded at the smallest DCT scale that still covers the box.
    /// - Throws: `CanvasError.picture` with the path and the reason.
    public static func load(path: String, fit: PictureFit) throws(CanvasError) -> Surface {
        guard let promised = PictureFormat(fileName: path) else {
            throw .picture(path: path, reason: "not a .jpg, .jpeg, .png or .webp file name")
        }
        let bytes = try readFile(path)
        guard let format = PictureFormat(sniffing: bytes) else {
            throw .picture(path: path, reason: "not a picture (no JPEG, PNG or WebP signature)")
        }
        guard format == promised else {
            throw .picture(path: path, reason: "the file holds a \(format.rawValue.uppercased()), not the \(promised.rawValue.uppercased()) its extension names")
        }
        do {
            let decoded: Surface
            switch format {
            case .jpeg: decoded = try JPEG.decode(bytes, fit: fit)
            case .png:
                // The size is in the IHDR chunk, the first after the signature: checked before decoding.
                if bytes.count >= 24 {
                    func word(_ i: Int) -> Int { bytes[i ..< i + 4].reduce(0) { $0 << 8 | Int($1) } }
                    try checkSize(width: word(16), height: word(20))
                }
                decoded = try PNG.decode(bytes)
            case .webp: decoded = try WebP.decode(bytes)
            }
            return try scaled(decoded, to: fit)
        } catch let error as CanvasError {
            switch error {
            case .picture(_, let reason): throw .picture(path: path, reason: reason)
            case let .png(_, message): throw .picture(path: path, reason: "bad PNG: \(message)")
            case let .invalidSurfaceSize(w, h): throw .picture(path: path, reason: "\(w)x\(h) pixels is above the limit")
            default: throw .picture(path: path, reason: error.description)
            }
        } catch {
            throw .picture(path: path, reason: "\(error)")
        }
    }

    /// Refuses sizes above the limits before decoding (the decoders call this with the header's size).
    static func checkSize(width: Int, height: Int) throws(CanvasError) {
        guard width > 0, height > 0 else { throw .picture(path: "", reason: "empty picture (\(width)x\(height))") }
        guard width <= Surface.maximumSide, height <= Surface.maximumSide, width * height <= maximumPixels else {
            throw .picture(path: "", reason: "\(width)x\(height) pixels is above the limit of \(maximumPixels / 1_000_000) megapixels")
        }
    }

    /// `surface` scaled to `fit` (cropped around the centre for `.cover`).
    static func scaled(_ surface: Surface, to fit: PictureFit) throws -> Surface {
        let w = Double(surface.width), h = Double(surface.height)
        switch fit {
        case let .cover(bw, bh):
            let s = max(Double(bw) / w, Double(bh) / h)
            let cw = Double(bw) / s, ch = Double(bh) / s
            return try surface.resampled(crop: ((w - cw) / 2, (h - ch) / 2, cw, ch), width: bw, height: bh)
        case let .contain(bw, bh):
            let s = min(Double(bw) / w, Double(bh) / h)
            let ow = max(1, Int((w * s).rounded())), oh = max(1, Int((h * s).rounded()))
            return try surface.resampled(crop: (0, 0, w, h), width: ow, height: oh)
        }
    }

    /// The whole file, if it is a regular file of a bounded size (InputFile: opened non-blocking,
    /// so a FIFO or a device named like a picture cannot stall the worker).
    static func readFile(_ path: String) throws(CanvasError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.bytes(path, limit: maximumFileBytes)
        } catch {
            throw .picture(path: path, reason: "\(error.reason)")
        }
        guard !bytes.isEmpty else { throw .picture(path: path, reason: "empty file") }
        return bytes
    }
}
