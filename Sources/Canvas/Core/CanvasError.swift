// Every way bad input can fail in Canvas, as one typed error: the operation, the file path or
// the offending values travel with it, so a kiosk log says what went wrong instead of trapping.
import Glibc
import KioskFiles
import SwipeCore

/// An error thrown by Canvas for bad input: missing or corrupt files, impossible sizes,
/// libraries that refused an operation. Programmer errors still trap; data never does.
public enum CanvasError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A surface of this size cannot exist (zero, negative, or larger than `Surface.maximumSide`).
    case invalidSurfaceSize(width: Int, height: Int)
    /// The stride is smaller than a row or not a multiple of 4.
    case invalidStride(stride: Int, width: Int)
    /// The pixel memory could not be allocated.
    case outOfMemory(bytes: Int)
    /// A sub-surface rectangle does not lie inside its parent.
    case rectOutsideSurface(PixelRect)
    /// A file could not be read; `errno` is the C error number.
    case fileUnreadable(path: String, errno: Int32)
    /// A file that is not a regular file (a directory, FIFO, device) or is larger than its limit.
    case fileRejected(FileError)
    /// A file could not be written; `errno` is the C error number.
    case fileUnwritable(path: String, errno: Int32)
    /// FreeType refused a face (`source` is the path, or "memory").
    case fontUnloadable(source: String, freeTypeError: Int32)
    /// A font size outside 1...1024 pixels.
    case invalidFontSize(Double)
    /// An icon name that the icon table does not know.
    case unknownIcon(String)
    /// libpng could not decode or encode an image; `message` is libpng's.
    case png(operation: String, message: String)
    /// A picture file that cannot be shown: missing, unreadable, not a JPEG, PNG or WebP of its
    /// extension, truncated, or too large; `reason` says which.
    case picture(path: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidSurfaceSize(w, h): return "surface: invalid size \(w)x\(h)"
        case let .invalidStride(s, w): return "surface: stride \(s) bytes is invalid for width \(w)"
        case let .outOfMemory(bytes): return "cannot allocate \(bytes) bytes of memory"
        case let .rectOutsideSurface(r): return "surface: sub-rect \(r) lies outside its parent"
        case let .fileUnreadable(path, e): return "\(path): cannot read: \(String(cString: strerror(e))) (errno \(e))"
        case let .fileRejected(error): return "\(error)"
        case let .fileUnwritable(path, e): return "\(path): cannot write (errno \(e))"
        case let .fontUnloadable(source, e): return "\(source): not a usable font (FreeType error \(e))"
        case let .invalidFontSize(size): return "font: invalid pixel size \(size)"
        case let .unknownIcon(name): return "icon: unknown name '\(name)'"
        case let .png(op, message): return "png \(op): \(message)"
        case let .picture(path, reason): return "\(path): \(reason)"
        }
    }
}
