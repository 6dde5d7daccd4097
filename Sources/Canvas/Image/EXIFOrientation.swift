// The EXIF orientation of a JPEG: cameras store the sensor's pixels as they were read and say
// in tag 0x0112 how to turn them upright. Found by walking the JPEG's segments to the APP1
// "Exif" one and its TIFF header (either byte order); every offset is bounds-checked, so a
// damaged header means "as stored", never a trap.

/// How stored pixels are turned upright (EXIF tag 0x0112, values 1 to 8).
public struct EXIFOrientation: Hashable, Sendable {
    public let value: Int

    public init(value: Int) { self.value = (1...8).contains(value) ? value : 1 }

    /// Orientations 5 to 8 turn by a quarter: the upright picture's width is the stored height.
    public var swapsAxes: Bool { value >= 5 }

    /// The orientation a JPEG file's EXIF data names (1, as stored, when it names none).
    public init(jpeg bytes: [UInt8]) {
        self.init(value: Self.find(in: bytes) ?? 1)
    }

    /// For the upright pixel (x, y) of a `width`x`height` stored picture: the stored pixel.
    func source(x: Int, y: Int, width w: Int, height h: Int) -> (x: Int, y: Int) {
        switch value {
        case 2: return (w - 1 - x, y)
        case 3: return (w - 1 - x, h - 1 - y)
        case 4: return (x, h - 1 - y)
        case 5: return (y, x)
        case 6: return (y, h - 1 - x)
        case 7: return (w - 1 - y, h - 1 - x)
        case 8: return (w - 1 - y, x)
        default: return (x, y)
        }
    }

    private static func find(in b: [UInt8]) -> Int? {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            // Start of scan or end of image: no EXIF ahead of the pixels.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else { return nil }
            if marker == 0xE1, length >= 8, Array(b[i + 4 ..< i + 10]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return tiffOrientation(Array(b[i + 10 ..< i + 2 + length]))
            }
            i += 2 + length
        }
        return nil
    }

    /// Tag 0x0112 of IFD0 in a TIFF header.
    private static func tiffOrientation(_ t: [UInt8]) -> Int? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let o = ifd + 2 + entry * 12
            guard let tag = u16(o) else { return nil }
            if tag == 0x0112 { return u16(o + 8) }
        }
        return nil
    }
}
