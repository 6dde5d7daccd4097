// Picture files made by the tests themselves (nothing large is committed): a four-colour test
// photo as JPEG (upright, and stored turned with an EXIF orientation of 6), PNG (with
// transparency) and WebP, and one file for every way a picture can be bad. Plus a database
// whose items name them, for replays.
import Canvas
import CWebP
import Foundation
import XCTest
@testable import KioskApp
@testable import KioskStore

/// A directory of generated pictures and a database listing them.
struct PictureFixtures {
    let directory: String
    var database: String { directory + "/items.sqlite3" }
    var pictures: String { directory + "/pics" }

    /// The test photo's quadrants, clockwise from the top left.
    static let red: UInt32 = 0xE53935, green: UInt32 = 0x43A047, yellow: UInt32 = 0xFDD835, blue: UInt32 = 0x1E88E5

    init() throws {
        directory = NSTemporaryDirectory() + "swipekiosk-pictures-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/pics", withIntermediateDirectories: true)
    }

    /// A `width`x`height` picture in four coloured quadrants (upright).
    static func quadrants(width: Int = 300, height: Int = 200, alpha: UInt8 = 255) throws -> Surface {
        let s = try Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let hex = y < height / 2 ? (x < width / 2 ? red : green) : (x < width / 2 ? blue : yellow)
                s.set(x, y, Color(red: UInt8(hex >> 16), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF), alpha: alpha))
            }
        }
        return s
    }

    /// `upright` stored turned a quarter anticlockwise, as a camera held upright writes it
    /// when its EXIF orientation is 6 ("turn 90° clockwise to show").
    static func storedForOrientation6(_ upright: Surface) throws -> Surface {
        let stored = try Surface(width: upright.height, height: upright.width)
        for y in 0..<upright.height {
            for x in 0..<upright.width {
                stored.setWord(y, upright.width - 1 - x, upright.pixel(x: x, y: y))
            }
        }
        return stored
    }

    /// `jpeg` with an APP1 EXIF segment naming `orientation`, right after the SOI marker.
    static func withEXIFOrientation(_ jpeg: [UInt8], _ orientation: UInt8) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }

    static func webp(_ surface: Surface) -> [UInt8] {
        var straight = [UInt8](repeating: 0, count: surface.width * surface.height * 4)
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = surface.pixel(x: x, y: y), a = p >> 24, i = (y * surface.width + x) * 4
                func c(_ v: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (v * 255 + a / 2) / a)) }
                straight[i] = c(p & 0xFF); straight[i + 1] = c(p >> 8 & 0xFF); straight[i + 2] = c(p >> 16 & 0xFF)
                straight[i + 3] = UInt8(a)
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        let size = WebPEncodeLosslessBGRA(straight, Int32(surface.width), Int32(surface.height), Int32(surface.width * 4), &output)
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    func write(_ bytes: [UInt8], _ name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: pictures + "/" + name))
    }

    /// photo.jpg, rotated.jpg (EXIF 6), logo.png (half transparent) and picture.webp.
    func writeGoodPictures() throws {
        let photo = try Self.quadrants()
        try write(try JPEG.encode(photo, quality: 92), "photo.jpg")
        try write(Self.withEXIFOrientation(try JPEG.encode(try Self.storedForOrientation6(photo), quality: 92), 6), "rotated.jpg")
        try write(try PNG.encode(try Self.quadrants(alpha: 128)), "logo.png")
        try write(Self.webp(photo), "picture.webp")
    }

    /// The bad pictures by name, and how each is made bad.
    static let badNames = ["missing.jpg", "unreadable.jpg", "truncated.jpg", "directory.jpg", "text.png", "jpeg-named.png",
                           "huge.png", "loop.jpg", "fifo.webp"]

    func writeBadPictures() throws {
        let fm = FileManager.default
        let jpeg = try JPEG.encode(try Self.quadrants(), quality: 92)
        try write(Array(jpeg.prefix(jpeg.count / 2)), "truncated.jpg")
        try fm.createDirectory(atPath: pictures + "/directory.jpg", withIntermediateDirectories: true)
        try write(Array("not a picture at all\n".utf8), "text.png")
        try write(jpeg, "jpeg-named.png")
        // A PNG whose header says 30000x30000: refused before a pixel is decoded.
        var huge = try PNG.encode(try Surface(width: 1, height: 1))
        for (offset, value) in [(16, 30000), (20, 30000)] {
            for i in 0..<4 { huge[offset + i] = UInt8(value >> (8 * (3 - i)) & 0xFF) }
        }
        try write(huge, "huge.png")
        try fm.createSymbolicLink(atPath: pictures + "/loop.jpg", withDestinationPath: pictures + "/loop2.jpg")
        try fm.createSymbolicLink(atPath: pictures + "/loop2.jpg", withDestinationPath: pictures + "/loop.jpg")
        XCTAssertEqual(mkfifo(pictures + "/fifo.webp", 0o644), 0)
        // Root reads any file mode; a write-only sysfs attribute cannot be opened for reading even by root.
        if getuid() == 0 {
            try fm.createSymbolicLink(atPath: pictures + "/unreadable.jpg", withDestinationPath: "/sys/bus/pci/rescan")
        } else {
            try write(jpeg, "unreadable.jpg")
            chmod(pictures + "/unreadable.jpg", 0)
        }
    }

    /// A database whose inbox lists `images` in order (item ids `p0`, `p1`…; titles from the names).
    func makeDatabase(_ images: [String], body: String = "") throws {
        let store = try ItemStore(path: database)
        try store.insert(images.enumerated().map { i, image in
            ItemRecord(id: ItemID("p\(i)"), listID: "inbox", title: image.isEmpty ? "No picture" : image, subtitle: "Subtitle \(i)",
                       body: body, unread: false, sortKey: Int64(i), updatedAt: 0, image: image.isEmpty ? nil : image)
        })
    }

    /// The configuration text: no demo data, pictures under pics/, plus `extra` lines in [theme].
    func config(imageDirectory: Bool = true, theme: String = "") -> String {
        "[data]\ndemo_data = false\n" + (imageDirectory ? "image_dir = \"\(pictures)\"\n" : "") + "\n[theme]\n" + theme + "\n"
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

extension Surface {
    func set(_ x: Int, _ y: Int, _ color: Color) { setWord(x, y, color.premultiplied) }

    func setWord(_ x: Int, _ y: Int, _ word: UInt32) {
        (baseAddress + y * stride + x * 4).storeBytes(of: word, as: UInt32.self)
    }
}
