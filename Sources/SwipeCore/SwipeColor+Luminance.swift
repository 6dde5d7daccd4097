// WCAG 2 relative luminance, in the bottom layer: the renderer's contrast ratios (Canvas's Color,
// the high-contrast checks) and the configuration's high-contrast button colours compute it
// the same way, once.
import RealModule

extension SwipeColor {
    /// WCAG 2 relative luminance of sRGB channels (linearised, weighted 0.2126/0.7152/0.0722), 0...1.
    public static func relativeLuminance(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : Double.pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// This colour's relative luminance; alpha is ignored.
    public var relativeLuminance: Double {
        Self.relativeLuminance(red: UInt8(truncatingIfNeeded: rgba >> 24), green: UInt8(truncatingIfNeeded: rgba >> 16),
                               blue: UInt8(truncatingIfNeeded: rgba >> 8))
    }
}
