// The reference list frame of BENCHMARKS.md ("the reference scene"), which cairo, pixman and
// LVGL were measured drawing. It lives in Canvas (not in the bench) because two clients need
// exactly the same drawing list: `swipe-kiosk bench --scene reference` times it and the golden
// test in CanvasTests checks its pixels. Text layouts are built once, as a UI would cache them.
import SwipeCore

/// The benchmark scene: a nav bar and (H-64)/64 list rows, row 2 swiped open by 240 px.
public final class ReferenceScene {
    public let width: Int
    public let height: Int
    public var rowCount: Int { (height - 64) / 64 }

    public static let names = [
        "Alice Johnson", "Bob Martinez", "Carla Nguyen", "David Okafor", "Emma Schneider", "Farid Haddad",
        "Grace Kim", "Henrik Larsen", "Isabel Costa", "Jamal Wright", "Keiko Tanaka", "Liam O'Brien",
        "Maria Rossi", "Noah Fischer", "Olivia Brown", "Pavel Novak",
    ]
    public static let subtitle = "Hi team, just a quick reminder that the quarterly planning review has been moved "
        + "to Thursday afternoon. Please bring your updated estimates, the risk register and any open questions "
        + "about the kiosk rollout so we can close them before the end of the month. Thanks and have a great week!"

    private static let background = Color(hex: 0xF2F2F7), navBar = Color(hex: 0x2C3E50)
    private static let separator = Color(hex: 0xC6C6C8), subtitleColor = Color(hex: 0x8E8E93)
    private static let badge = Color(hex: 0x007AFF)
    private static let avatars: [Color] = [0x5856D6, 0x34C759, 0xFF2D55, 0xAF52DE, 0x5AC8FA, 0xFF9500].map { Color(hex: $0) }
    private static let buttons: [(String, Color)] = [
        ("More", Color(hex: 0x8E8E93)), ("Flag", Color(hex: 0xFF9500)), ("Delete", Color(hex: 0xFF3B30)),
    ]

    private let navTitle: TextLine
    private let titles: [TextLine]
    private let letters: [TextLine]
    private let subtitleLine: TextLine
    private let badges: [TextLine]
    private let buttonLabels: [TextLine]

    /// Builds the scene for a `width` x `height` frame with fonts loaded from `fontDirectory`
    /// (DejaVuSans.ttf and DejaVuSans-Bold.ttf), laid out by advances only (no kerning).
    /// - Throws: `CanvasError` when the fonts cannot be loaded.
    public init(width: Int, height: Int, library: FontLibrary,
                fontDirectory: String = FontLibrary.bundledFontsDirectory) throws {
        self.width = width; self.height = height
        let regular = try library.loadFace(path: fontDirectory + "/DejaVuSans.ttf")
        let bold = try library.loadFace(path: fontDirectory + "/DejaVuSans-Bold.ttf")
        func line(_ text: String, _ face: FontFace, _ size: Double, maxWidth: Double? = nil) throws -> TextLine {
            let font = try library.font(face, size: size, kerning: false)
            return TextLayout(text, style: TextStyle(font: font, direction: .leftToRight, maxWidth: maxWidth)).lines[0]
        }
        navTitle = try line("Inbox", bold, 22)
        titles = try Self.names.map { try line($0, bold, 17) }
        letters = try Self.names.map { try line(String($0.prefix(1)), bold, 17) }
        subtitleLine = try line(Self.subtitle, regular, 14, maxWidth: Double(width - 140))
        badges = try (1...99).map { try line(String($0), bold, 13) }
        buttonLabels = try Self.buttons.map { try line($0.0, regular, 15) }
    }

    /// Records the frame into `list` (after clearing it), in the draw order of the spec.
    public func record(into list: DisplayList) {
        list.removeAll()
        let w = Double(width)
        list.append(.fill(Rect(x: 0, y: 0, width: w, height: Double(height)), Self.background))
        list.append(.fill(Rect(x: 0, y: 0, width: w, height: 64), Self.navBar))
        list.append(.text(navTitle, x: centred(navTitle, on: w / 2), baseline: 40, .white))
        for i in 0..<rowCount {
            let y = Double(64 + 64 * i), dx = i == 2 ? -240.0 : 0
            list.append(.fill(Rect(x: dx, y: y, width: w, height: 64), .white))
            list.append(.fill(Rect(x: 72 + dx, y: y + 63, width: w - 72, height: 1), Self.separator))
            list.append(.ellipse(Rect(x: 16 + dx, y: y + 12, width: 40, height: 40), Self.avatars[i % 6]))
            let letter = letters[i % 16]
            list.append(.text(letter, x: centred(letter, on: 36 + dx), baseline: y + 38, .white))
            list.append(.text(titles[i % 16], x: 72 + dx, baseline: y + 27, .black))
            list.append(.text(subtitleLine, x: 72 + dx, baseline: y + 49, Self.subtitleColor))
            list.append(.roundedRect(Rect(x: w - 56 + dx, y: y + 20, width: 40, height: 24), CornerRadii(12), Self.badge))
            let number = badges[(i * 37) % 99]
            list.append(.text(number, x: centred(number, on: w - 36 + dx), baseline: y + 37, .white))
            if i == 2 {
                for (k, label) in buttonLabels.enumerated() {
                    let x = w - 240 + 80 * Double(k)
                    list.append(.fill(Rect(x: x, y: y, width: 80, height: 64), Self.buttons[k].1))
                    list.append(.text(label, x: centred(label, on: x + 40), baseline: y + 38, .white))
                }
            }
        }
    }

    private func centred(_ line: TextLine, on x: Double) -> Double { x - line.width / 2 }
}
