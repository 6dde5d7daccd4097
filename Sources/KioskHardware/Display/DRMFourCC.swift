// DRM pixel-format codes. drm_fourcc.h spells them with the function-like macro
// `fourcc_code(a, b, c, d)`, which the Swift importer cannot evaluate, so the codes used here
// are computed in Swift from the same four characters (little-endian, as the macro does).

/// A DRM pixel format code (`DRM_FORMAT_*`).
public struct DRMFourCC: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Packs four ASCII characters like `fourcc_code(a, b, c, d)`.
    public init(_ code: StaticString) {
        precondition(code.utf8CodeUnitCount == 4, "a fourcc has exactly four characters")
        let bytes = UnsafeBufferPointer(start: code.utf8Start, count: 4)
        rawValue = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    /// 32-bit xRGB, little-endian (the only format the dumb-buffer path uses).
    /// The corresponding C constant is `DRM_FORMAT_XRGB8888`.
    public static let xrgb8888 = DRMFourCC("XR24")
    /// 32-bit ARGB. The corresponding C constant is `DRM_FORMAT_ARGB8888`.
    public static let argb8888 = DRMFourCC("AR24")

    /// The four characters, e.g. `XR24`.
    public var description: String {
        String(decoding: (0..<4).map { UInt8((rawValue >> ($0 * 8)) & 0xff) }, as: UTF8.self)
    }
}
