// Test support shared by the test targets that render: golden-image checking. A rendered
// surface is compared with `<directory>/<name>.png` within a tolerance; on mismatch
// `<name>.actual.png` is written beside the reference; SWIPE_KIOSK_UPDATE_GOLDENS=1 rewrites
// the references instead. Failures come back as messages for the caller's XCTFail.
import Canvas
import Foundation

/// A directory of reference images.
public struct GoldenImage: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Per-pixel difference summary of two surfaces of equal size.
    public struct Difference {
        /// Mean absolute difference per channel (0...255).
        public var meanAbsolute: Double
        /// Largest channel difference.
        public var maximum: Int
        /// Pixels with any channel differing by more than `threshold`.
        public var pixelsOver: Int
    }

    public static func difference(_ a: Surface, _ b: Surface, threshold: Int = 0) -> Difference {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0, maximum = 0, over = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                var worst = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                    sum += d; worst = max(worst, d)
                }
                maximum = max(maximum, worst)
                if worst > threshold { over += 1 }
            }
        }
        return Difference(meanAbsolute: Double(sum) / Double(a.width * a.height * 4), maximum: maximum, pixelsOver: over)
    }

    /// Compares `surface` with the reference `name`: at most `maxPixels` pixels may differ by
    /// more than `tolerance` in any channel. Returns nil when it matches, otherwise why not (a
    /// missing reference fails too: run with SWIPE_KIOSK_UPDATE_GOLDENS=1 to create it).
    public func mismatch(_ surface: Surface, _ name: String, tolerance: Int = 2, maxPixels: Int = 0) throws -> String? {
        let path = directory + "/\(name).png"
        let actualPath = directory + "/\(name).actual.png"
        if ProcessInfo.processInfo.environment["SWIPE_KIOSK_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try PNG.write(surface, to: path)
            try? FileManager.default.removeItem(atPath: actualPath)
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) else {
            try PNG.write(surface, to: actualPath)
            return "missing reference \(path); wrote \(actualPath)"
        }
        let reference = try PNG.read(path: path)
        guard reference.width == surface.width, reference.height == surface.height else {
            try PNG.write(surface, to: actualPath)
            return "\(name): size \(surface.width)x\(surface.height) != reference"
        }
        let diff = Self.difference(surface, reference, threshold: tolerance)
        guard diff.pixelsOver <= maxPixels else {
            try PNG.write(surface, to: actualPath)
            return "\(name): \(diff.pixelsOver) pixels differ by more than \(tolerance) (max \(diff.maximum)); wrote \(actualPath)"
        }
        try? FileManager.default.removeItem(atPath: actualPath)
        return nil
    }
}
