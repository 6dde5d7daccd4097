// Colours as the UI layer writes them (straight-alpha 8-bit RGBA, `#RRGGBB` hex) and as the
// pixel loops want them (one premultiplied 0xAARRGGBB word), and how readable one is on another
// (WCAG contrast, which the high-contrast theme is checked against).
import Glibc
import SwipeCore

/// An 8-bit sRGB colour with straight (non-premultiplied) alpha.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `0xRRGGBB`, opaque: `Color(hex: 0xF2F2F7)`.
    public init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// `0xRRGGBBAA`: `Color(rgba: 0x00000080)` is half-transparent black.
    public init(rgba: UInt32) {
        self.init(red: UInt8(rgba >> 24), green: UInt8((rgba >> 16) & 0xFF),
                  blue: UInt8((rgba >> 8) & 0xFF), alpha: UInt8(rgba & 0xFF))
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
    public init?(hexString: String) {
        var digits = Substring(hexString)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 { self.init(hex: value) } else { self.init(rgba: value) }
    }

    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The same colour with its alpha multiplied by `factor` (clamped to 0...1; NaN gives 0).
    public func withAlpha(_ factor: Double) -> Color {
        var c = self
        c.alpha = UInt8(Self.unit(factor) * Double(alpha) + 0.5)
        return c
    }

    /// The premultiplied pixel word 0xAARRGGBB (little-endian bytes B, G, R, A).
    public var premultiplied: UInt32 { premultiplied(alpha: 1) }

    /// The premultiplied pixel word after multiplying alpha by `factor` (global alpha).
    func premultiplied(alpha factor: Double) -> UInt32 {
        let a = UInt32(Self.unit(factor) * Double(alpha) + 0.5)
        func scale(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        return a << 24 | scale(red) << 16 | scale(green) << 8 | scale(blue)
    }

    static func unit(_ x: Double) -> Double { x.isNaN ? 0 : Swift.min(1, Swift.max(0, x)) }

    /// WCAG 2 relative luminance (sRGB channels linearised, weighted 0.2126/0.7152/0.0722), 0...1.
    /// Alpha is ignored: composite a translucent colour first (`over(_:)`).
    public var relativeLuminance: Double { SwipeColor.relativeLuminance(red: red, green: green, blue: blue) }

    /// WCAG 2 contrast ratio with `other`, 1...21: (lighter + 0.05) / (darker + 0.05).
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }

    /// This colour drawn over the opaque `background` (source-over, rounded): what the eye sees.
    public func over(_ background: Color) -> Color {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 { UInt8(Double(top) * a + Double(bottom) * (1 - a) + 0.5) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}
